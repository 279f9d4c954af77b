import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import {
  claimKey,
  deleteKey,
  deleteKeysOlderThan,
  selectKey,
  storeReply,
  type KeyClaim,
} from './idempotency.queries';

/** design.md section 4: a key replays its reply for 24 hours, then it may be used afresh. */
export const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/**
 * A request still marked running after this long belonged to a process that died before it
 * could record its reply; its key is handed to the retry. Every idempotent call is a short
 * transaction, far below this.
 */
export const STALE_RUN_SECONDS = 2 * 60;
/**
 * There is no scheduled housekeeping in this app, so expired keys are swept by the requests
 * themselves: about one claim in this many deletes every expired row. Expired rows are
 * already ignored (taken over) when their key comes back; the sweep only keeps the table small.
 */
const SWEEP_ONE_IN = 100;

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,255}$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * What makes two requests "the same": method, path with query, and the body with its keys
 * sorted at every level (a client may serialise an object's keys in any order).
 */
export function requestHash(method: string, url: string, body: unknown): string {
  const json = JSON.stringify(canonical(body ?? null));
  return createHash('sha256').update(`${method}\n${url}\n${json}`).digest('hex');
}

export type Claim = { kind: 'owned' } | { kind: 'replay'; status: number; body: string };

/**
 * Stripe's design: the first request with a key owns it and runs; a repeat with the same body
 * gets the stored reply; a repeat with another body is refused (422), and so is one that comes
 * while the first is still running (409).
 */
export async function claim(db: Kysely<DB>, request: KeyClaim): Promise<Claim> {
  // A row can vanish between the two statements (its 5xx owner released it): try again then.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await claimKey(db, request, KEY_LIFETIME_SECONDS, STALE_RUN_SECONDS)) {
      if (Math.random() * SWEEP_ONE_IN < 1) await sweepExpiredKeys(db);
      return { kind: 'owned' };
    }
    const stored = await selectKey(db, request.userId, request.key);
    if (!stored) continue;
    if (stored.request_hash !== request.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (!stored.completed_at || stored.response_status === null || stored.response_body === null) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    }
    return { kind: 'replay', status: stored.response_status, body: stored.response_body };
  }
  throw new AppError('IDEMPOTENCY_IN_PROGRESS');
}

/** The owner's reply, kept for repeats. */
export async function complete(
  db: Kysely<DB>,
  userId: number,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await storeReply(db, userId, key, status, body);
}

/** The owner failed on the server's side: the key is freed so a retry runs again. */
export async function release(db: Kysely<DB>, userId: number, key: string): Promise<void> {
  await deleteKey(db, userId, key);
}

export function sweepExpiredKeys(db: Kysely<DB>): Promise<number> {
  return deleteKeysOlderThan(db, KEY_LIFETIME_SECONDS);
}
