import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { HeldKey } from '#server/lib/held-key';
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
 * How long a claim's owner is presumed alive. A key still running after its lease had no work
 * committed (the reply commits with the work), so it is handed to the retry. Every idempotent
 * call is a short transaction, far below this; one that is slower anyway cannot commit once its
 * key is taken over (storeReply's token check), so a short lease costs a retry, never a double.
 */
export const LEASE_SECONDS = 30;
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

export type Claim =
  { kind: 'owned'; token: string } | { kind: 'replay'; status: number; body: string };

/**
 * Stripe's design: the first request with a key owns it and runs; a repeat with the same body
 * gets the stored reply; a repeat with another body is refused (422), and so is one that comes
 * while the first is still running (409).
 */
export async function claim(db: Kysely<DB>, request: KeyClaim): Promise<Claim> {
  // A row can vanish between the two statements (its 5xx owner released it): try again then.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const token = randomUUID();
    if (await claimKey(db, { ...request, token }, KEY_LIFETIME_SECONDS, LEASE_SECONDS)) {
      return { kind: 'owned', token };
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

/**
 * Writes the reply of a call whose work did not commit anything worth replaying atomically (a
 * refusal, whose transaction rolled back): a crash before this leaves the key running, and the
 * retry runs once the lease is over, which is correct since nothing was done.
 */
export async function complete(
  db: Kysely<DB>,
  held: HeldKey,
  status: number,
  body: string,
): Promise<void> {
  await storeReply(db, held, status, body);
}

/** The owner failed on the server's side: the key is freed so a retry runs again. */
export async function release(db: Kysely<DB>, held: HeldKey): Promise<void> {
  await deleteKey(db, held);
}

/**
 * Writes a result's reply inside the transaction of the work that produced it, so the work and
 * its reply commit (or roll back) together: a retry after a crash at any moment either finds
 * the reply or finds that nothing was done.
 */
export type KeepReply<T> = (trx: Kysely<DB>, result: T) => Promise<void>;

/**
 * The KeepReply of an idempotent route's success: `held` is the request's key (null without
 * one, and then nothing is kept), `toBody` builds the body the route sends for the result with
 * `status`. A service calls it last in its transaction. Should the key have been taken over
 * meanwhile (this request outlived its lease), the work is refused and rolls back: the new
 * owner runs it.
 */
export function keepReply<T>(
  held: HeldKey | null,
  status: number,
  toBody: (result: T) => unknown,
): KeepReply<T> | undefined {
  if (!held) return undefined;
  return async (trx, result) => {
    const body = held.serialize(status, toBody(result));
    if (!(await storeReply(trx, held, status, body))) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    held.kept = true;
  };
}

/**
 * Deletes the expired keys (the hourly housekeeping calls it, on one instance). Expired rows are
 * already ignored (taken over) when their key comes back; the sweep only keeps the table small.
 */
export function sweepExpiredKeys(db: Kysely<DB>): Promise<number> {
  return deleteKeysOlderThan(db, KEY_LIFETIME_SECONDS);
}
