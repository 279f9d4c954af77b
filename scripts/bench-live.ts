// One database lane of the 'live events' benchmark (design.md section 9, decision 018);
// scripts/bench.mjs runs it once on PGlite and once on PostgreSQL. Run alone:
//   BENCH_LANE=pglite tsx scripts/bench-live.ts      (a fresh PGlite in a temp dir)
//   BENCH_LANE=postgres BENCH_DATABASE_URL=postgres://... tsx scripts/bench-live.ts
// The server runs in a process of its own (scripts/bench-live-server.ts, with --expose-gc);
// this process holds 1,000 Server-Sent Events streams to it over real HTTP, 5 per user (the
// limit per user), and measures:
//   - delivery: changes committed by the server (wallet top-ups; wallet pays that turn an order
//     paid, told to the customer and to the restaurant's staff), from just after the commit
//     to the arrival at every stream of the event's audience;
//   - memory: the server's RSS and heap before and after the streams open, per stream;
//   - a reconnect storm: the server stops (ending every stream), events commit while it is
//     down, a new server starts on the same database and port, and all 1,000 streams reconnect
//     at once with their Last-Event-ID: statuses, time until all are open, the missed events
//     replayed.
// BENCH_RESULT_FILE, when set, receives the figures as JSON.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveKeys } from '#server/lib/keys';
import { signAccessToken } from '#server/modules/auth/tokens';
import type { Change, LiveCommand, LiveEvent, Memory, Setup } from './bench-live-server';

const CUSTOMERS = 190;
const STAFF = 10;
const STREAMS_PER_USER = 5;
/** Changes timed: half wallet pays of pending orders, half wallet top-ups. */
const CHANGES = 200;
const CHANGE_GAP_MS = 20;
/** Top-ups committed while the server is down, replayed on reconnect. */
const MISSED_CHANGES = 20;
const OPEN_BATCH = 100;
const DELIVERY_TARGET_P95_MS = 200;
const MEMORY_TARGET_BYTES = 64 * 1024;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timing {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface LiveLaneResult {
  lane: string;
  streams: number;
  openMs: number;
  delivery: Timing & { changes: number; missing: number; ok: boolean };
  /** Per change: until the last stream of its audience had every event of it. */
  deliveryAll: Timing;
  memory: { rssPerStream: number; heapPerStream: number; gc: boolean; ok: boolean };
  storm: {
    statuses: Record<string, number>;
    allOpenMs: number;
    replayed: number;
    expectedReplays: number;
    replayedMs: number;
    ok: boolean;
  };
  ok: boolean;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  if (!sorted.length) return { count: 0, p50: NaN, p95: NaN, max: NaN };
  const rank = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50: round(rank(0.5)),
    p95: round(rank(0.95)),
    max: round(sorted.at(-1)!),
  };
}

/** The server process and its one-command-at-a-time IPC. */
class ServerProcess {
  private readonly child: ChildProcess;
  private pending: { resolve(v: unknown): void; reject(e: Error): void } | null = null;
  readonly exited: Promise<number | null>;

  constructor() {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-live-server.ts');
    this.child = fork(script, [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: { ok: boolean; result?: unknown; error?: string }) => {
      const pending = this.pending;
      this.pending = null;
      if (message.ok) pending?.resolve(message.result);
      else pending?.reject(new Error(`server: ${message.error}`));
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    void this.exited.then((code) =>
      this.pending?.reject(new Error(`the server process exited (${code})`)),
    );
  }

  send<T>(command: LiveCommand): Promise<T> {
    if (this.pending) throw new Error('one command at a time');
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(command);
    });
  }

