import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/**
 * Registers an endpoint for `userId`, or moves it to them with its new keys: a push service
 * hands one endpoint to one browser profile, so the latest sign-in on it owns it. Re-registering
 * counts as new for the per-user limit. Returns the subscription's id.
 */
export async function upsertSubscription(
  db: Kysely<DB>,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  // Written out: the builder's types (rightly) never let created_at be set, but a re-registered
  // endpoint is a fresh one for the oldest-first trimming.
  const saved = await sql<{ id: number }>`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    values (${row.user_id}, ${row.endpoint}, ${row.p256dh}, ${row.auth})
    on conflict (endpoint) do update
      set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
          created_at = now()
    returning id`.execute(db);
  return Number(saved.rows[0]!.id);
}

/**
 * Drops the queued pushes of a subscription that belong to someone other than its user now:
 * a device signed into another account must not receive the previous account's news.
 */
export async function deleteDeliveriesOfOtherUsers(
  db: Kysely<DB>,
  subscriptionId: number,
  userId: number,
): Promise<void> {
  await db
    .deleteFrom('push_deliveries')
    .where('subscription_id', '=', subscriptionId)
    .where('notification_id', 'in', (eb) =>
      eb.selectFrom('notifications').select('id').where('user_id', '<>', userId),
    )
    .execute();
}

/** Keeps a user's `keep` newest subscriptions and deletes the rest (their queue goes too). */
export async function deleteOldestSubscriptions(
  db: Kysely<DB>,
  userId: number,
  keep: number,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Removes `endpoint` if `userId` owns it; nothing otherwise. */
export async function deleteSubscriptionOfUser(
  db: Kysely<DB>,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Queues one push of `notificationId` to every browser `userId` has subscribed, in the caller's
 * transaction; the number queued.
 */
export async function insertDeliveriesForUser(
  db: Kysely<DB>,
  notificationId: number,
  userId: number,
): Promise<number> {
  const result = await db
    .insertInto('push_deliveries')
    .columns(['notification_id', 'subscription_id'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select([eb.val(notificationId).as('notification_id'), 'id as subscription_id'])
        .where('user_id', '=', userId),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** One queued push with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Takes up to `limit` due deliveries for this worker: rows another transaction holds are
 * skipped (SKIP LOCKED), and the ones taken are leased, their next attempt moved `leaseSeconds`
 * ahead and the attempt counted, before the lock is released. Another instance therefore never
 * sends them at the same time, and a worker that dies mid-send leaves them due again after the
 * lease. Run inside a transaction.
 */
export async function claimDueDeliveries(
  trx: Kysely<DB>,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const due = await trx
    .selectFrom('push_deliveries')
    .select('id')
    .where('gave_up_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  await trx
    .updateTable('push_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('id', 'in', ids)
    .execute();
  return trx
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .innerJoin('notifications as n', 'n.id', 'd.notification_id')
    .select([
      'd.id',
      'd.attempts',
      'd.subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      'n.kind',
      'n.title',
      'n.body',
      'n.url',
      'n.tag',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
}

/** Delivered: the row leaves the queue and its subscription is known to work. */
export async function completeDelivery(
  db: Kysely<DB>,
  deliveryId: number,
  subscriptionId: number,
): Promise<void> {
  await db.deleteFrom('push_deliveries').where('id', '=', deliveryId).execute();
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: sql`now()` })
    .where('id', '=', subscriptionId)
    .execute();
}

/** The push service no longer knows the subscription: it goes, with its queue (cascade). */
export async function deleteSubscription(db: Kysely<DB>, subscriptionId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}

/** A failed attempt to be tried again after `delayMs`. */
export async function rescheduleDelivery(
  db: Kysely<DB>,
  deliveryId: number,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({
      next_attempt_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      last_error: error,
    })
    .where('id', '=', deliveryId)
    .execute();
}

/** A delivery that will not be tried again, kept for a look. */
export async function giveUpDelivery(
  db: Kysely<DB>,
  deliveryId: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ gave_up_at: sql`now()`, last_error: error })
    .where('id', '=', deliveryId)
    .execute();
}

/** Milliseconds until the earliest pending delivery is due (0 if one is), or null if none. */
export async function selectNextDueInMs(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('push_deliveries')
    .select(
      sql<
        string | number | null
      >`extract(epoch from (min(next_attempt_at) - clock_timestamp())) * 1000`.as('ms'),
    )
    .where('gave_up_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.ms === null ? null : Math.max(0, Number(row.ms));
}
