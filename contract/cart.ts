import { z } from 'zod';
import { CART_MAX_QUANTITY, CART_MAX_TOPPINGS, CART_MIN_QUANTITY } from './cart-limits';
import { okReply } from './envelope';
import { LatSchema, LonSchema } from './geo';
import { idParam, idSchema } from './numbers';
import {
  LineNoteSchema,
  LineOptionSchema,
  OPTION_GROUPS_MAX,
  OPTIONS_PER_GROUP_MAX,
} from './options';

export {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CART_MAX_TOPPINGS,
  CART_MIN_QUANTITY,
  EMPTY_CART,
  ORDER_MAX_SUBTOTAL,
} from './cart-limits';

const QUANTITY_MESSAGE = `Số lượng phải là số nguyên từ ${CART_MIN_QUANTITY} đến ${CART_MAX_QUANTITY}`;

/** A whole number of dishes; 0, negatives, 1.5, 10^9 and text are refused with one message. */
export const QuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(CART_MIN_QUANTITY, QUANTITY_MESSAGE)
  .max(CART_MAX_QUANTITY, QUANTITY_MESSAGE);

/**
 * Spec section 3, 'Add-to-cart payload', plus the dish's option choices, the line's note and the
 * customer's location. Topping and option ids are one set: order and repeats do not matter, and
 * a topping may come in either list. `lat` and `lon` (the delivery location), when given, are
 * checked against the restaurant's delivery area.
 */
export const CartAddBodySchema = z
  .object({
    food_id: idSchema(),
    quantity: QuantitySchema,
    topping_ids: z
      .array(idSchema(), { error: 'Danh sách topping không hợp lệ' })
      .max(CART_MAX_TOPPINGS, `Tối đa ${CART_MAX_TOPPINGS} topping cho một món`)
      .default([]),
    option_ids: z
      .array(idSchema('Lựa chọn không hợp lệ'), { error: 'Danh sách lựa chọn không hợp lệ' })
      .max(OPTION_GROUPS_MAX * OPTIONS_PER_GROUP_MAX, 'Danh sách lựa chọn không hợp lệ')
      .default([]),
    note: LineNoteSchema.default(''),
    lat: LatSchema.optional(),
    lon: LonSchema.optional(),
  })
  .refine((b) => (b.lat === undefined) === (b.lon === undefined), {
    message: 'Cần cả vĩ độ và kinh độ',
    path: ['lat'],
  });

/** Spec section 3, 'Update-item payload'. */
export const CartUpdateBodySchema = z.object({ quantity: QuantitySchema });

export const CartToppingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
});

/**
 * One line of the cart (spec section 3 Cart items), plus what the screens need besides:
 * `price` is the unit price with the toppings, `line_total` = price x quantity, `available`
 * is false when the dish or its restaurant stopped selling since it was added.
 */
export const CartItemSchema = z.object({
  id: z.number().int(),
  food_id: z.number().int(),
  food_name: z.string(),
  food_image: z.string().nullable(),
  restaurant_name: z.string(),
  price: z.number().int(),
  /** The dish's own price, without toppings. */
  base_price: z.number().int(),
  quantity: z.number().int(),
  topping_ids: z.array(z.number().int()),
  toppings: z.array(CartToppingSchema),
  /** Every choice of the line by group, in the dish's group order, toppings last. */
  option_ids: z.array(z.number().int()),
  options: z.array(LineOptionSchema),
  note: z.string(),
  line_total: z.number().int(),
  available: z.boolean(),
  /**
   * Why the line cannot be ordered as it is, when `available` is false ('Lựa chọn "Size L" đã
   * hết'); null otherwise.
   */
  unavailable_reason: z.string().nullable(),
});

/**
 * The whole cart (spec section 3 Cart). Empty: restaurant_id and restaurant_name null, no
 * items. `item_count` is the sum of quantities (the badge), `subtotal` the sum of line totals.
 */
export const CartSchema = z.object({
  restaurant_id: z.number().int().nullable(),
  restaurant_name: z.string().nullable(),
  items: z.array(CartItemSchema),
  item_count: z.number().int(),
  subtotal: z.number().int(),
});

export const CartReplySchema = okReply(CartSchema);

export const CartItemParamsSchema = z.object({ id: idParam() });

export type CartAddBody = z.infer<typeof CartAddBodySchema>;
export type CartUpdateBody = z.infer<typeof CartUpdateBodySchema>;
export type CartItem = z.infer<typeof CartItemSchema>;
export type CartTopping = z.infer<typeof CartToppingSchema>;
export type Cart = z.infer<typeof CartSchema>;
