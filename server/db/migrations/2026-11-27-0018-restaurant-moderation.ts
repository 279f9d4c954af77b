import { sql, type Kysely } from 'kysely';

/**
 * Restaurant moderation by an admin (docs/decisions/046-restaurant-moderation-and-the-money-overview.md):
 * - `approval_decided_at`: when an admin last approved or rejected the restaurant; the console
 *   lists decided restaurants newest decision first. Restaurants decided before this column
 *   existed take their last update as the best moment known.
 * - `admin_paused_reason`: non-null while an admin has paused the restaurant for breaking the
 *   rules (is_active is then false); its owner cannot switch it back on until an admin resumes it.
 * The two indexes serve the console's lists: the queue oldest first, the decided newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table restaurants
    add column approval_decided_at timestamptz,
    add column admin_paused_reason text`.execute(db);
  await sql`update restaurants set approval_decided_at = updated_at
    where approval_status <> 'pending'`.execute(db);
  await sql`create index restaurants_approval_queue
    on restaurants (approval_status, created_at, id)`.execute(db);
  await sql`create index restaurants_approval_decided
    on restaurants (approval_status, approval_decided_at desc nulls last, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index restaurants_approval_decided`.execute(db);
  await sql`drop index restaurants_approval_queue`.execute(db);
  await sql`alter table restaurants
    drop column admin_paused_reason,
    drop column approval_decided_at`.execute(db);
}
