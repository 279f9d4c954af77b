import { sql, type Kysely } from 'kysely';

/**
 * A customer's collection (docs/decisions/040-collections-and-reorder.md): saved dishes and
 * saved restaurants, one row each, newest first by `created_at`.
 *
 * The rows point at dishes and restaurants without caring whether they are shown today: a dish
 * deleted by its kitchen (soft delete) or a restaurant whose approval is withdrawn drops out of
 * the collection's replies by the read's own filters and comes back with them. A hard delete,
 * which only a developer does, takes the saved rows with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table favorite_foods (
    customer_id integer not null references users(id) on delete cascade,
    food_id integer not null references foods(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (customer_id, food_id)
  )`.execute(db);
  await sql`create index favorite_foods_newest on favorite_foods (customer_id, created_at desc)`.execute(
    db,
  );
  await sql`create table favorite_restaurants (
    customer_id integer not null references users(id) on delete cascade,
    restaurant_id integer not null references restaurants(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (customer_id, restaurant_id)
  )`.execute(db);
  await sql`create index favorite_restaurants_newest
    on favorite_restaurants (customer_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table favorite_restaurants, favorite_foods`.execute(db);
}
