import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on a local port, for the push worker to talk to over real HTTP: it hands out
 * browser-like subscriptions (a P-256 key pair and an auth secret each), records every push it
 * receives, answers with the status a test programs, and decrypts each payload (RFC 8291,
 * aes128gcm of RFC 8188) with the subscription's private key as a browser would.
 */

/** `PushSubscription.toJSON()` as a browser sends it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's path on the receiver ('/push/3'). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The decrypted payload parsed as JSON, or the reason it could not be read. */
  payload: unknown;
  decryptError?: string;
  /** The VAPID JWT's claims when the Authorization header carried a valid signature. */
  vapid?: { aud: string; sub: string; exp: number; publicKey: string };
  /** The status the receiver answered with. */
  status: number;
  /** When it arrived (Date.now()). */
  at: number;
}

/** How to answer a push: its status, headers, and how long to keep the pusher waiting. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type Responder = (push: ReceivedPush) => Answer;

interface Keys {
  ecdh: ECDH;
  auth: Buffer;
}

const info = (label: string) => Buffer.concat([Buffer.from(label, 'latin1'), Buffer.from([0])]);

/**
 * Decrypts an aes128gcm Web Push body (RFC 8291 section 3.4, RFC 8188 section 2): the header
 * names the salt, the record size and the sender's ephemeral public key; the content key and
 * nonce come from HKDF over the ECDH secret and the subscription's auth secret.
 */
export function decryptAes128Gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  if (senderPublic.length !== 65) throw new Error('key id is not a P-256 public key');
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([info('WebPush: info'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));

  const content = body.subarray(21 + idLength);
  const records: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < content.length; offset += recordSize, seq += 1) {
    const record = content.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number is XORed into the nonce's low bytes (far below 2^32 here).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    const last = offset + recordSize >= content.length;
    // Padding: a delimiter (2 in the last record, 1 before) then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    records.push(plain.subarray(0, end));
  }
  return Buffer.concat(records);
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 JWT signed by the
 * key it names. Returns its claims and the key, or undefined.
 */
export function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return undefined;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return undefined;
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { ...parsed, publicKey: key };
}

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  private readonly keys = new Map<string, Keys>();
  private responder: Responder = () => ({ status: 201 });
  private waiters: (() => void)[] = [];
  private next = 0;

  private readonly server: Server;
  private address = '';

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { status, headers, delayMs } = this.record(
          req.url ?? '',
          req.headers,
          Buffer.concat(chunks),
        );
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(status, headers ?? {});
          res.end();
        }, delayMs ?? 0);
      });
    });
  }

  /** A receiver listening on a free port of the loopback interface. */
  static async start(): Promise<PushReceiver> {
    const receiver = new PushReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    receiver.address = `http://127.0.0.1:${port}`;
    return receiver;
  }

  /** The receiver's origin, the audience of the VAPID tokens sent to it. */
  get origin(): string {
    return this.address;
  }

  /** A new browser subscription on this receiver, as `PushSubscription.toJSON()` gives it. */
  subscription(): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.next += 1;
    const path = `/push/${this.next}`;
    this.keys.set(path, { ecdh, auth });
    return {
      endpoint: `${this.origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** How the receiver answers from now on (201 until told otherwise). */
  respond(responder: Responder | number): void {
    this.responder = typeof responder === 'number' ? () => ({ status: responder }) : responder;
  }

  /** The pushes received for one subscription. */
  to(subscription: BrowserSubscription): ReceivedPush[] {
    const path = new URL(subscription.endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  /** Resolves once `count` pushes in all have arrived, or fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`expected ${count} pushes, received ${this.received.length}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }

  private record(url: string, headers: IncomingHttpHeaders, body: Buffer): Answer {
    const path = url.split('?')[0]!;
    const push: ReceivedPush = {
      path,
      headers,
      body,
      payload: undefined,
      status: 0,
      at: Date.now(),
    };
    const keys = this.keys.get(path);
    try {
      if (!keys) throw new Error('unknown subscription');
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      push.payload = JSON.parse(decryptAes128Gcm(body, keys.ecdh, keys.auth).toString('utf8'));
    } catch (error) {
      push.decryptError = String(error);
    }
    push.vapid = verifyVapid(headers.authorization);
    const answer = this.responder(push);
    push.status = answer.status;
    this.received.push(push);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
    return answer;
  }
}
