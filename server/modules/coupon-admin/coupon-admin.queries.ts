import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { CouponsTable, DB } from '#server/db/schema';

/** Usage that still counts: redemptions whose order was not cancelled. */
function liveUsage(db: Kysely<DB>) {
  return db
    .selectFrom('coupon_redemptions')
    .where('released_at', 'is', null)
    .groupBy('coupon_id')
    .select([
      'coupon_id',
      sql<number>`count(distinct customer_id)::int`.as('customers'),
      sql<number>`coalesce(sum(discount), 0)::int`.as('discount_given'),
    ]);
}

function managedCoupons(db: Kysely<DB>) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('restaurants as r', 'r.id', 'c.restaurant_id')
    .leftJoin(liveUsage(db).as('u'), 'u.coupon_id', 'c.id')
    .select([
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
      'c.created_at',
      'c.updated_at',
      sql<number>`coalesce(u.customers, 0)`.as('customers'),
      sql<number>`coalesce(u.discount_given, 0)`.as('discount_given'),
    ]);
}

export type ManagedCouponRow = Awaited<ReturnType<typeof selectManagedCoupon>> & {};

/** Every coupon (restaurantId undefined) or one restaurant's, newest first. */
export function selectManagedCoupons(db: Kysely<DB>, restaurantId?: number) {
  let query = managedCoupons(db);
  if (restaurantId !== undefined) query = query.where('c.restaurant_id', '=', restaurantId);
  return query.orderBy('c.id', 'desc').execute();
}

export function selectManagedCoupon(db: Kysely<DB>, id: number) {
  return managedCoupons(db).where('c.id', '=', id).executeTakeFirst();
}

/** The coupon's row, locked until the edit's transaction ends so uses cannot slip in between. */
export function selectCouponForEdit(db: Kysely<DB>, id: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function restaurantExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of `foodIds` are dishes of the restaurant (deleted ones excluded). */
export async function countDishesOf(
  db: Kysely<DB>,
  restaurantId: number,
  foodIds: readonly number[],
): Promise<number> {
  const row = await db
    .selectFrom('foods')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('restaurant_id', '=', restaurantId)
    .where('id', 'in', [...foodIds])
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The most live uses of the coupon by any one customer. */
export async function selectMostUsesByOneCustomer(
  db: Kysely<DB>,
  couponId: number,
): Promise<number> {
  const perCustomer = db
    .selectFrom('coupon_redemptions')
    .select(sql<number>`count(*)`.as('n'))
    .where('coupon_id', '=', couponId)
    .where('released_at', 'is', null)
    .groupBy('customer_id')
    .as('per_customer');
  const row = await db
    .selectFrom(perCustomer)
    .select(sql<number>`coalesce(max(per_customer.n), 0)::int`.as('most'))
    .executeTakeFirstOrThrow();
  return row.most;
}

export async function insertCoupon(db: Kysely<DB>, values: Insertable<CouponsTable>) {
  const row = await db
    .insertInto('coupons')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCoupon(db: Kysely<DB>, id: number, values: Updateable<CouponsTable>) {
  await db
    .updateTable('coupons')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
