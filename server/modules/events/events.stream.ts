import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import type { DeliveryMetrics, DeliveryPhase } from '#server/lib/metrics';
import type { RequestUser } from '#server/lib/request-user';
import type { EventHub } from './events.hub';
import { eventsToReplay, parseLastEventId, streamAudience, type EventRow } from './events.service';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and mobile networks from closing an idle stream. */
  heartbeatMs: number;
  /** Told of every event written, for the delivery lag on /metrics. */
  metrics?: DeliveryMetrics;
  /**
   * Asked at every heartbeat: a stream of an account locked since it opened ends then. The
   * instance that locks closes its own streams at once; this reaches every other instance.
   */
  isLocked?: (userId: number) => Promise<boolean>;
}

/**
 * The ids a stream remembers so that none is written twice, in bounded memory over a stream
 * that may stay open for days. Only two overlaps are possible: a live event the hub hands over
 * while (or just after) the replay read it from the table, so every replayed id is kept (at
 * most a replay's worth, MAX_REPLAY); and the hub itself sending an id again, which its own
 * memory already prevents, so only the most recent live ids are kept as a second guard.
 */
export class SentIds {
  private readonly replayed = new Set<number>();
  private readonly live = new Set<number>();
  private replaying = true;

  constructor(private readonly liveWindow = 1_000) {}

  /** Records `id` as sent; false when it was sent already (write nothing). */
  add(id: number): boolean {
    if (this.replayed.has(id) || this.live.has(id)) return false;
    if (this.replaying) {
      this.replayed.add(id);
      return true;
    }
    this.live.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.live.size > this.liveWindow) this.live.delete(this.live.values().next().value!);
    return true;
  }

  /** The replay has been written: what follows is live. */
  endReplay(): void {
    this.replaying = false;
  }

  /** How many ids are remembered. */
  get size(): number {
    return this.replayed.size + this.live.size;
  }
}

function message(id: number, type: string, data: unknown): string {
  // JSON has no raw newline, so one data line carries the whole payload.
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/events/ after the access guard: takes the socket over from Fastify (reply.hijack)
 * and writes Server-Sent Events until the client leaves, the access token expires, the user
 * opens one stream too many or the app closes. Live events are held back while the replay of
 * what the client missed is read, then sent after it, each id once.
 */
export async function openEventStream(
  deps: { db: Kysely<DB>; hub: EventHub; options: EventStreamOptions },
  request: FastifyRequest,
  reply: FastifyReply,
  user: RequestUser,
  lastEventIdQuery: string | undefined,
): Promise<void> {
  const audience = await streamAudience(deps.db, user);
  const header = request.headers['last-event-id'];
  const lastEventId = parseLastEventId(typeof header === 'string' ? header : lastEventIdQuery);

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream and deliver events in bursts.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  res.write(': connected\n\n');

  const sent = new SentIds();
  let held: EventRow[] | null = [];
  let closed = false;
  const send = (event: EventRow, phase: DeliveryPhase) => {
    if (closed || !sent.add(event.id)) return;
    res.write(message(event.id, event.type, event.payload));
    deps.options.metrics?.eventDelivered(event.created_at, phase);
  };

  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    unsubscribe();
    res.end();
  };
  res.on('close', close);
  // A write racing the client's disconnect: the stream is over, nothing to report.
  res.on('error', close);

  unsubscribe = deps.hub.subscribe({
    userId: audience.userId,
    restaurantId: audience.restaurantId,
    deliver: (event) => (held ? held.push(event) : send(event, 'live')),
    close,
  });
  const isLocked = deps.options.isLocked;
  const heartbeat = setInterval(() => {
    if (closed) return;
    res.write(': ping\n\n');
    if (!isLocked) return;
    isLocked(user.id).then(
      (locked) => locked && close(),
      // A database hiccup is no reason to drop a stream: the next heartbeat asks again.
      () => {},
    );
  }, deps.options.heartbeatMs);
  timers.push(heartbeat);
  // The stream is only as good as the token that opened it: the client reconnects with a
  // refreshed one (and its Last-Event-ID, so nothing is missed in between).
  if (user.expiresAt !== undefined) {
    timers.push(setTimeout(close, Math.max(0, user.expiresAt - Date.now())));
  }

  try {
    if (lastEventId !== null) {
      const replay = await eventsToReplay(deps.db, audience, lastEventId);
      if (closed) return;
      if ('resync' in replay) {
        // Carries the newest id, so the reconnect after this one starts from here.
        res.write(message(replay.newest, 'resync', {}));
      } else {
        for (const event of replay) send(event, 'replay');
      }
    }
  } catch (error) {
    request.log.error({ err: error }, 'event replay failed');
    close();
    return;
  }
  sent.endReplay();
  const waiting = held;
  held = null;
  for (const event of waiting.sort((a, b) => a.id - b.id)) send(event, 'live');
}
