import type { Kysely } from 'kysely';
import type { ListenFn, NotificationListener } from '#server/db/database';
import type { DB } from '#server/db/schema';
import {
  EVENTS_CHANNEL,
  selectEventIdRange,
  selectEventsForCatchUp,
  selectEvent,
  type EventRow,
} from './events.queries';

/** One open stream as the hub sees it. */
export interface Subscriber {
  userId: number;
  restaurantId: number | null;
  deliver(event: EventRow): void;
  /** Ends the stream (the user opened one too many). */
  close(): void;
}

export interface EventHubOptions {
  db: Kysely<DB>;
  listen: ListenFn;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** The first reconnect waits this long, each next one twice as long up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Open streams per user; opening one more closes the oldest. */
  maxStreamsPerUser?: number;
}

// A transaction takes its event id before it commits, so after a reconnect the catch-up also
// reads events created this long before the connection was lost, whatever their id: one that
// committed while nobody listened, behind a later id already seen. App transactions last
// milliseconds.
const CATCH_UP_MARGIN_SECONDS = 30;
const CATCH_UP_LIMIT = 10_000;
// Ids already fanned out, so an event seen both live and by a catch-up goes out once.
const REMEMBERED_IDS = 10_000;

// Reconnect attempts never wait longer than this, so streams resume within about that long
// after the database is back, however long it was away; one attempt per 2 s is no load.
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * The fan-out of one app instance: one LISTEN connection, the open streams, and the ids
 * delivered. A notification carries only an event id; the hub reads that row and hands it to
 * every stream of its audience. When the connection is lost it reconnects with backoff and
 * catches up from the table, so a database restart loses no event.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly observers = new Set<(event: EventRow) => void>();
  private listener: NotificationListener | null = null;
  private stopped = false;
  private started: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private delayMs: number;
  private lastSeenId = 0;
  private lostAt: number | null = null;
  private readonly delivered = new Set<number>();
  // Notifications are handled one after another, so streams get events in commit order.
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: EventHubOptions) {
    this.delayMs = options.minDelayMs ?? 250;
  }

  /** Opens the LISTEN connection; resolves once it is listening (or has failed and retries). */
  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  /** Streams open on this instance (GET /metrics). */
  get openStreams(): number {
    return this.subscribers.size;
  }

  /** Whether the LISTEN connection is up (for tests and health). */
  get listening(): boolean {
    return this.listener !== null;
  }

  subscribe(subscriber: Subscriber): () => void {
    const max = this.options.maxStreamsPerUser ?? 5;
    const own = [...this.subscribers].filter((s) => s.userId === subscriber.userId);
    // A Set iterates in insertion order: the first ones are the oldest.
    for (const old of own.slice(0, Math.max(0, own.length - max + 1))) {
      this.subscribers.delete(old);
      old.close();
    }
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Calls `listener` with every committed event the hub receives, once each, whether or not a
   * stream of its audience is open (the push worker wakes on `notification.created`). Returns
   * the function that stops it.
   */
  onEvent(listener: (event: EventRow) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  /** Ends every open stream (the app is closing: they would keep it waiting). */
  /** Ends every stream of one user on this instance (a locked account: at once, here). */
  closeUserStreams(userId: number): void {
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.userId !== userId) continue;
      this.subscribers.delete(subscriber);
      subscriber.close();
    }
  }

  closeStreams(): void {
    const open = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of open) subscriber.close();
  }

  /** Stops listening and ends every open stream. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.closeStreams();
    await this.started?.catch(() => {});
    await this.queue;
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      this.listener = await this.options.listen(EVENTS_CHANNEL, {
        onNotify: (payload) => void this.enqueue(() => this.onNotify(payload)),
        onLost: (error) => this.onLost(error),
      });
      if (this.stopped) {
        await this.listener.close();
        this.listener = null;
        return;
      }
      this.delayMs = this.options.minDelayMs ?? 250;
      if (this.lostAt === null) {
        // Nobody was listening before: only what commits from now on is live.
        const { newest } = await selectEventIdRange(this.options.db);
        this.lastSeenId = Math.max(this.lastSeenId, newest);
      } else {
        const lostForSeconds = Math.ceil((Date.now() - this.lostAt) / 1000);
        this.lostAt = null;
        this.options.log.info({ after: this.lastSeenId }, 'event listener back; catching up');
        await this.enqueue(() => this.catchUp(lostForSeconds + CATCH_UP_MARGIN_SECONDS));
      }
    } catch (error) {
      this.onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private onLost(error: Error): void {
    if (this.stopped) return;
    this.listener?.close().catch(() => {});
    this.listener = null;
    this.lostAt ??= Date.now();
    this.options.log.warn({ err: error, retryInMs: this.delayMs }, 'event listener lost');
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.delayMs);
    this.retryTimer.unref();
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxDelayMs ?? MAX_RECONNECT_DELAY_MS);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      if (!this.stopped) this.options.log.warn({ err: error }, 'event fan-out failed');
    });
    return this.queue;
  }

  private async onNotify(payload: string): Promise<void> {
    const id = Number(payload);
    if (this.stopped || !Number.isSafeInteger(id) || this.delivered.has(id)) return;
    const event = await selectEvent(this.options.db, id);
    // Pruned already, or not ours to read: nothing to send.
    if (event) this.fanOut(event);
  }

  private async catchUp(recentSeconds: number): Promise<void> {
    const events = await selectEventsForCatchUp(
      this.options.db,
      this.lastSeenId,
      recentSeconds,
      CATCH_UP_LIMIT,
    );
    for (const event of events) {
      if (!this.delivered.has(event.id)) this.fanOut(event);
    }
  }

  private fanOut(event: EventRow): void {
    this.delivered.add(event.id);
    if (this.delivered.size > REMEMBERED_IDS) {
      // Insertion order: the first is the oldest remembered.
      this.delivered.delete(this.delivered.values().next().value!);
    }
    this.lastSeenId = Math.max(this.lastSeenId, event.id);
    for (const observer of this.observers) {
      try {
        observer(event);
      } catch (error) {
        this.options.log.warn({ err: error, eventId: event.id }, 'event observer failed');
      }
    }
    for (const subscriber of this.subscribers) {
      if (
        event.user_id === subscriber.userId ||
        (subscriber.restaurantId !== null && event.restaurant_id === subscriber.restaurantId)
      ) {
        subscriber.deliver(event);
      }
    }
  }
}
