import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

const COUPON_COLUMNS = [
  'c.id',
  'c.code',
  'c.description',
  'c.kind',
  'c.value',
  'c.max_discount',
  'c.min_order',
  'c.restaurant_id',
  'r.name as restaurant_name',
  'c.food_ids',
  'c.starts_at',
  'c.ends_at',
  'c.usage_limit',
  'c.per_customer_limit',
  'c.used_count',
  'c.paused',
] as const;

function couponsWithRestaurant(db: Kysely<DB>) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('restaurants as r', 'r.id', 'c.restaurant_id')
    .select(COUPON_COLUMNS);
}

export type CouponRow = Awaited<ReturnType<typeof selectCouponByCode>> & {};

/**
 * A coupon by its stored (upper-case) code. `forUpdate` locks its row until the transaction
 * ends, so two orders redeeming the last use are decided one after the other.
 */
export function selectCouponByCode(db: Kysely<DB>, code: string, forUpdate = false) {
  const query = couponsWithRestaurant(db).where('c.code', '=', code);
  return (forUpdate ? query.forUpdate('c') : query).executeTakeFirst();
}

/**
 * Coupons that can be used at `now`: not paused, started, not ended, uses left; of every restaurant or,
 * given one, those valid there. A restaurant's coupon is shown only while it is approved.
 */
export function selectUsableCoupons(db: Kysely<DB>, now: Date, restaurantId?: number) {
  let query = couponsWithRestaurant(db)
    .where('c.paused', '=', false)
    .where('c.starts_at', '<=', now)
    .where((eb) => eb.or([eb('c.ends_at', 'is', null), eb('c.ends_at', '>', now)]))
    .where((eb) =>
      eb.or([eb('c.usage_limit', 'is', null), eb('c.used_count', '<', eb.ref('c.usage_limit'))]),
    )
    .where((eb) =>
      eb.or([eb('c.restaurant_id', 'is', null), eb('r.approval_status', '=', 'approved')]),
    );
  if (restaurantId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('c.restaurant_id', 'is', null), eb('c.restaurant_id', '=', restaurantId)]),
    );
  }
  return query.orderBy('c.id').execute();
}

/** Redemptions of a coupon by one customer that still count (their order was not cancelled). */
export async function countLiveRedemptions(
  db: Kysely<DB>,
  couponId: number,
  customerId: number,
): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('coupon_id', '=', couponId)
    .where('customer_id', '=', customerId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertRedemption(
  db: Kysely<DB>,
  values: { coupon_id: number; customer_id: number; order_id: number; discount: number },
): Promise<void> {
  await db.insertInto('coupon_redemptions').values(values).execute();
  // The CHECK used_count <= usage_limit refuses this if a use slipped past the locked check.
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', values.coupon_id)
    .execute();
}

/** Releases the order's redemption, if it has a live one; returns the coupon's id. */
export async function releaseRedemptionOfOrder(
  db: Kysely<DB>,
  orderId: number,
): Promise<number | null> {
  const released = await db
    .updateTable('coupon_redemptions')
    .set({ released_at: sql<Date>`now()` })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning('coupon_id')
    .executeTakeFirst();
  if (!released) return null;
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('id', '=', released.coupon_id)
    .execute();
  return released.coupon_id;
}
