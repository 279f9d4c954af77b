import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { rootPlugin } from './root-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 replies are kept, serialized and compressed, until the catalogue changes
     * (docs/decisions/034-reply-cache.md). Only for public routes whose reply depends on
     * nothing but the URL and the catalogue tables; 'catalogue-minute' when the reply also
     * depends on the clock (whether a restaurant is open now), kept for the minute it was built.
     */
    replyCache?: 'catalogue' | 'catalogue-minute';
  }
}

export interface ReplyCacheOptions {
  [key: string]: unknown;
  /** The catalogue's generation now: it changes with every write to what the replies read. */
  generation: () => Promise<string>;
  /** Memory for kept replies; 0 keeps none. */
  maxBytes: number;
  /** At most this many replies, whatever their size. */
  maxEntries?: number;
  /** The encodings the compression plugin offers, in its order of preference. */
  encodings: string[];
}

interface Entry {
  generation: string;
  body: Buffer;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  vary: string | undefined;
}

interface Pending {
  key: string;
  generation: string;
}

const pending = new WeakMap<FastifyRequest, Pending>();

const MINUTE_MS = 60_000;

/** Least recently used out, bounded by count and by bytes. */
export class ReplyStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    // A reply that alone takes more than a tenth of the budget would push out many others.
    if (entry.body.length + key.length > this.maxBytes / 10) return;
    const existing = this.entries.get(key);
    if (existing) {
      // A request that read an older generation finishing after one that read a newer one
      // must not put its older reply back.
      if (BigInt(existing.generation) > BigInt(entry.generation)) return;
      this.remove(key, existing);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length + key.length;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + key.length;
  }
}

/**
 * The path and the query parameters sorted by name (a parameter's repeated values keep their
 * order), so `?a=1&b=2` and `?b=2&a=1` share an entry; the query arrives as the client spelled
 * it, and any spelling that parses to the same parameters gets the same answer.
 */
export function normalisedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

/**
 * Keeps the public catalogue's replies as the bytes that went out (after serialization and
 * compression), per URL, per representation (the encoding the compression plugin chooses for
 * the request's Accept-Encoding) and, for replies that say whether a restaurant is open now,
 * per minute. An entry is served only while the catalogue's generation is the one read before
 * the reply was built. Register after the compression plugin: the kept bytes are taken in an
 * onSend hook that must run after its own.
 */
export const replyCachePlugin = rootPlugin<ReplyCacheOptions>(
  'reply-cache',
  async (app, { generation, maxBytes, maxEntries = 5_000, encodings }) => {
    if (maxBytes <= 0) return;
    const store = new ReplyStore(maxBytes, maxEntries);
    // The same negotiation as the compression plugin (which folds `*` and x-gzip into gzip),
    // remembered per header: a crowd's phones send a handful of distinct ones.
    const negotiator = new Negotiator({ supportedValues: encodings, cache: new Map() });

    function representation(request: FastifyRequest): string {
      if (request.headers['x-no-compression'] !== undefined) return 'identity';
      const header = request.headers['accept-encoding'];
      if (header === undefined) return 'none';
      return (
        negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip')) ?? 'unsupported'
      );
    }

    function keyOf(request: FastifyRequest, byMinute: boolean): string {
      // Vietnam is UTC+7 all year: its local minutes begin with UTC's, and opening hours are
      // given to the minute, so whether a restaurant is open cannot change within one.
      const minute = byMinute ? ` ${Math.floor(Date.now() / MINUTE_MS)}` : '';
      return `${representation(request)} ${normalisedUrl(request.url)}${minute}`;
    }

    async function serveKept(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET') return;
      const key = keyOf(request, request.routeOptions.config.replyCache === 'catalogue-minute');
      // Read before the handler runs: a write committing while it runs then leaves the kept
      // reply under a generation that has already passed, so it is never served.
      const now = await generation();
      const entry = store.get(key);
      if (entry?.generation === now) {
        if (entry.contentType) reply.header('content-type', entry.contentType);
        // With the encoding set the compression plugin leaves the bytes alone; without it the
        // bytes are the ones it left alone the first time (under its size threshold).
        if (entry.contentEncoding) reply.header('content-encoding', entry.contentEncoding);
        if (entry.vary) reply.header('vary', entry.vary);
        return reply.send(entry.body);
      }
      pending.set(request, { key, generation: now });
    }

    async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const kept = pending.get(request);
      if (!kept || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const header = (name: string) => {
        const value = reply.getHeader(name);
        return value === undefined ? undefined : String(value);
      };
      store.set(kept.key, {
        generation: kept.generation,
        body: Buffer.from(payload),
        contentType: header('content-type'),
        contentEncoding: header('content-encoding'),
        vary: header('vary'),
      });
      return payload;
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.replyCache) return;
      route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), serveKept];
      // Last of the route's onSend hooks, after the compression plugin's: what is kept is
      // what went out.
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), keep];
    });
  },
);
