import { sql, type Kysely } from 'kysely';

/**
 * `idempotency_keys.database_started_at`: the database server's start time
 * (`pg_postmaster_start_time()`) when the key was claimed. A restart ends every transaction, and
 * a key's reply commits with its work, so a key still running that was claimed before the
 * database last started has no owner at work on it any more: its retry takes it at once rather
 * than waiting out the lease (a retry that got 503 during a restart was told 409 for up to 30 s).
 * Rows from before this migration have none and keep their lease.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column database_started_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys drop column database_started_at`.execute(db);
}
