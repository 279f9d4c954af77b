import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export interface KeyClaim {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredKey {
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  completed_at: Date | null;
}

/**
 * Takes the key in one statement, so two requests racing for it can never both win: a new key
 * is inserted; an existing one is taken over only when it has expired (`expiredSeconds`) or
 * when the same request is still running past its lease (its owner died before committing
 * anything: the reply commits with the work) or was claimed before the database last started
 * (the restart ended its owner's transaction). PostgreSQL re-checks the WHERE on the row's
 * newest version after waiting for its lock, so of two takeovers only the first matches, and a
 * takeover waits for an owner that is writing its reply right now. True when `claim.token`
 * holds the key now.
 */
export async function claimKey(
  db: Kysely<DB>,
  claim: KeyClaim & { token: string },
  expiredSeconds: number,
  leaseSeconds: number,
): Promise<boolean> {
  const leaseEnd = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      method: claim.method,
      path: claim.path,
      request_hash: claim.requestHash,
      lease_token: claim.token,
      lease_expires_at: leaseEnd,
      database_started_at: sql<Date>`pg_postmaster_start_time()`,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet({
          method: (eb) => eb.ref('excluded.method'),
          path: (eb) => eb.ref('excluded.path'),
          request_hash: (eb) => eb.ref('excluded.request_hash'),
          response_status: null,
          response_body: null,
          created_at: sql<Date>`now()`,
          completed_at: null,
          lease_token: (eb) => eb.ref('excluded.lease_token'),
          lease_expires_at: (eb) => eb.ref('excluded.lease_expires_at'),
          database_started_at: (eb) => eb.ref('excluded.database_started_at'),
        })
        .where(
          sql<boolean>`idempotency_keys.created_at < now() - make_interval(secs => ${expiredSeconds})
            or (idempotency_keys.completed_at is null
              and idempotency_keys.request_hash = excluded.request_hash
              and (idempotency_keys.lease_expires_at < now()
                or idempotency_keys.database_started_at < excluded.database_started_at))`,
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export function selectKey(
  db: Kysely<DB>,
  userId: number,
  key: string,
): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body', 'completed_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Writes the reply into a running key that `token` still holds; false when it no longer does
 * (the lease ran out and a retry took the key over). Inside a transaction, the row stays
 * locked until commit, so a takeover cannot slip in between.
 */
export async function storeReply(
  db: Kysely<DB>,
  held: { userId: number; key: string; token: string },
  status: number,
  body: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body, completed_at: sql<Date>`now()` })
    .where('user_id', '=', held.userId)
    .where('key', '=', held.key)
    .where('lease_token', '=', held.token)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Frees a running key that `token` still holds. */
export async function deleteKey(
  db: Kysely<DB>,
  held: { userId: number; key: string; token: string },
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', held.userId)
    .where('key', '=', held.key)
    .where('lease_token', '=', held.token)
    .where('completed_at', 'is', null)
    .execute();
}

/** Uses the created_at index; returns how many rows went. */
export async function deleteKeysOlderThan(db: Kysely<DB>, seconds: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
