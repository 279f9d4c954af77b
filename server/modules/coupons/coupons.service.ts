import type { Kysely } from 'kysely';
import type { Coupon, CouponApplyBody, CouponApplyResult } from '#contract/orders';
import type { DB } from '#server/db/schema';
import { AppError, type ErrorCode } from '#server/errors';
import { formatVnd } from '#server/lib/format-vnd';
import {
  countLiveRedemptions,
  insertRedemption,
  releaseRedemptionOfOrder,
  selectCouponByCode,
  selectUsableCoupons,
  type CouponRow,
} from './coupons.queries';

/** Every refusal of a coupon, for the routes that apply one to declare in their replies. */
export const COUPON_REFUSALS = [
  'COUPON_CUSTOMER_LIMIT',
  'COUPON_EXPIRED',
  'COUPON_MIN_ORDER',
  'COUPON_NOT_APPLICABLE',
  'COUPON_NOT_FOUND',
  'COUPON_NOT_STARTED',
  'COUPON_PAUSED',
  'COUPON_USED_UP',
  'COUPON_WRONG_RESTAURANT',
] as const satisfies readonly ErrorCode[];

/** A coupon as customers see it (spec 7.4). */
export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    max_discount: row.max_discount,
    min_order: row.min_order,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    food_ids: row.food_ids,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    remaining: row.usage_limit === null ? null : Math.max(0, row.usage_limit - row.used_count),
    per_customer_limit: row.per_customer_limit,
  };
}

/**
 * Percent: that share of the order, rounded down to the đồng, capped by `max_discount`;
 * fixed: its value. Never more than the order itself.
 */
export function discountOf(
  coupon: Pick<CouponRow, 'kind' | 'value' | 'max_discount'>,
  amount: number,
): number {
  let discount =
    coupon.kind === 'percent' ? Math.floor((amount * coupon.value) / 100) : coupon.value;
  if (coupon.kind === 'percent' && coupon.max_discount !== null) {
    discount = Math.min(discount, coupon.max_discount);
  }
  return Math.min(discount, amount);
}

export interface CouponCheck {
  /** Normalised (trimmed, upper-case) by CouponCodeSchema. */
  code: string;
  customerId: number;
  orderAmount: number;
  restaurantId: number;
  foodIds: readonly number[];
  now?: Date;
  /**
   * Order creation passes true inside its transaction: the coupon row stays locked until the
   * order commits, so the usage counts read here cannot change before the redemption.
   */
  lock?: boolean;
}

export interface CouponEvaluation {
  coupon: Coupon;
  discount: number;
  payable: number;
}

/**
 * Every rule of design.md section 5, in a fixed order, the first failure refusing with its
 * code and reason. /api/coupon/apply previews with it and order creation enforces it, so a
 * preview never promises what the order then refuses (except when the state changed between).
 */
export async function evaluateCoupon(
  db: Kysely<DB>,
  check: CouponCheck,
): Promise<CouponEvaluation> {
  const now = check.now ?? new Date();
  const row = await selectCouponByCode(db, check.code, check.lock ?? false);
  if (!row) throw new AppError('COUPON_NOT_FOUND');
  // Its maker stopped it for now (decision 044): said as such, so the customer knows it may return.
  if (row.paused) throw new AppError('COUPON_PAUSED');
  if (row.starts_at > now) throw new AppError('COUPON_NOT_STARTED');
  if (row.ends_at !== null && row.ends_at <= now) throw new AppError('COUPON_EXPIRED');
  if (row.usage_limit !== null && row.used_count >= row.usage_limit) {
    throw new AppError('COUPON_USED_UP');
  }
  if (
    row.per_customer_limit !== null &&
    (await countLiveRedemptions(db, row.id, check.customerId)) >= row.per_customer_limit
  ) {
    throw new AppError('COUPON_CUSTOMER_LIMIT');
  }
  if (row.restaurant_id !== null && row.restaurant_id !== check.restaurantId) {
    throw new AppError('COUPON_WRONG_RESTAURANT');
  }
  // Dish scope decides eligibility only: the discount is on the whole order (decision 010).
  if (row.food_ids !== null && !check.foodIds.some((id) => row.food_ids!.includes(id))) {
    throw new AppError('COUPON_NOT_APPLICABLE');
  }
  if (check.orderAmount < row.min_order) {
    throw new AppError('COUPON_MIN_ORDER', {
      message: `Đơn hàng tối thiểu ${formatVnd(row.min_order)} để dùng mã này`,
    });
  }
  const discount = discountOf(row, check.orderAmount);
  return { coupon: toCoupon(row), discount, payable: check.orderAmount - discount };
}

/** GET /api/coupon/: what can be used now, everywhere or at one restaurant. */
export async function listUsableCoupons(
  db: Kysely<DB>,
  restaurantId?: number,
  now = new Date(),
): Promise<{ items: Coupon[] }> {
  return { items: (await selectUsableCoupons(db, now, restaurantId)).map(toCoupon) };
}

/** GET /api/coupon/code/{code}: the coupon whatever its state (apply tells whether it fits). */
export async function getCoupon(db: Kysely<DB>, code: string): Promise<Coupon> {
  const row = await selectCouponByCode(db, code);
  if (!row) throw new AppError('COUPON_NOT_FOUND');
  return toCoupon(row);
}

/** POST /api/coupon/apply: the preview of what the order would get. */
export async function applyCoupon(
  db: Kysely<DB>,
  customerId: number,
  body: CouponApplyBody,
  now = new Date(),
): Promise<CouponApplyResult> {
  const result = await evaluateCoupon(db, {
    code: body.code,
    customerId,
    orderAmount: body.order_amount,
    restaurantId: body.restaurant_id,
    foodIds: body.food_ids,
    now,
  });
  return { code: result.coupon.code, order_amount: body.order_amount, ...result };
}

/**
 * Records the use by an order, inside the order's transaction and after evaluateCoupon with
 * `lock: true` in that same transaction.
 */
export async function redeemCoupon(
  trx: Kysely<DB>,
  redemption: { couponId: number; customerId: number; orderId: number; discount: number },
): Promise<void> {
  await insertRedemption(trx, {
    coupon_id: redemption.couponId,
    customer_id: redemption.customerId,
    order_id: redemption.orderId,
    discount: redemption.discount,
  });
}

/** Gives the use back when its order is cancelled (in the cancel's transaction). */
export async function releaseCouponOfOrder(trx: Kysely<DB>, orderId: number): Promise<void> {
  await releaseRedemptionOfOrder(trx, orderId);
}
