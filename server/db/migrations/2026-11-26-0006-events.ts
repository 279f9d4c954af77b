import { sql, type Kysely } from 'kysely';

/**
 * The events outbox (design.md section 9 'Events'): one row per thing that happened, written in
 * the transaction that caused it, so an event exists exactly when its change committed.
 *
 * - `id`: global and increasing; it is the SSE message id a client hands back as Last-Event-ID.
 * - The audience is one user (`user_id`) or one restaurant's staff (`restaurant_id`), never both
 *   and never neither; each has an index in id order, which is how a reconnect replays.
 * - `payload`: the small JSON a stream sends as the message's data.
 * - Rows older than the retention (7 days) are pruned; `created_at` is what that reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) =>
      col.references('restaurants.id').onDelete('cascade'),
    )
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_one_audience', sql`(user_id is null) <> (restaurant_id is null)`)
    .execute();
  await sql`create index events_user_replay on events (user_id, id) where user_id is not null`.execute(
    db,
  );
  await sql`create index events_restaurant_replay on events (restaurant_id, id)
    where restaurant_id is not null`.execute(db);
  await sql`create index events_created_at on events (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
}
