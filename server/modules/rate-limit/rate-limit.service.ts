import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import {
  countRecentEvents,
  deleteEventsOlderThan,
  insertEvent,
  pruneEvents,
} from './rate-limit.queries';

/** Longer than any rule's window, so pruning never changes a count. */
const EVENT_RETENTION_SECONDS = 24 * 60 * 60;

export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Sliding-window limits kept in the database, so every app instance behind a load balancer
 * counts the same events. Slight overshoot under a burst of simultaneous requests is accepted.
 */
export async function assertUnderLimit(db: Kysely<DB>, rule: RateRule, key: string): Promise<void> {
  const { count, oldest } = await countRecentEvents(db, rule.bucket, key, rule.windowSeconds);
  if (count < rule.limit) return;
  const freeAt = (oldest ?? new Date()).getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  throw new AppError('RATE_LIMITED', {
    message: `Bạn thao tác quá nhiều lần. Vui lòng thử lại sau ${describeWait(retryAfter)}.`,
    retryAfter,
  });
}

export async function recordEvent(db: Kysely<DB>, rule: RateRule, key: string): Promise<void> {
  await pruneEvents(db, rule.bucket, key);
  await insertEvent(db, rule.bucket, key);
}

/** "45 giây" / "3 phút" / "2 giờ": what a person reads in a toast. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} giây`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} phút`;
  return `${Math.ceil(seconds / 3600)} giờ`;
}

/** Drops the events of every key that no window looks at any more; how many went. */
export function pruneExpiredRateEvents(db: Kysely<DB>): Promise<number> {
  return deleteEventsOlderThan(db, EVENT_RETENTION_SECONDS);
}
