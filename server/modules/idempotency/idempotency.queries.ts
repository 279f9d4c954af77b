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
 * when the same request has been running for longer than `staleSeconds` (its process died
 * before it could finish). PostgreSQL re-checks the WHERE on the row's newest version after
 * waiting for its lock, so of two takeovers only the first matches. True when this call owns
 * the key now.
 */
export async function claimKey(
  db: Kysely<DB>,
  claim: KeyClaim,
  expiredSeconds: number,
  staleSeconds: number,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      method: claim.method,
      path: claim.path,
      request_hash: claim.requestHash,
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
        })
        .where(
          sql<boolean>`idempotency_keys.created_at < now() - make_interval(secs => ${expiredSeconds})
            or (idempotency_keys.completed_at is null
              and idempotency_keys.request_hash = excluded.request_hash
              and idempotency_keys.created_at < now() - make_interval(secs => ${staleSeconds}))`,
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

export async function storeReply(
  db: Kysely<DB>,
  userId: number,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body, completed_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function deleteKey(db: Kysely<DB>, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
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
