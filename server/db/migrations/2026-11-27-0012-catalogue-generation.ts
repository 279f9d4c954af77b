import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's generation: one row whose counter moves whenever anything the public
 * catalogue replies read changes, so every instance's reply cache knows exactly whether a kept
 * reply is still the one the database would give (docs/decisions/034-reply-cache.md).
 *
 * Statement-level triggers (one bump per statement, however many rows it touches) on every
 * table those replies read: restaurants, foods, food_categories, categories, toppings, reviews.
 * The bump runs inside the writing transaction, so it commits with the write and a rolled-back
 * write moves nothing. Tables that triggers on foods keep current (the search words) change in
 * the same statement as the dish, which the foods trigger already counts. Uploads are not
 * read: a reply holds a file's name, which lives in foods and restaurants.
 */
export const CATALOGUE_TABLES = [
  'restaurants',
  'foods',
  'food_categories',
  'categories',
  'toppings',
  'reviews',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalogue_generation (
    id boolean primary key default true check (id),
    n bigint not null default 0
  )`.execute(db);
  await sql`insert into catalogue_generation default values`.execute(db);
  await sql`create function catalogue_generation_bump() returns trigger language plpgsql as $$
    begin
      update catalogue_generation set n = n + 1;
      return null;
    end $$`.execute(db);
  for (const table of CATALOGUE_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_catalogue_generation`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_generation_bump()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_catalogue_generation`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function catalogue_generation_bump()`.execute(db);
  await sql`drop table catalogue_generation`.execute(db);
}