  /** Stops the app and the database, then lets the process end. */
  async stop(): Promise<void> {
    if (!this.child.connected) return;
    await this.send({ cmd: 'stop' });
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** One client's stream: what it has received and when. */
class Stream {
  /** Event id -> arrival time (performance.timeOrigin-based ms). */
  readonly arrivals = new Map<number, number>();
  lastEventId: number | null = null;
  private request: http.ClientRequest | null = null;
  ended: Promise<void> = Promise.resolve();

  constructor(
    readonly userId: number,
    readonly token: string,
  ) {}

  /**
   * GET /api/events/ (with the Last-Event-ID when asked); resolves with the status once the
   * headers are in, or with the network error's code.
   */
  open(agent: http.Agent, port: number, resume: boolean): Promise<string> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${this.token}`,
        accept: 'text/event-stream',
      };
      if (resume && this.lastEventId !== null) headers['last-event-id'] = String(this.lastEventId);
      let endStream = () => {};
      this.ended = new Promise((resolveEnd) => (endStream = resolveEnd));
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/events/', agent, headers },
        (response) => {
          resolve(String(response.statusCode));
          response.setEncoding('utf8');
          let buffer = '';
          response.on('data', (chunk: string) => {
            const at = now();
            buffer += chunk;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              if (id === undefined) continue;
              const eventId = Number(id);
              if (!this.arrivals.has(eventId)) this.arrivals.set(eventId, at);
              this.lastEventId = Math.max(this.lastEventId ?? 0, eventId);
            }
          });
          response.on('close', endStream);
          response.on('error', endStream);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        resolve(error.code ?? 'error');
        endStream();
      });
      this.request = request;
    });
  }

  close(): void {
    this.request?.destroy();
  }
}

async function openAll(
  streams: Stream[],
  agent: http.Agent,
  port: number,
  batch: number,
  resume: boolean,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (let i = 0; i < streams.length; i += batch) {
    const results = await Promise.all(
      streams.slice(i, i + batch).map((s) => s.open(agent, port, resume)),
    );
    for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

/** Which streams an event goes to: its user's, or every staff stream of its restaurant. */
function audienceOf(
  event: LiveEvent,
  byUser: Map<number, Stream[]>,
  staffStreams: Stream[],
): Stream[] {
  if (event.user_id !== null) return byUser.get(event.user_id) ?? [];
  return staffStreams;
}

/** Waits until every (stream, event) pair has arrived, or the timeout; the pairs missing. */
async function waitForDeliveries(
  expected: { stream: Stream; eventId: number }[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = expected.filter((e) => !e.stream.arrivals.has(e.eventId)).length;
    if (missing === 0 || Date.now() > deadline) return missing;
    await sleep(20);
  }
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const lane = process.env.BENCH_LANE === 'postgres' ? 'postgres' : 'pglite';
  const log = (line: string) => console.log(`[bench-live ${lane}] ${line}`);
  const databaseUrl =
    lane === 'postgres'
      ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL_TEST)
      : undefined;
  if (lane === 'postgres' && !databaseUrl) {
    throw new Error('the postgres lane needs BENCH_DATABASE_URL (or DATABASE_URL_TEST)');
  }
  const dataDir =
    lane === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'mn-bench-live-pglite-')) : undefined;
  const open: LiveCommand = { cmd: 'open', ...(databaseUrl ? { databaseUrl } : { dataDir }) };
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Infinity,
    maxTotalSockets: Infinity,
  });
  const servers: ServerProcess[] = [];
  const streams: Stream[] = [];

  try {
    // --- Server, users and their streams -------------------------------------------------
    const first = new ServerProcess();
    servers.push(first);
    await first.send(open);
    const setup = await first.send<Setup>({
      cmd: 'setup',
      customers: CUSTOMERS,
      staff: STAFF,
      orders: CHANGES / 2,
      tag: String(Date.now()),
    });
    const { port } = await first.send<{ port: number }>({
      cmd: 'listen',
      port: 0,
      jwtSecret: JWT_SECRET,
    });
    log(`server on 127.0.0.1:${port}: ${CUSTOMERS} customers, ${STAFF} staff of one restaurant`);

    const key = deriveKeys(JWT_SECRET).jwt;
    const users = [
      ...setup.customers.map((id) => ({ id, role: 'customer' as const })),
      ...setup.staff.map((id) => ({ id, role: 'staff' as const })),
    ];
    const byUser = new Map<number, Stream[]>();
    for (const user of users) {
      const token = await signAccessToken(key, user);
      const own = Array.from({ length: STREAMS_PER_USER }, () => new Stream(user.id, token));
      byUser.set(user.id, own);
      streams.push(...own);
    }
    const staffStreams = setup.staff.flatMap((id) => byUser.get(id)!);

    // Warm-up: the route's first calls compile and allocate what every later one reuses.
    const warmUp = streams.slice(0, STREAMS_PER_USER);
    await openAll(warmUp, agent, port, STREAMS_PER_USER, false);
    for (const s of warmUp) s.close();
    await Promise.all(warmUp.map((s) => s.ended));
    await sleep(300);

    const before = await first.send<Memory & { gc: boolean }>({ cmd: 'memory' });
    const openStarted = now();
    const opened = await openAll(streams, agent, port, OPEN_BATCH, false);
    const openMs = Math.round(now() - openStarted);
    if (opened['200'] !== streams.length) {
      throw new Error(`opening the streams: ${JSON.stringify(opened)}`);
    }
    log(`${streams.length} streams open in ${openMs} ms (batches of ${OPEN_BATCH})`);
    await sleep(1000);
    const after = await first.send<Memory & { gc: boolean }>({ cmd: 'memory' });
    const rssPerStream = (after.rss - before.rss) / streams.length;
    const heapPerStream =
      (after.heapUsed + after.external - before.heapUsed - before.external) / streams.length;
    // Held to the larger of the two: RSS can grow less than the heap when the heap reuses pages
    // it already had, and the heap does not count what lives outside it.
    const memoryOk = Math.max(rssPerStream, heapPerStream) < MEMORY_TARGET_BYTES;
    log(
      `server memory: RSS ${kb(before.rss)} -> ${kb(after.rss)}, heap+external ` +
        `${kb(before.heapUsed + before.external)} -> ${kb(after.heapUsed + after.external)}` +
        `${after.gc ? ' (after gc)' : ' (no --expose-gc)'}; per stream RSS ${kb(rssPerStream)}, ` +
        `heap ${kb(heapPerStream)}`,
    );

    // --- Delivery ------------------------------------------------------------------------
    const depositTo = setup.customers.slice(CHANGES / 2);
    const changes: Change[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const order = setup.orders[i >> 1];
      const change =
        i % 2 === 0 && order
          ? await first.send<Change>({
              cmd: 'pay',
              customerId: order.customerId,
              orderId: order.id,
            })
          : await first.send<Change>({
              cmd: 'deposit',
              userId: depositTo[(i >> 1) % depositTo.length]!,
              amount: 10_000,
            });
      changes.push(change);
      await sleep(CHANGE_GAP_MS);
    }
    const expected = changes.flatMap((change) =>
      change.events.flatMap((event) =>
        audienceOf(event, byUser, staffStreams).map((stream) => ({
          stream,
          eventId: event.id,
          committedAt: change.committedAt,
        })),
      ),
    );
    const missing = await waitForDeliveries(expected, 5000);
    const samples = expected.flatMap((e) => {
      const at = e.stream.arrivals.get(e.eventId);
      return at === undefined ? [] : [at - e.committedAt];
    });
    const perChange = changes.map((change) => {
      const mine = expected.filter((e) => e.committedAt === change.committedAt);
      return Math.max(
        ...mine.map((e) => (e.stream.arrivals.get(e.eventId) ?? Infinity) - e.committedAt),
      );
    });
    const delivery = summarise(samples);
    const deliveryAll = summarise(perChange.filter(Number.isFinite));
    const deliveryOk = missing === 0 && delivery.p95 <= DELIVERY_TARGET_P95_MS;
    log(
      `delivery of ${changes.length} changes (${expected.length} stream deliveries, ` +
        `${missing} missing): p50 ${delivery.p50} ms, p95 ${delivery.p95} ms, max ${delivery.max} ms; ` +
        `until the whole audience: p50 ${deliveryAll.p50} ms, p95 ${deliveryAll.p95} ms`,
    );

    // --- Reconnect storm -----------------------------------------------------------------
    await first.stop();
    const endedAll = await Promise.race([
      Promise.all(streams.map((s) => s.ended)).then(() => true),
      sleep(5000).then(() => false),
    ]);
    if (!endedAll) throw new Error('the streams did not end when the server stopped');

    const second = new ServerProcess();
    servers.push(second);
    await second.send(open);
    // Committed while no server runs: only the replay can bring them.
    const missed: Change[] = [];
    for (let i = 0; i < MISSED_CHANGES; i++) {
      missed.push(
        await second.send<Change>({
          cmd: 'deposit',
          userId: depositTo[i % depositTo.length]!,
          amount: 5_000,
        }),
      );
    }
    await second.send({ cmd: 'listen', port, jwtSecret: JWT_SECRET });
    const stormStarted = now();
    const statuses = await openAll(streams, agent, port, streams.length, true);
    const allOpenMs = Math.round(now() - stormStarted);
    const replays = missed.flatMap((change) =>
      change.events.flatMap((event) =>
        audienceOf(event, byUser, staffStreams).map((stream) => ({ stream, eventId: event.id })),
      ),
    );
    const replayMissing = await waitForDeliveries(replays, 10_000);
    const replayedMs = Math.round(
      Math.max(0, ...replays.map((r) => (r.stream.arrivals.get(r.eventId) ?? 0) - stormStarted)),
    );
    const serverErrors = Object.entries(statuses)
      .filter(([status]) => !/^\d+$/.test(status) || Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const stormOk = statuses['200'] === streams.length && serverErrors === 0 && replayMissing === 0;
    log(
      `reconnect storm: ${JSON.stringify(statuses)}; all open in ${allOpenMs} ms; ` +
        `${replays.length - replayMissing}/${replays.length} missed events replayed, the last ` +
        `${replayedMs} ms after the storm began`,
    );

    const result: LiveLaneResult = {
      lane,
      streams: streams.length,
      openMs,
      delivery: { ...delivery, changes: changes.length, missing, ok: deliveryOk },
      deliveryAll,
      memory: { rssPerStream, heapPerStream, gc: after.gc, ok: memoryOk },
      storm: {
        statuses,
        allOpenMs,
        replayed: replays.length - replayMissing,
        expectedReplays: replays.length,
        replayedMs,
        ok: stormOk,
      },
      ok: deliveryOk && memoryOk && stormOk,
    };
    if (process.env.BENCH_RESULT_FILE) {
      writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result));
    }
    if (!result.ok) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    for (const server of servers) {
      await server.stop().catch(() => server.kill());
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(
    `[bench-live] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
