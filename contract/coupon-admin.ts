import { z } from 'zod';
import { okReply } from './envelope';
import { idSchema, INT32_MAX, wholeNumber } from './numbers';
import { CouponKindSchema, CouponSchema } from './orders';

// Coupons made by the platform (admin, any scope) and by owners (their own restaurant,
// optionally some of its dishes). The customer's coupon calls (contract/orders.ts) are unchanged;
// these are the management calls, and the reply adds what only the coupon's managers see.

export const COUPON_CODE_RULE = 'Mã giảm giá gồm 4 đến 20 chữ cái hoặc chữ số, không dấu';
const PERCENT_MESSAGE = 'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100';
const FIXED_MESSAGE = 'Mức giảm phải là số tiền nguyên dương (đồng)';
const MAX_DISCOUNT_MESSAGE = 'Mức giảm tối đa phải là số tiền nguyên dương (đồng)';
const MIN_ORDER_MESSAGE = 'Đơn hàng tối thiểu phải là số tiền nguyên không âm (đồng)';
const USAGE_LIMIT_MESSAGE = 'Tổng lượt dùng phải là số nguyên dương';
const PER_CUSTOMER_MESSAGE = 'Số lượt mỗi khách phải là số nguyên dương';
const TIME_MESSAGE = 'Thời gian không hợp lệ (dạng ISO 8601, kèm múi giờ)';
const WINDOW_MESSAGE = 'Thời gian kết thúc phải sau thời gian bắt đầu';
const TYPE_MESSAGE = "Loại giảm giá phải là 'percent' hoặc 'fixed'";
const FOODS_MESSAGE = 'Danh sách món không hợp lệ';

/** A new code as its maker types it: 4-20 letters and digits, stored upper-case. */
export const NewCouponCodeSchema = z
  .string({ error: COUPON_CODE_RULE })
  .trim()
  .regex(/^[A-Za-z0-9]{4,20}$/, COUPON_CODE_RULE)
  .transform((code) => code.toUpperCase());

const TimeSchema = z.iso.datetime({ offset: true, error: TIME_MESSAGE });
/** Money in đồng: the columns are PostgreSQL integers. */
const money = (message: string, min: number) => wholeNumber(message, min, INT32_MAX);

/** `type` as the body names it; it is the stored and replied `kind`. */
export const CouponTypeSchema = z.enum(['percent', 'fixed'], { error: TYPE_MESSAGE });

const couponFields = {
  code: NewCouponCodeSchema,
  type: CouponTypeSchema,
  /** percent: 1-100; fixed: đồng > 0 (checked against `type` below). */
  value: money(FIXED_MESSAGE, 1),
  max_discount: money(MAX_DISCOUNT_MESSAGE, 1).nullable(),
  min_order: money(MIN_ORDER_MESSAGE, 0),
  starts_at: TimeSchema,
  ends_at: TimeSchema.nullable(),
  usage_limit: money(USAGE_LIMIT_MESSAGE, 1).nullable(),
  per_customer_limit: money(PER_CUSTOMER_MESSAGE, 1).nullable(),
  /** Dishes of the coupon's restaurant; null or absent = any dish. */
  food_ids: z
    .array(idSchema(FOODS_MESSAGE), { error: FOODS_MESSAGE })
    .min(1, FOODS_MESSAGE)
    .max(100, FOODS_MESSAGE)
    .nullable(),
};

interface WindowAndValue {
  type?: 'percent' | 'fixed' | undefined;
  value?: number | undefined;
  starts_at?: string | undefined;
  ends_at?: string | null | undefined;
}

/** The rules between fields that one body alone can break. */
function checkBody(body: WindowAndValue, ctx: z.RefinementCtx) {
  if (body.type === 'percent' && body.value !== undefined && body.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MESSAGE });
  }
  if (
    body.starts_at !== undefined &&
    body.ends_at !== undefined &&
    body.ends_at !== null &&
    Date.parse(body.ends_at) <= Date.parse(body.starts_at)
  ) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: WINDOW_MESSAGE });
  }
}

/** POST /api/staff/coupons/: the owner's restaurant is the scope. */
export const StaffCouponCreateBodySchema = z
  .object({
    code: couponFields.code,
    type: couponFields.type,
    value: couponFields.value,
    max_discount: couponFields.max_discount.optional(),
    min_order: couponFields.min_order.optional(),
    starts_at: couponFields.starts_at.optional(),
    ends_at: couponFields.ends_at.optional(),
    usage_limit: couponFields.usage_limit.optional(),
    per_customer_limit: couponFields.per_customer_limit.optional(),
    food_ids: couponFields.food_ids.optional(),
  })
  .superRefine(checkBody);

/** POST /api/admin/coupons/: any scope; no `restaurant_id` = every restaurant. */
export const AdminCouponCreateBodySchema = z
  .object({
    ...StaffCouponCreateBodySchema.shape,
    restaurant_id: idSchema('Nhà hàng không hợp lệ').nullable().optional(),
  })
  .superRefine(checkBody);

/**
 * PUT .../coupons/{id}/: only the fields given change; null clears an optional one.
 * `paused: true` stops new uses until `paused: false` (uses already made stay); `expire: true`
 * ends the coupon now (ends_at = the server's now), for good unless a later edit moves ends_at.
 */
const editFields = {
  code: couponFields.code.optional(),
  type: couponFields.type.optional(),
  value: couponFields.value.optional(),
  max_discount: couponFields.max_discount.optional(),
  min_order: couponFields.min_order.optional(),
  starts_at: couponFields.starts_at.optional(),
  ends_at: couponFields.ends_at.optional(),
  usage_limit: couponFields.usage_limit.optional(),
  per_customer_limit: couponFields.per_customer_limit.optional(),
  food_ids: couponFields.food_ids.optional(),
  paused: z.boolean({ error: 'Trạng thái tạm dừng phải là true hoặc false' }).optional(),
  expire: z.literal(true, { error: 'Chỉ có thể gửi expire: true' }).optional(),
};

export const StaffCouponEditBodySchema = z.object(editFields).superRefine(checkBody);
export const AdminCouponEditBodySchema = z
  .object({ ...editFields, restaurant_id: AdminCouponCreateBodySchema.shape.restaurant_id })
  .superRefine(checkBody);

/** A managed coupon: the customer's shape (`kind`), `type` the same value, and usage so far. */
export const ManagedCouponSchema = CouponSchema.extend({
  type: CouponKindSchema,
  usage_limit: z.number().int().nullable(),
  paused: z.boolean(),
  /** Uses by orders that were not cancelled. */
  used_count: z.number().int(),
  /** Distinct customers among those uses. */
  customers: z.number().int(),
  /** Sum of their discounts, đồng. */
  discount_given: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ManagedCouponReplySchema = okReply(ManagedCouponSchema);
export const ManagedCouponListReplySchema = okReply(
  z.object({ items: z.array(ManagedCouponSchema) }),
);

export type ManagedCoupon = z.infer<typeof ManagedCouponSchema>;
export type StaffCouponCreateBody = z.infer<typeof StaffCouponCreateBodySchema>;
export type AdminCouponCreateBody = z.infer<typeof AdminCouponCreateBodySchema>;
export type StaffCouponEditBody = z.infer<typeof StaffCouponEditBodySchema>;
export type AdminCouponEditBody = z.infer<typeof AdminCouponEditBodySchema>;
