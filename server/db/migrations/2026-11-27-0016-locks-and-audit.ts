import { sql, type Kysely } from 'kysely';

/**
 * Locked accounts and the admin audit log (docs/decisions/043-locked-accounts-and-the-audit-log.md).
 *
 * `users.locked_at` null means the account may sign in; the access guard reads it on every
 * authenticated request, by primary key, so a lock takes effect at once. The audit log keeps
 * every admin action with the row's state before and after, written in the action's own
 * transaction; it outlives the accounts it names, so it holds plain ids, not foreign keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users
    add column locked_at timestamptz,
    add column locked_by integer references users(id) on delete set null,
    add column locked_reason text`.execute(db);
  await sql`create table admin_audit_log (
    id serial primary key,
    actor_id integer not null,
    action text not null,
    target_type text not null,
    target_id integer not null,
    before jsonb,
    after jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index admin_audit_log_action on admin_audit_log (action, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table admin_audit_log`.execute(db);
  await sql`alter table users drop column locked_at, drop column locked_by,
    drop column locked_reason`.execute(db);
}
