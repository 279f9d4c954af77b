import { sql, type Kysely } from 'kysely';

/**
 * State that lived on one app instance moves into the database, and staff sign-in failures
 * are counted per account and source (docs/decisions/025).
 *
 * - `login_throttles`: wrong passwords per account and source address. From the fifth in a
 *   row, that pair waits before its next try (1 s, 2 s, 4 s ... 15 minutes); a success from
 *   the source deletes its row. Replaces `users.failed_logins` / `locked_until`, which locked
 *   the account for everyone, its owner's own device included.
 * - `vnpay_sandbox_transactions` and `vnpay_sandbox_requests`: what the development VNPay
 *   sandbox has seen (payment pages shown, their outcomes, querydr request ids), so a page
 *   opened through one instance can be paid and queried through another and after a restart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_throttles_pkey', ['user_id', 'source'])
    .execute();
  await sql`create index login_throttles_last_failure on login_throttles (last_failure_at)`.execute(
    db,
  );
  await db.schema.alterTable('users').dropColumn('failed_logins').execute();
  await db.schema.alterTable('users').dropColumn('locked_until').execute();

  await db.schema
    .createTable('vnpay_sandbox_transactions')
    .addColumn('txn_ref', 'text', (col) => col.primaryKey())
    // vnp_Amount as the request sent it (VND x 100, digits), echoed back by querydr.
    .addColumn('amount', 'text', (col) => col.notNull())
    .addColumn('order_info', 'text', (col) => col.notNull())
    .addColumn('create_date', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('open', 'final')`))
    .addColumn('otp_failures', 'integer', (col) => col.notNull().defaultTo(0))
    // The signed result parameters once final; querydr reads its status from them.
    .addColumn('result', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index vnpay_sandbox_transactions_updated
    on vnpay_sandbox_transactions (updated_at)`.execute(db);
  await db.schema
    .createTable('vnpay_sandbox_requests')
    .addColumn('request_id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index vnpay_sandbox_requests_created
    on vnpay_sandbox_requests (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vnpay_sandbox_requests').execute();
  await db.schema.dropTable('vnpay_sandbox_transactions').execute();
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('locked_until', 'timestamptz').execute();
  await db.schema.dropTable('login_throttles').execute();
}
