import { z } from 'zod';
import { okReply, PaginationSchema } from './envelope';
import { LatSchema, LonSchema } from './geo';
import { normalizePhone, PHONE_INVALID } from './fields';
import { idSchema, pageParam, perPageParam } from './numbers';
import { LineOptionSchema } from './options';

// --- Coupons (spec 7.4, design.md section 5) ---

export const COUPON_INVALID_MESSAGE = 'Mã giảm giá không hợp lệ';

/**
 * A coupon code as typed: surrounding spaces dropped, matched case-insensitively (stored
 * upper-case), 3-32 letters, digits, '-' or '_'. Anything else is 'Mã giảm giá không hợp lệ'.
 */
export const CouponCodeSchema = z
  .string({ error: COUPON_INVALID_MESSAGE })
  .trim()
  .max(32, COUPON_INVALID_MESSAGE)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,32}$/, COUPON_INVALID_MESSAGE));

export const CouponKindSchema = z.enum(['percent', 'fixed']);

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  /** percent: `value` % of the order; fixed: `value` đồng. */
  kind: CouponKindSchema,
  value: z.number().int(),
  /** Cap of a percent discount, đồng; null = no cap. */
  max_discount: z.number().int().nullable(),
  min_order: z.number().int(),
  /** Null = every restaurant. */
  restaurant_id: z.number().int().nullable(),
  restaurant_name: z.string().nullable(),
  /** The order must contain one of these dishes; null = any dish. */
  food_ids: z.array(z.number().int()).nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  /** Uses left over all customers; null = unlimited. */
  remaining: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
});

export const CouponListReplySchema = okReply(z.object({ items: z.array(CouponSchema) }));
export const CouponReplySchema = okReply(CouponSchema);
export const CouponCodeParamsSchema = z.object({ code: CouponCodeSchema });

const MONEY_MESSAGE = 'Số tiền không hợp lệ';
const IdSchema = idSchema();

/** Spec 7.4: a preview with the rules order creation enforces. */
export const CouponApplyBodySchema = z.object({
  code: CouponCodeSchema,
  order_amount: z
    .number({ error: MONEY_MESSAGE })
    .int(MONEY_MESSAGE)
    .min(0, MONEY_MESSAGE)
    .max(1_000_000_000, MONEY_MESSAGE),
  restaurant_id: IdSchema,
  food_ids: z.array(IdSchema).max(100, 'Danh sách món không hợp lệ').default([]),
});

/** Refusals are error replies (code COUPON_*, the reason as message); this is a success. */
export const CouponApplyResultSchema = z.object({
  code: z.string(),
  order_amount: z.number().int(),
  discount: z.number().int(),
  /** max(0, order_amount - discount). */
  payable: z.number().int(),
  coupon: CouponSchema,
});

export const CouponApplyReplySchema = okReply(CouponApplyResultSchema);

// --- Orders (spec sections 3, 4 and 7.4) ---

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'accepted',
  'done',
  'completed',
  'cancelled',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const DELIVERY_REQUIRED_MESSAGE = 'Vui lòng nhập địa chỉ và số điện thoại';

/** Spec section 5, 'Checkout': address and phone required with one message; the note optional. */
export const CreateOrderBodySchema = z.object({
  delivery_address: z
    .string({ error: DELIVERY_REQUIRED_MESSAGE })
    .trim()
    .min(1, DELIVERY_REQUIRED_MESSAGE)
    .max(500, 'Địa chỉ tối đa 500 ký tự'),
  delivery_phone: z
    .string({ error: DELIVERY_REQUIRED_MESSAGE })
    .trim()
    .min(1, DELIVERY_REQUIRED_MESSAGE)
    .max(20, PHONE_INVALID)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
        return z.NEVER;
      }
      return phone;
    }),
  delivery_note: z.string().trim().max(500, 'Ghi chú tối đa 500 ký tự').optional(),
  /** Empty or blank means no coupon. */
  coupon_code: z
    .string({ error: COUPON_INVALID_MESSAGE })
    .trim()
    .max(32, COUPON_INVALID_MESSAGE)
    .transform((code) => code.toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z0-9_-]{3,32}$/, COUPON_INVALID_MESSAGE)]))
    .optional(),
  /** The delivery location; when given, the order is refused outside the delivery area. */
  lat: LatSchema.optional(),
  lon: LonSchema.optional(),
});

export const CancelOrderBodySchema = z.object({
  reason: z
    .string({ error: 'Vui lòng nhập lý do hủy đơn' })
    .trim()
    .min(1, 'Vui lòng nhập lý do hủy đơn')
    .max(500, 'Lý do hủy tối đa 500 ký tự'),
});

export const OrderItemSchema = z.object({
  id: z.number().int(),
  food_id: z.number().int(),
  food_name: z.string(),
  food_image: z.string().nullable(),
  /** Unit price with the toppings, as ordered. */
  price: z.number().int(),
  quantity: z.number().int(),
  subtotal: z.number().int(),
  toppings: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int() })),
  /** Every choice as ordered, by group (toppings included), and the customer's note. */
  options: z.array(LineOptionSchema),
  note: z.string(),
  has_reviewed: z.boolean(),
});

/** Spec section 3 Order, plus the amounts, the coupon and the status times. */
export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  customer_name: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping_fee: z.number().int(),
  total_amount: z.number().int(),
  /** The same as total_amount: the spec reads either name. */
  total: z.number().int(),
  coupon_code: z.string().nullable(),
  item_count: z.number().int(),
  delivery_address: z.string(),
  delivery_phone: z.string(),
  delivery_note: z.string(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  done_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  items: z.array(OrderItemSchema),
});

export const OrderListQuerySchema = z.object({
  page: pageParam(),
  per_page: perPageParam().default(10),
  status: OrderStatusSchema.optional(),
});

export const OrderListReplySchema = okReply(
  z.object({ items: z.array(OrderSchema), pagination: PaginationSchema }),
);
export const OrderReplySchema = okReply(OrderSchema);
/** Spec 7.4: the id is read from data.order.id or data.id; both are given. */
export const CreateOrderReplySchema = okReply(
  z.object({ id: z.number().int(), order: OrderSchema }),
);

export type Coupon = z.infer<typeof CouponSchema>;
export type CouponApplyBody = z.infer<typeof CouponApplyBodySchema>;
export type CouponApplyResult = z.infer<typeof CouponApplyResultSchema>;
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;
export type Order = z.infer<typeof OrderSchema>;
export type OrderItem = z.infer<typeof OrderItemSchema>;
