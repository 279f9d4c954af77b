import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, EventsTable } from '#server/db/schema';

export type EventRow = Selectable<EventsTable>;

/** The channel whose NOTIFY carries a committed event's id to every app instance. */
export const EVENTS_CHANNEL = 'mon_ngon_events';

const COLUMNS = ['id', 'type', 'user_id', 'restaurant_id', 'payload', 'created_at'] as const;

/**
 * The event row and its NOTIFY, inside the caller's transaction: PostgreSQL (and PGlite)
 * deliver a notification only when the transaction commits, and drop it with a rollback.
 */
export async function insertEvent(
  db: Kysely<DB>,
  event: { type: string; user_id: number | null; restaurant_id: number | null; payload: object },
): Promise<number> {
  const row = await db
    .insertInto('events')
    .values({ ...event, payload: JSON.stringify(event.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row.id)})`.execute(db);
  return row.id;
}

export function selectEvent(db: Kysely<DB>, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** One audience's events after `afterId`, oldest first (a stream's replay). */
export function selectAudienceEventsAfter(
  db: Kysely<DB>,
  audience: { userId: number; restaurantId: number | null },
  afterId: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        eb('user_id', '=', audience.userId),
        ...(audience.restaurantId === null
          ? []
          : [eb('restaurant_id', '=', audience.restaurantId)]),
      ]),
    )
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Every event after `afterId`, and those created in the last `recentSeconds` whatever their id:
 * a transaction that took its id before a later one but committed after it is still caught.
 */
export function selectEventsForCatchUp(
  db: Kysely<DB>,
  afterId: number,
  recentSeconds: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        eb('id', '>', afterId),
        eb('created_at', '>', sql<Date>`now() - make_interval(secs => ${recentSeconds})`),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The smallest and the largest id kept (0 when there is none). */
export async function selectEventIdRange(
  db: Kysely<DB>,
): Promise<{ oldest: number; newest: number }> {
  const row = await db
    .selectFrom('events')
    .select([
      sql<number>`coalesce(min(id), 0)`.as('oldest'),
      sql<number>`coalesce(max(id), 0)`.as('newest'),
    ])
    .executeTakeFirstOrThrow();
  return { oldest: Number(row.oldest), newest: Number(row.newest) };
}

/** Removes events created before `cutoff`; the number removed. */
export async function deleteEventsBefore(db: Kysely<DB>, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
