import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export async function countRecentEvents(
  db: Kysely<DB>,
  bucket: string,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

export async function insertEvent(db: Kysely<DB>, bucket: string, key: string): Promise<void> {
  await db.insertInto('rate_limit_events').values({ bucket, key }).execute();
}

/**
 * Events older than any window we use (a day) are dropped as new ones arrive; keys that never
 * come back are left to the hourly housekeeping (pruneExpiredRateEvents).
 */
export async function pruneEvents(db: Kysely<DB>, bucket: string, key: string): Promise<void> {
  await db
    .deleteFrom('rate_limit_events')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** Every key's events past `seconds`, at once (the hourly housekeeping); how many went. */
export async function deleteEventsOlderThan(db: Kysely<DB>, seconds: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
