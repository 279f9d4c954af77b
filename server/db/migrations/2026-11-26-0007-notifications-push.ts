import { sql, type Kysely } from 'kysely';

/**
 * The inbox and Web Push.
 *
 * - `notifications`: one row per thing a user should hear about, written in the transaction of
 *   the change (like the events outbox). `kind` names what happened ('order.accepted'); `tag`
 *   groups a subject's notifications ('order-42') so a newer push replaces an older one on the
 *   device. Unread ones have `read_at` null; a partial index keeps the bell's count cheap.
 * - `push_subscriptions`: a browser's PushSubscription (endpoint and the two keys the payload is
 *   encrypted with), one row per endpoint; a 404 or 410 from the push service deletes it.
 * - `push_deliveries`: the push queue, one row per notification and subscription, written with
 *   the notification, so a push is sent after commit and never lost: a worker takes due rows
 *   with SKIP LOCKED (one instance per row), deletes a row once delivered, and on a failure
 *   moves `next_attempt_at` on with backoff until it gives up (`gave_up_at`, kept for a look).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index notifications_user_newest on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_user_unread on notifications (user_id)
    where read_at is null`.execute(db);

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);

  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('notification_id', 'bigint', (col) =>
      col.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'bigint', (col) =>
      col.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('gave_up_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index push_deliveries_due on push_deliveries (next_attempt_at)
    where gave_up_at is null`.execute(db);
  await sql`create index push_deliveries_subscription on push_deliveries (subscription_id)`.execute(
    db,
  );
  await sql`create index push_deliveries_notification on push_deliveries (notification_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('notifications').execute();
}
