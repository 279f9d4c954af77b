import { sql, type Kysely } from 'kysely';

/**
 * Restaurants, dishes, their categories and toppings, and reviews (read side).
 *
 * Dishes carry copies of what the customer queries filter and sort on, kept by triggers so
 * no code path can forget them: the restaurant's coordinates (nearest-first is a GiST KNN
 * scan over dishes, never a distance computed for every dish), `listed` (approved restaurant
 * and not deleted; both indexes are partial on it) and `search_text` (name, description,
 * categories and restaurant name, lower-cased and unaccented, trigram-indexed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // unaccent() is only STABLE (it reads a dictionary), and an index expression must be
  // IMMUTABLE; naming the dictionary explicitly makes this wrapper safe to declare so.
  await sql`create function immutable_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);

  await db.schema
    .createTable('restaurants')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_id', 'integer', (col) => col.notNull().unique().references('users.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull().check(sql`lat between -90 and 90`))
    .addColumn('lon', 'double precision', (col) =>
      col.notNull().check(sql`lon between -180 and 180`),
    )
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('opening_hours', 'jsonb', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('cover', 'text')
    .addColumn('logo', 'text')
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('approval_status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`approval_status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index restaurants_location on restaurants using gist (ll_to_earth(lat, lon))`.execute(
    db,
  );

  await db.schema
    .createTable('foods')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price', 'integer', (col) =>
      col.notNull().check(sql`price > 0 and price <= 100000000`),
    )
    .addColumn('image', 'text')
    .addColumn('available', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('deleted_at', 'timestamptz')
    // Maintained by the triggers below; never written by application code.
    .addColumn('lat', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('lon', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('listed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index foods_location on foods using gist (ll_to_earth(lat, lon)) where listed`.execute(
    db,
  );
  await sql`create index foods_search on foods using gin (search_text gin_trgm_ops) where listed`.execute(
    db,
  );
  await sql`create index foods_restaurant on foods (restaurant_id)`.execute(db);

  await db.schema
    .createTable('food_categories')
    .addColumn('food_id', 'integer', (col) =>
      col.notNull().references('foods.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addPrimaryKeyConstraint('food_categories_pk', ['food_id', 'category_id'])
    .execute();
  await sql`create index food_categories_category on food_categories (category_id, food_id)`.execute(
    db,
  );

  await db.schema
    .createTable('toppings')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('food_id', 'integer', (col) => col.notNull().references('foods.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) =>
      col.notNull().check(sql`price >= 0 and price <= 10000000`),
    )
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index toppings_food on toppings (food_id, position)`.execute(db);

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('food_id', 'integer', (col) => col.notNull().references('foods.id'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('rating', 'smallint', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index reviews_food on reviews (food_id, created_at desc, id desc)`.execute(db);

  // --- Denormalisation triggers ---
  // What a dish is found by: its name and description, its categories and its restaurant's
  // name, folded to lower case without diacritics (đ = d).
  await sql`create function food_search_text(p_name text, p_description text,
      p_restaurant_id integer, p_food_id integer) returns text
    language sql stable as $$
      select lower(immutable_unaccent(concat_ws(' ', p_name, p_description,
        (select name from restaurants where id = p_restaurant_id),
        (select string_agg(c.name, ' ' order by c.id)
           from food_categories fc join categories c on c.id = fc.category_id
          where fc.food_id = p_food_id))))
    $$`.execute(db);

  // BEFORE, so the copies are written with the row itself, not by a second UPDATE.
  await sql`create function foods_denormalise() returns trigger language plpgsql as $$
    declare r restaurants%rowtype;
    begin
      select * into r from restaurants where id = new.restaurant_id;
      new.lat := r.lat;
      new.lon := r.lon;
      new.listed := r.approval_status = 'approved' and new.deleted_at is null;
      new.search_text := food_search_text(new.name, new.description, new.restaurant_id, new.id);
      return new;
    end $$`.execute(db);
  await sql`create trigger foods_denormalise
    before insert or update of restaurant_id, deleted_at, name, description
    on foods for each row execute function foods_denormalise()`.execute(db);

  await sql`create function food_categories_refresh_search() returns trigger language plpgsql as $$
    declare food_id integer := coalesce(new.food_id, old.food_id);
    begin
      update foods f set search_text = food_search_text(f.name, f.description, f.restaurant_id, f.id)
      where f.id = food_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger food_categories_refresh_search after insert or delete
    on food_categories for each row execute function food_categories_refresh_search()`.execute(db);

  await sql`create function restaurants_sync_foods() returns trigger language plpgsql as $$
    begin
      update foods f set lat = new.lat, lon = new.lon,
        listed = new.approval_status = 'approved' and f.deleted_at is null,
        search_text = case when new.name is distinct from old.name
          then food_search_text(f.name, f.description, f.restaurant_id, f.id) else f.search_text end
      where f.restaurant_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger restaurants_sync_foods after update of lat, lon, approval_status, name
    on restaurants for each row execute function restaurants_sync_foods()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['reviews', 'toppings', 'food_categories', 'foods', 'restaurants']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function restaurants_sync_foods, food_categories_refresh_search, foods_denormalise,
    food_search_text, immutable_unaccent`.execute(db);
}
