import { sql, type Kysely } from 'kysely';

/**
 * Search by words (docs/decisions/031). A dish is found by the whole words of its own name,
 * accents kept, so 'che' (chè) never finds 'chén' and 'phố' is not 'phở'; a restaurant or a
 * category by its name as a phrase. The words are split and folded here by the same rules as
 * the query (server/lib/search-text.ts), with explicit tables rather than lower() and
 * unaccent(): lower() folds only ASCII under the C locale, and both must agree exactly.
 *
 * - foods.name_words: the dish name's words (generated, GIN-indexed over listed dishes);
 * - restaurants.search_name / search_name_folded: ' word word ', for phrase matching;
 * - dish_words: the vocabulary of dish names with how many dishes use each word, kept by
 *   triggers (statement-level for inserts and deletes, a row trigger for renames); it answers
 *   which reading of an unaccented word is the common one (pho: phở, not phớ), whether Telex typing or a slip corrected is a word of the catalogue,
 *   and which words name dishes (so a restaurant name brings in its dishes only through words
 *   that name no dish).
 */

// The letters as the migration was written (the query side must keep the same tables; a unit
// test compares them).
const LOWER = 'àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ';
const UPPER = 'ÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬĐÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴ';
const BASE = 'aaaaaaaaaaaaaaaaadeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyy';

