import { sql, type Kysely } from 'kysely';
import type { FavoriteKind } from '#contract/favorites';
import type { DB } from '#server/db/schema';

/** Each kind's table and the column naming what is saved. */
const TABLES = {
  foods: { table: 'favorite_foods', column: 'food_id' },
  restaurants: { table: 'favorite_restaurants', column: 'restaurant_id' },
} as const;

const tableOf = (kind: FavoriteKind) => sql.table(TABLES[kind].table);
const columnOf = (kind: FavoriteKind) => sql.ref(TABLES[kind].column);

/**
 * The ids a customer saved, of both kinds, most recently saved first (the (customer_id,
 * created_at desc) indexes), in one round trip. Hidden items included: the catalogue filters.
 */
export async function selectSavedIds(
  db: Kysely<DB>,
  customerId: number,
): Promise<Record<FavoriteKind, number[]>> {
  const { rows } = await sql<{ foods: number[] | null; restaurants: number[] | null }>`
    select
      (select array_agg(food_id order by created_at desc, food_id desc)
        from favorite_foods where customer_id = ${customerId}) as foods,
      (select array_agg(restaurant_id order by created_at desc, restaurant_id desc)
        from favorite_restaurants where customer_id = ${customerId}) as restaurants`.execute(db);
  return { foods: rows[0]?.foods ?? [], restaurants: rows[0]?.restaurants ?? [] };
}

/**
 * Locks the customer's row until the transaction ends, so two saves of one customer take
 * turns between counting and inserting. FOR NO KEY UPDATE: it orders the saves without
 * blocking the rows elsewhere that merely reference the customer (their foreign-key checks
 * take FOR KEY SHARE).
 */
export async function lockCustomer(trx: Kysely<DB>, customerId: number): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', customerId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function isSaved(
  db: Kysely<DB>,
  kind: FavoriteKind,
  customerId: number,
  id: number,
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from ${tableOf(kind)}
    where customer_id = ${customerId} and ${columnOf(kind)} = ${id}`.execute(db);
  return rows.length > 0;
}

export async function countSaved(
  db: Kysely<DB>,
  kind: FavoriteKind,
  customerId: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${tableOf(kind)} where customer_id = ${customerId}`.execute(db);
  return rows[0]!.n;
}

/** Saving again changes nothing: the row keeps the moment it was first saved. */
export async function insertSaved(
  trx: Kysely<DB>,
  kind: FavoriteKind,
  customerId: number,
  id: number,
): Promise<void> {
  await sql`
    insert into ${tableOf(kind)} (customer_id, ${columnOf(kind)}) values (${customerId}, ${id})
    on conflict do nothing`.execute(trx);
}

export async function deleteSaved(
  db: Kysely<DB>,
  kind: FavoriteKind,
  customerId: number,
  id: number,
): Promise<void> {
  await sql`
    delete from ${tableOf(kind)}
    where customer_id = ${customerId} and ${columnOf(kind)} = ${id}`.execute(db);
}
