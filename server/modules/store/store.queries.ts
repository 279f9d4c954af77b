import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/**
 * Whether the restaurant delivers to the point: the very expression the dish lists filter on
 * (catalogue.queries.ts deliversTo, over the dishes' copies of these coordinates and radius),
 * so a dish listed as delivering is never refused here.
 */
export async function selectDeliversTo(
  db: Kysely<DB>,
  restaurantId: number,
  to: { lat: number; lon: number },
): Promise<boolean> {
  const { rows } = await sql<{ delivers: boolean }>`
    select earth_distance(ll_to_earth(r.lat, r.lon), ll_to_earth(${to.lat}, ${to.lon}))
      <= r.delivery_radius_km * 1000 as delivers
    from restaurants r where r.id = ${restaurantId}`.execute(db);
  return rows[0]?.delivers ?? false;
}

/** Whether a newly paid order of this restaurant is accepted at once. */
export async function selectAutoAccept(db: Kysely<DB>, restaurantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('restaurants')
    .select('auto_accept')
    .where('id', '=', restaurantId)
    .executeTakeFirst();
  return row?.auto_accept ?? false;
}
