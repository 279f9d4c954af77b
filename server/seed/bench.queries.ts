import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, FoodsTable, RestaurantsTable } from '../db/schema';

// Multi-row inserts for the benchmark catalogue: one statement per batch of rows instead of
// one round trip per row. Callers keep batches near 1,000 rows (PostgreSQL allows 65,535
// parameters per statement).

export interface BenchOwner {
  username: string;
  password_hash: string;
  phone: string;
  email: string;
  address: string;
}

/** Returns the new ids by username, so nothing depends on the order RETURNING yields. */
export async function insertBenchOwners(db: Kysely<DB>, owners: BenchOwner[]) {
  if (!owners.length) return [];
  return db
    .insertInto('users')
    .values(
      owners.map((o) => ({
        role: 'owner' as const,
        ...o,
        first_name: 'Chủ quán',
        last_name: o.username,
      })),
    )
    .returning(['id', 'username'])
    .execute();
}

export async function insertBenchRestaurants(db: Kysely<DB>, rows: Insertable<RestaurantsTable>[]) {
  if (!rows.length) return [];
  return db.insertInto('restaurants').values(rows).returning(['id', 'owner_id']).execute();
}

/** Dish names are unique within a restaurant, so (restaurant_id, name) finds each new id. */
export async function insertBenchFoods(db: Kysely<DB>, rows: Insertable<FoodsTable>[]) {
  if (!rows.length) return [];
  return db.insertInto('foods').values(rows).returning(['id', 'restaurant_id', 'name']).execute();
}

/**
 * After the bulk load: the category trigger rewrote every dish row once or twice, so the dish
 * table is rewritten compact (a catalogue that grew slowly would be, once vacuumed), then the
 * planner gets statistics (PGlite runs no autovacuum). VACUUM cannot run inside a transaction.
 */
export async function compactAndAnalyzeCatalogue(db: Kysely<DB>) {
  await sql`vacuum full foods`.execute(db);
  await sql`vacuum analyze users, restaurants, foods, food_categories, toppings`.execute(db);
}

/**
 * PGlite keeps the WAL of the bulk load as recycled segments (over 500 MB) for a next load that
 * never comes; a checkpoint without recycling deletes them. Needs superuser, as PGlite's is.
 */
export async function checkpointWithoutRecycling(db: Kysely<DB>) {
  await sql`set wal_recycle = off`.execute(db);
  await sql`checkpoint`.execute(db);
  await sql`reset wal_recycle`.execute(db);
}

export async function countBenchRows(db: Kysely<DB>) {
  const { rows } = await sql<{ restaurants: number; foods: number; listed: number }>`
    select (select count(*)::int from restaurants) as restaurants,
      (select count(*)::int from foods) as foods,
      (select count(*)::int from foods where listed) as listed`.execute(db);
  return rows[0]!;
}

export interface NearestIdRow {
  id: number;
  distance_km: number;
}

/**
 * The nearest page the slow way: a distance for every listed dish, then a sort. The KNN query
 * in catalogue.queries.ts must return the same page while reading only a few index pages.
 */
export async function selectNearestByFullScan(
  db: Kysely<DB>,
  origin: { lat: number; lon: number },
  limit: number,
): Promise<NearestIdRow[]> {
  const { rows } = await sql<NearestIdRow>`
    select f.id, earth_distance(ll_to_earth(f.lat, f.lon), ll_to_earth(${origin.lat}, ${origin.lon})) / 1000 as distance_km
    from foods f join restaurants r on r.id = f.restaurant_id
    where f.listed
    order by earth_distance(ll_to_earth(f.lat, f.lon), ll_to_earth(${origin.lat}, ${origin.lon})), f.id
    limit ${limit}`.execute(db);
  return rows;
}
