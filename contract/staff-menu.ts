import { z } from 'zod';
import { jsonTooDeep } from './json-depth';
import { PageQuerySchema, SearchTextSchema, ToppingSchema } from './catalogue';
import { okReply, PaginationSchema } from './envelope';
import { idParam, idSchema } from './numbers';
import { OptionGroupsInputSchema, StaffOptionGroupSchema } from './options';

// The staff menu (spec 2.18, 7.5 'foods/'): one restaurant's dishes as its owner and
// staff edit them. The same body arrives as JSON or as multipart fields (with an image file);
// in multipart, numbers and booleans come as text and lists as JSON text, which
// `parseFoodFields` turns back into what this schema checks.

/** Whole đồng; 10^10 or a fraction is a typing slip, never a price. */
export const FOOD_PRICE_MIN = 1_000;
export const FOOD_PRICE_MAX = 10_000_000;
export const FOOD_PRICE_MESSAGE = 'Giá phải là số nguyên từ 1.000 ₫ đến 10.000.000 ₫';
export const FOOD_NAME_MAX = 200;
export const FOOD_DESCRIPTION_MAX = 2000;
export const TOPPINGS_MAX = 20;
export const TOPPING_PRICE_MAX = 1_000_000;
export const TOPPING_PRICE_MESSAGE = 'Giá topping phải là số nguyên từ 0 ₫ đến 1.000.000 ₫';
export const IMAGE_URL_MESSAGE = 'Đường dẫn ảnh phải bắt đầu bằng http:// hoặc https://';

const FoodNameSchema = z
  .string({ error: 'Vui lòng nhập tên món' })
  .trim()
  .min(1, 'Vui lòng nhập tên món')
  .max(FOOD_NAME_MAX, `Tên món tối đa ${FOOD_NAME_MAX} ký tự`);

const PriceSchema = z
  .number({ error: FOOD_PRICE_MESSAGE })
  .int(FOOD_PRICE_MESSAGE)
  .min(FOOD_PRICE_MIN, FOOD_PRICE_MESSAGE)
  .max(FOOD_PRICE_MAX, FOOD_PRICE_MESSAGE);

/**
 * An image the owner links to instead of uploading: http(s) only (never javascript:, data: or
 * file:), stored as given and never fetched by the server. Empty or null removes the image.
 */
export const ImageUrlSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, 'Đường dẫn ảnh tối đa 2000 ký tự')
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, IMAGE_URL_MESSAGE)
  .nullable()
  .transform((value) => (value ? value : null));

/** A topping in the form: `id` keeps an existing one (and its place in old carts). */
export const ToppingInputSchema = z.object({
  id: idSchema('Mã topping không hợp lệ').optional(),
  name: z
    .string({ error: 'Vui lòng nhập tên topping' })
    .trim()
    .min(1, 'Vui lòng nhập tên topping')
    .max(100, 'Tên topping tối đa 100 ký tự'),
  price: z
    .number({ error: TOPPING_PRICE_MESSAGE })
    .int(TOPPING_PRICE_MESSAGE)
    .min(0, TOPPING_PRICE_MESSAGE)
    .max(TOPPING_PRICE_MAX, TOPPING_PRICE_MESSAGE),
});

/** POST foods/: every field; PUT foods/{id}/ takes any subset (FoodUpdateBodySchema). */
export const FoodCreateBodySchema = z.object({
  name: FoodNameSchema,
  price: PriceSchema,
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .trim()
    .max(FOOD_DESCRIPTION_MAX, `Mô tả tối đa ${FOOD_DESCRIPTION_MAX} ký tự`)
    .default(''),
  image_url: ImageUrlSchema.optional(),
  /** Category ids (GET /api/category/). */
  category_ids: z
    .array(idSchema('Danh mục không hợp lệ'), { error: 'Danh mục không hợp lệ' })
    .max(10, 'Tối đa 10 danh mục')
    .default([]),
  toppings: z
    .array(ToppingInputSchema, { error: 'Danh sách topping không hợp lệ' })
    .max(TOPPINGS_MAX, `Tối đa ${TOPPINGS_MAX} topping`)
    .default([]),
  /** The dish's option groups besides its toppings, as a whole list. */
  option_groups: OptionGroupsInputSchema.default([]),
  available: z.boolean({ error: 'Trạng thái món không hợp lệ' }).default(true),
});

export const FoodUpdateBodySchema = z.object({
  name: FoodNameSchema.optional(),
  price: PriceSchema.optional(),
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .trim()
    .max(FOOD_DESCRIPTION_MAX, `Mô tả tối đa ${FOOD_DESCRIPTION_MAX} ký tự`)
    .optional(),
  image_url: ImageUrlSchema.optional(),
  category_ids: z
    .array(idSchema('Danh mục không hợp lệ'), { error: 'Danh mục không hợp lệ' })
    .max(10, 'Tối đa 10 danh mục')
    .optional(),
  toppings: z
    .array(ToppingInputSchema, { error: 'Danh sách topping không hợp lệ' })
    .max(TOPPINGS_MAX, `Tối đa ${TOPPINGS_MAX} topping`)
    .optional(),
  /** When given, the whole list: a group or option left out is removed, an id keeps one. */
  option_groups: OptionGroupsInputSchema.optional(),
  available: z.boolean({ error: 'Trạng thái món không hợp lệ' }).optional(),
});

/**
 * Multipart fields are text: '45000' -> 45000, 'true' -> true, '[...]' -> the list. Anything
 * that does not read back is left as it came, so the schema reports it in its own words.
 */
export function parseFoodFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const key of ['price'] as const) {
    const value = fields[key];
    if (value !== undefined && /^-?\d+(\.\d+)?$/.test(value.trim())) out[key] = Number(value);
  }
  if (fields.available === 'true' || fields.available === 'false') {
    out.available = fields.available === 'true';
  }
  for (const key of ['category_ids', 'toppings', 'option_groups'] as const) {
    const value = fields[key];
    // Too deep to be a list of toppings: left as text before anything walks it.
    if (value === undefined || jsonTooDeep(value)) continue;
    try {
      out[key] = JSON.parse(value) as unknown;
    } catch {
      // Left as text: the schema says the list is not valid.
    }
  }
  return out;
}

export const StaffFoodSchema = z.object({
  id: z.number().int(),
  restaurant_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  image_url: z.string().nullable(),
  available: z.boolean(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  toppings: z.array(ToppingSchema),
  option_groups: z.array(StaffOptionGroupSchema),
  /** Set while the dish is sold out for today: it is sellable again from then on, by itself. */
  available_again_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET foods/: the staff menu, 10 a page on screen (spec section 9). */
export const StaffFoodListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema.optional(),
  /** Optional; when given it must be the caller's own restaurant. */
  restaurant_id: idParam('Mã nhà hàng không hợp lệ').optional(),
});

export const StaffFoodReplySchema = okReply(StaffFoodSchema);
export const StaffFoodListReplySchema = okReply(
  z.object({ items: z.array(StaffFoodSchema), pagination: PaginationSchema }),
);

export type StaffFood = z.infer<typeof StaffFoodSchema>;
export type FoodCreateBody = z.input<typeof FoodCreateBodySchema>;
export type FoodUpdateBody = z.input<typeof FoodUpdateBodySchema>;
export type ToppingInput = z.infer<typeof ToppingInputSchema>;
