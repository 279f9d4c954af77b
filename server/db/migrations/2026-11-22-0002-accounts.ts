import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('customer', 'staff', 'owner', 'admin')`),
    )
    .addColumn('phone', 'text')
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('full_name', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('address', 'text')
    .addColumn('gender', 'text', (col) => col.check(sql`gender in ('male', 'female', 'other')`))
    .addColumn('date_of_birth', 'date')
    .addColumn('avatar', 'text')
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A customer signs in by phone; everyone else by username (or email) and password.
    .addCheckConstraint(
      'users_sign_in_method',
      sql`(role = 'customer' and phone is not null)
          or (role <> 'customer' and username is not null and password_hash is not null)`,
    )
    .execute();

  // The same person may be a customer and an owner with one phone number: uniqueness holds
  // within customers and within staff-level accounts, each case-insensitive where it matters.
  await sql`create unique index users_customer_phone on users (phone) where role = 'customer'`.execute(
    db,
  );
  await sql`create unique index users_staff_phone on users (phone) where role <> 'customer' and phone is not null`.execute(
    db,
  );
  await sql`create unique index users_username on users (lower(username)) where username is not null`.execute(
    db,
  );
  await sql`create unique index users_staff_email on users (lower(email)) where role <> 'customer' and email is not null`.execute(
    db,
  );

  await db.schema
    .createTable('otp_challenges')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('login', 'change_phone')`),
    )
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('code_hmac', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('otp_challenges_phone')
    .on('otp_challenges')
    .columns(['phone', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_challenges_ip')
    .on('otp_challenges')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'uuid', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family_id')
    .execute();

  // Attempts counted per key over a sliding window (per-IP limits); rows older than a day
  // are pruned as new ones arrive.
  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_events_lookup')
    .on('rate_limit_events')
    .columns(['bucket', 'key', 'created_at'])
    .execute();

  // What the development SMS provider "sent", for the dev outbox and the e2e tests.
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone')
    .on('sms_outbox')
    .columns(['phone', 'id'])
    .execute();

  // Each named demo-data step runs at most once, so what a developer deletes stays deleted.
  await db.schema
    .createTable('seed_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'seed_runs',
    'sms_outbox',
    'rate_limit_events',
    'refresh_tokens',
    'otp_challenges',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