export const SEARCH_ALPHABET = { LOWER, UPPER, BASE };

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function search_lower(text) returns text
    language sql immutable parallel safe strict
    as $$ select translate(lower(normalize($1, NFC)), ${sql.lit(UPPER)}, ${sql.lit(LOWER)}) $$`.execute(
    db,
  );
  await sql`create function search_fold(text) returns text
    language sql immutable parallel safe strict
    as $$ select translate($1, ${sql.lit(LOWER)}, ${sql.lit(BASE)}) $$`.execute(db);
  // Zero-width and format characters are dropped, anything else that is not a letter or digit
  // separates words, and a syllable of consonants and a lone y is written with i (mỳ → mì).
  await sql`create function search_words(text) returns text[]
    language sql immutable parallel safe strict
    as $$
      select coalesce(array_agg(
          case when w ~ '^[bcdđghklmnprstvx]+[yýỳỷỹỵ]$'
            then left(w, -1) || translate(right(w, 1), 'yýỳỷỹỵ', 'iíìỉĩị') else w end
          order by n), '{}')
      from regexp_split_to_table(
        regexp_replace(search_lower($1),
          '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufe00-\ufe0f]',
          '', 'g'),
        '[^0-9a-z\u00e0-\u1ef9]+') with ordinality as t(w, n)
      where w <> ''
    $$`.execute(db);

  await sql`alter table foods
    add column name_words text[] generated always as (search_words(name)) stored`.execute(db);
  await sql`create index foods_name_words on foods using gin (name_words) where listed`.execute(db);

  // A name as ' word word ', so LIKE '% phrase %' matches whole words only. array_to_string
  // is only STABLE (it could format other element types by settings); on text it is not.
  await sql`create function search_phrase(text) returns text
    language sql immutable parallel safe strict
    as $$ select ' ' || array_to_string(search_words($1), ' ') || ' ' $$`.execute(db);
  await sql`alter table restaurants
    add column search_name text generated always as (search_phrase(name)) stored`.execute(db);
  await sql`alter table restaurants
    add column search_name_folded text generated always as (search_fold(search_phrase(name)))
    stored`.execute(db);
  // Every search looks restaurants up by name: the whole name through a b-tree, a phrase of it
  // (LIKE '% phrase %') through trigrams, never by reading every restaurant.
  for (const column of ['search_name', 'search_name_folded']) {
    await sql`create index ${sql.raw(`restaurants_${column}`)} on restaurants
      (${sql.raw(column)})`.execute(db);
    await sql`create index ${sql.raw(`restaurants_${column}_trgm`)} on restaurants
      using gin (${sql.raw(column)} gin_trgm_ops)`.execute(db);
  }
  // The same for the six categories, stored so a search never splits their names again.
  await sql`alter table categories
    add column search_name text generated always as (search_phrase(name)) stored`.execute(db);
  await sql`alter table categories
    add column search_name_folded text generated always as (search_fold(search_phrase(name)))
    stored`.execute(db);

  await db.schema
    .createTable('dish_words')
    .addColumn('word', 'text', (col) => col.primaryKey())
    .addColumn('folded', 'text', (col) => col.notNull())
    .addColumn('dishes', 'integer', (col) => col.notNull())
    .execute();
  await sql`create index dish_words_folded on dish_words (folded)`.execute(db);
  await sql`insert into dish_words (word, folded, dishes)
    select w, search_fold(w), count(*) from foods, unnest(name_words) w
    where deleted_at is null group by w`.execute(db);

  // Inserts and deletes are statement-level with transition tables: a seed inserting thousands
  // of dishes updates each word once per statement, not once per dish. Sorted, so two writers lock words in one order.
  await sql`create function dish_words_count(p_rows text[], p_sign integer) returns void
    language sql as $$
      insert into dish_words as d (word, folded, dishes)
      select w, search_fold(w), p_sign * count(*) from unnest(p_rows) w group by w order by w
      on conflict (word) do update set dishes = d.dishes + excluded.dishes
    $$`.execute(db);
  await sql`create function dish_words_inserted() returns trigger language plpgsql as $$
    begin
      perform dish_words_count(array(select w from new_rows, unnest(name_words) w
        where deleted_at is null), 1);
      return null;
    end $$`.execute(db);
  // An update moves counts only when a name changes or a dish is deleted or restored: a row
  // trigger with a WHEN, so the many updates of other columns (the search_text, coordinates
  // and listing that other triggers keep) cost nothing here.
  await sql`create function dish_words_updated() returns trigger language plpgsql as $$
    begin
      if old.deleted_at is null then perform dish_words_count(old.name_words, -1); end if;
      if new.deleted_at is null then perform dish_words_count(new.name_words, 1); end if;
      return null;
    end $$`.execute(db);
  await sql`create function dish_words_deleted() returns trigger language plpgsql as $$
    begin
      perform dish_words_count(array(select w from old_rows, unnest(name_words) w
        where deleted_at is null), -1);
      return null;
    end $$`.execute(db);
  await sql`create trigger dish_words_inserted after insert on foods
    referencing new table as new_rows
    for each statement execute function dish_words_inserted()`.execute(db);
  await sql`create trigger dish_words_updated after update of name, deleted_at on foods
    for each row when (old.name is distinct from new.name
      or (old.deleted_at is null) <> (new.deleted_at is null))
    execute function dish_words_updated()`.execute(db);
  await sql`create trigger dish_words_deleted after delete on foods
    referencing old table as old_rows
    for each statement execute function dish_words_deleted()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger dish_words_inserted on foods`.execute(db);
  await sql`drop trigger dish_words_updated on foods`.execute(db);
  await sql`drop trigger dish_words_deleted on foods`.execute(db);
  await sql`drop function dish_words_inserted, dish_words_updated, dish_words_deleted,
    dish_words_count`.execute(db);
  await db.schema.dropTable('dish_words').execute();
  await sql`alter table categories drop column search_name, drop column search_name_folded`.execute(
    db,
  );
  await sql`drop index restaurants_search_name, restaurants_search_name_trgm,
    restaurants_search_name_folded, restaurants_search_name_folded_trgm`.execute(db);
  await sql`alter table restaurants drop column search_name, drop column search_name_folded`.execute(
    db,
  );
  await sql`drop index foods_name_words`.execute(db);
  await sql`alter table foods drop column name_words`.execute(db);
  await sql`drop function search_phrase, search_words, search_fold, search_lower`.execute(db);
}
