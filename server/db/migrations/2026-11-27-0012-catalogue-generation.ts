import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's generation: one row whose counter moves whenever anything the public
 * catalogue replies read changes, so every instance's reply cache knows exactly whether a kept
 * reply is still the one the database would give (docs/decisions/034-reply-cache.md).
 *
 * Statement-level triggers (one bump per writing transaction, however many rows and
 * statements it has) on every table those replies read: restaurants, foods, food_categories,
 * categories, toppings, reviews. The bump runs inside the writing transaction, so it commits with the write and a rolled-back
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
  // Once per transaction: its writes become visible together at commit, so one bump covers
  // them all. Bumping per statement would make a bulk load quadratic (one row rewritten some
  // 150,000 times in one transaction, every version kept until commit). The flag is a setting
  // local to the transaction, so it ends with it, and a rolled-back savepoint takes it back
  // together with its bump.
  await sql`create function catalogue_generation_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('mon_ngon.catalogue_bumped', true) = 'on' then
        return null;
      end if;
      update catalogue_generation set n = n + 1;
      perform set_config('mon_ngon.catalogue_bumped', 'on', true);
      return null;
    end $$`.execute(db);
  // BEFORE the statement: a transaction takes the generation row's lock before the lock of any
  // catalogue row it writes, so two writers always take them in the same order. Bumping after
  // would let one hold the generation and wait for a dish row that the other holds while that
  // one waits for the generation: a deadlock, one of them aborted.
  for (const table of CATALOGUE_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_catalogue_generation`)}
      before insert or update or delete or truncate on ${sql.table(table)}
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
