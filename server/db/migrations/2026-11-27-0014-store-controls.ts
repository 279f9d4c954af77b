import { sql, type Kysely } from 'kysely';

/**
 * Store controls of a restaurant (docs/decisions/036-store-controls.md): the end of a busy
 * pause, the delivery radius and auto-accept.
 *
 * Dishes carry a copy of their restaurant's radius, kept by triggers like their copy of its
 * coordinates (migration 0003), so the nearest-first list keeps its GiST KNN scan over dishes
 * and filters 'delivers here' on the row it already reads, never a join per candidate. The
 * copy has triggers of its own rather than a change to the ones of 0003: each concern stays
 * in one place, and the older functions are left exactly as they landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table restaurants
    add column paused_until timestamptz,
    add column delivery_radius_km integer not null default 10
      check (delivery_radius_km between 1 and 50),
    add column auto_accept boolean not null default false`.execute(db);

  // Maintained by the triggers below; never written by application code.
  await sql`alter table foods add column delivery_radius_km integer not null default 10`.execute(
    db,
  );
  await sql`update foods f set delivery_radius_km = r.delivery_radius_km
    from restaurants r where r.id = f.restaurant_id
      and f.delivery_radius_km is distinct from r.delivery_radius_km`.execute(db);

  await sql`create function foods_copy_radius() returns trigger language plpgsql as $$
    begin
      select r.delivery_radius_km into new.delivery_radius_km
      from restaurants r where r.id = new.restaurant_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger foods_copy_radius before insert or update of restaurant_id
    on foods for each row execute function foods_copy_radius()`.execute(db);

  await sql`create function restaurants_sync_radius() returns trigger language plpgsql as $$
    begin
      update foods set delivery_radius_km = new.delivery_radius_km where restaurant_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger restaurants_sync_radius after update of delivery_radius_km
    on restaurants for each row
    when (old.delivery_radius_km is distinct from new.delivery_radius_km)
    execute function restaurants_sync_radius()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger restaurants_sync_radius on restaurants`.execute(db);
  await sql`drop trigger foods_copy_radius on foods`.execute(db);
  await sql`drop function restaurants_sync_radius, foods_copy_radius`.execute(db);
  await sql`alter table foods drop column delivery_radius_km`.execute(db);
  await sql`alter table restaurants drop column paused_until, drop column delivery_radius_km,
    drop column auto_accept`.execute(db);
}
