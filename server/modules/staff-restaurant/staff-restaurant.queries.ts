import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, RestaurantsTable } from '#server/db/schema';

export function selectRestaurant(db: Kysely<DB>, id: number) {
  return db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row under its lock: the files it names are replaced by one update at a time. */
export function selectRestaurantForUpdate(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('restaurants')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRestaurant(
  db: Kysely<DB>,
  values: Insertable<RestaurantsTable>,
): Promise<number> {
  const row = await db
    .insertInto('restaurants')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateRestaurant(db: Kysely<DB>, id: number, values: Updateable<RestaurantsTable>) {
  return db
    .updateTable('restaurants')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * One statement, so two taps at once flip it twice rather than both setting one value; and
 * none while an admin has paused the restaurant (undefined then), even if the admin's pause
 * lands between the owner's read and this write.
 */
export function flipActive(db: Kysely<DB>, id: number) {
  return db
    .updateTable('restaurants')
    .set((eb) => ({ is_active: eb.not('is_active'), updated_at: sql<Date>`now()` }))
    .where('id', '=', id)
    .where('admin_paused_reason', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
