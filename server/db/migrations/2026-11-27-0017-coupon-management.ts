import { sql, type Kysely } from 'kysely';

/**
 * Coupons managed by the platform and by owners (docs/decisions/044-coupons-by-the-platform-and-owners.md):
 * - `paused`: a coupon its maker stopped for now; it takes no new use until resumed, and the
 *   uses already made stay.
 * - `created_by`: who made it (an admin or the restaurant's owner); null for the seeded ones.
 * - `updated_at`: when it was last edited.
 * The unique upper-case `code` of the first coupons migration already makes codes unique
 * whatever the case they are typed in, so two makers racing for one code get one row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table coupons
    add column paused boolean not null default false,
    add column created_by integer references users(id),
    add column updated_at timestamptz not null default now()`.execute(db);
  await sql`create index coupons_restaurant on coupons (restaurant_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index coupons_restaurant`.execute(db);
  await sql`alter table coupons
    drop column updated_at,
    drop column created_by,
    drop column paused`.execute(db);
}
