import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushPayload } from '#contract/push';
import type { VapidKeys } from '#server/config';
import type { DB } from '#server/db/schema';
import {
  claimDueDeliveries,
  completeDelivery,
  deleteSubscription,
  giveUpDelivery,
  rescheduleDelivery,
  selectNextDueInMs,
  type ClaimedDelivery,
} from './push.queries';

export interface PushTimings {
  /** The longest wait between two looks at the queue when nothing is due. */
  idleMs?: number;
  /** The shortest wait between two looks, so a queue of future retries is not polled hot. */
  minWaitMs?: number;
  /** The first retry waits this long, each next one twice as long up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Attempts before a delivery is given up. */
  maxAttempts?: number;
  /** Deliveries taken (and sent at once) per round. */
  batchSize?: number;
  /** A push service that has not answered by then counts as a failed attempt. */
  requestTimeoutMs?: number;
}

export interface PushWorkerOptions extends PushTimings {
  db: Kysely<DB>;
  vapid: VapidKeys & { subject: string };
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

const DEFAULTS: Required<PushTimings> = {
  idleMs: 30_000,
  minWaitMs: 1_000,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60 * 1000,
  maxAttempts: 5,
  batchSize: 10,
  requestTimeoutMs: 10_000,
};

// An order's news is stale within minutes and wanted now; the rest can wait for the device.
const ORDER_TTL_SECONDS = 10 * 60;
const OTHER_TTL_SECONDS = 24 * 60 * 60;

/** What one attempt came to. */
type Outcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; retryAfterMs: number | null }
  | { kind: 'fatal'; error: string }
  // The app is closing: the request was cut off and its lease will make it due again.
  | { kind: 'abandoned' };

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null if absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Sends the queued Web Push messages of `push_deliveries` (written with each notification, in
 * its transaction) after they commit. Each round takes a small batch of due rows with SKIP
 * LOCKED and a lease, so any number of instances share the queue and each row goes out once;
 * then sends them, outside any transaction, and records the outcome: delivered rows leave the
 * queue, a subscription the push service no longer knows is deleted, and other failures are
 * retried with exponential backoff (or the service's Retry-After) until given up.
 *
 * It wakes on a timer (soon while rows are due or about to be, slowly otherwise) and at once
 * when `wake()` is called, which the app does for every committed `notification.created`.
 */
export class PushWorker {
  private readonly timings: Required<PushTimings>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  // Cuts off the requests in flight when the worker stops, so a slow push service cannot hold
  // up a shutdown for its whole timeout.
  private abort = new AbortController();

  constructor(private readonly options: PushWorkerOptions) {
    const given = Object.fromEntries(
      Object.entries(options).filter(([key, value]) => key in DEFAULTS && value !== undefined),
    );
    this.timings = { ...DEFAULTS, ...given };
  }

  /** Starts the timer with a first look at the queue (pushes left from before a restart). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.wake();
  }

  /** Looks at the queue now (or right after the round in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run().finally(() => {
      this.running = null;
    });
  }

  /** Stops the timer and waits for the round in progress, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  /** One round: sends batches while rows are due, then sets the timer for the next look. */
  private async run(): Promise<void> {
    let waitMs = this.timings.idleMs;
    try {
      do {
        this.again = false;
        let taken: number;
        do {
          taken = await this.sendBatch();
        } while (taken === this.timings.batchSize && !this.stopped);
      } while (this.again && !this.stopped);
      const nextDue = await selectNextDueInMs(this.options.db);
      if (nextDue !== null) {
        waitMs = Math.min(this.timings.idleMs, Math.max(this.timings.minWaitMs, nextDue));
      }
    } catch (error) {
      if (!this.stopped) this.options.log.error({ err: error }, 'push queue round failed');
    }
    if (this.stopped) return;
    if (this.again) {
      // A wake arrived while the round was ending.
      waitMs = 0;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, waitMs);
    this.timer.unref();
  }

  /** Claims and sends one batch; the number of deliveries taken. */
  private async sendBatch(): Promise<number> {
    const leaseSeconds = Math.ceil((this.timings.requestTimeoutMs * 2) / 1000) + 30;
    const claimed = await this.options.db
      .transaction()
      .execute((trx) => claimDueDeliveries(trx, this.timings.batchSize, leaseSeconds));
    await Promise.all(
      claimed.map((delivery) =>
        this.deliver(delivery).catch((error: unknown) => {
          // The outcome was not recorded: the lease makes the row due again.
          this.options.log.error({ err: error, deliveryId: delivery.id }, 'push outcome not saved');
        }),
      ),
    );
    return claimed.length;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.attempt(delivery);
    const { db, log } = this.options;
    const where = { deliveryId: delivery.id, subscriptionId: delivery.subscription_id };
    switch (outcome.kind) {
      case 'abandoned':
        return;
      case 'delivered':
        await completeDelivery(db, delivery.id, delivery.subscription_id);
        return;
      case 'gone':
        // The browser unsubscribed or the subscription expired: it will never work again.
        log.info({ ...where, status: outcome.status }, 'push subscription gone; removed');
        await deleteSubscription(db, delivery.subscription_id);
        return;
      case 'fatal':
        log.error({ ...where, error: outcome.error }, 'push refused; delivery given up');
        await giveUpDelivery(db, delivery.id, outcome.error);
        return;
      case 'retry': {
        if (delivery.attempts >= this.timings.maxAttempts) {
          log.warn(
            { ...where, attempts: delivery.attempts, error: outcome.error },
            'push failed too often; delivery given up',
          );
          await giveUpDelivery(db, delivery.id, outcome.error);
          return;
        }
        const backoff = Math.min(
          this.timings.backoffMs * 2 ** (delivery.attempts - 1),
          this.timings.maxBackoffMs,
        );
        // The service's own Retry-After wins, within the longest wait we would choose.
        const delayMs =
          outcome.retryAfterMs === null
            ? backoff
            : Math.min(outcome.retryAfterMs, this.timings.maxBackoffMs);
        await rescheduleDelivery(db, delivery.id, delayMs, outcome.error);
        return;
      }
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<Outcome> {
    const payload: PushPayload = {
      title: delivery.title,
      body: delivery.body,
      url: delivery.url,
      tag: delivery.tag,
    };
    const urgent = delivery.kind.startsWith('order.');
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(
        {
          endpoint: delivery.endpoint,
          keys: { p256dh: delivery.p256dh, auth: delivery.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails: this.options.vapid,
          TTL: urgent ? ORDER_TTL_SECONDS : OTHER_TTL_SECONDS,
          urgency: urgent ? 'high' : 'normal',
          // A newer message on the same subject replaces one the service still holds.
          ...(/^[A-Za-z0-9_-]{1,32}$/.test(delivery.tag) ? { topic: delivery.tag } : {}),
        },
      );
    } catch (error) {
      // Keys that cannot be encrypted to: no retry can fix them.
      return { kind: 'fatal', error: `encryption: ${String(error)}` };
    }
    let res: Response;
    try {
      // fetch rather than web-push's own sender: it reaches http endpoints in development and
      // tests, and gives the Retry-After header and a timeout in the usual way.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      res = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ?? null,
        redirect: 'error',
        signal: AbortSignal.any([
          this.abort.signal,
          AbortSignal.timeout(this.timings.requestTimeoutMs),
        ]),
      });
      await res.arrayBuffer().catch(() => {});
    } catch (error) {
      if (this.abort.signal.aborted) return { kind: 'abandoned' };
      const cause = (error as { cause?: unknown }).cause;
      return {
        kind: 'retry',
        error: `network: ${String(cause ?? error)}`.slice(0, 500),
        retryAfterMs: null,
      };
    }
    if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
    if (res.status === 429 || res.status >= 500) {
      return {
        kind: 'retry',
        error: `HTTP ${res.status}`,
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      };
    }
    // 400 (malformed), 401/403 (our VAPID keys refused), 413 (payload too large): retrying the
    // same request would be refused the same way.
    return { kind: 'fatal', error: `HTTP ${res.status}` };
  }
}
