import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/** The restaurant an owner owns (one per owner, design.md section 5). */
export async function selectOwnedRestaurantId(
  db: Kysely<DB>,
  ownerId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('restaurants')
    .select('id')
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The restaurant a staff account is linked to (users.restaurant_id). */
export async function selectLinkedRestaurantId(
  db: Kysely<DB>,
  userId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('restaurant_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.restaurant_id ?? null;
}

/** Everyone who works for a restaurant: its owner and the staff accounts linked to it. */
export async function selectRestaurantTeamIds(
  db: Kysely<DB>,
  restaurantId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('restaurants')
    .select('owner_id as id')
    .where('id', '=', restaurantId)
    .union(
      db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'staff')
        .where('restaurant_id', '=', restaurantId),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
