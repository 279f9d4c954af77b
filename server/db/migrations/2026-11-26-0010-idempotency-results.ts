import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys held under a lease, their reply written with the work.
 *
 * - `lease_token`: a random value per claim. The reply is written only where the row still
 *   carries the writer's token, so a request whose key was taken over by a retry can no longer
 *   commit its work: the UPDATE finds nothing and its transaction rolls back.
 * - `lease_expires_at`: until then the claim's owner is presumed alive and a retry is told to
 *   wait (409); after it, a key still running is handed to the retry. Because the reply commits
 *   in the same transaction as the work, a key still running past its lease had no work
 *   committed, and running it again is correct.
 * Rows from before this migration get the two minutes they had then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('lease_token', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .execute();
  await sql`update idempotency_keys set lease_expires_at = created_at + interval '2 minutes'`.execute(
    db,
  );
  await db.schema
    .alterTable('idempotency_keys')
    .alterColumn('lease_expires_at', (col) => col.setNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .dropColumn('lease_token')
    .dropColumn('lease_expires_at')
    .execute();
}
