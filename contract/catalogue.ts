import { z } from 'zod';
import { okReply, PaginationSchema } from './envelope';
import { idParam, INT32_MAX, pageParam, perPageParam, wholeNumberParam } from './numbers';
import { OptionGroupSchema } from './options';

// --- Opening hours (design.md section 5) ---

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/**
 * One opening interval in Asia/Ho_Chi_Minh. A close before the open runs past midnight
 * ('18:00'-'02:00'); '00:00'-'24:00' is the whole day.
 */
export const IntervalSchema = z
  .object({
    open: z.string().regex(TIME, 'Giờ mở cửa phải có dạng HH:MM'),
    close: z.string().regex(TIME, 'Giờ đóng cửa phải có dạng HH:MM'),
  })
  .refine((i) => i.open !== i.close, 'Giờ đóng cửa phải khác giờ mở cửa');

export const OpeningHoursSchema = z.object({
  mon: z.array(IntervalSchema),
  tue: z.array(IntervalSchema),
  wed: z.array(IntervalSchema),
  thu: z.array(IntervalSchema),
  fri: z.array(IntervalSchema),
  sat: z.array(IntervalSchema),
  sun: z.array(IntervalSchema),
});

export type Interval = z.infer<typeof IntervalSchema>;
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

// --- Query parameters shared by the lists ---

export const PageQuerySchema = z.object({
  page: pageParam(),
  per_page: perPageParam().optional(),
});

/** lat and lon come together or not at all; without them the city-centre default applies. */
export const LocationQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'Vĩ độ không hợp lệ' })
    .min(-90, 'Vĩ độ không hợp lệ')
    .max(90, 'Vĩ độ không hợp lệ')
    .optional(),
  lon: z.coerce
    .number({ error: 'Kinh độ không hợp lệ' })
    .min(-180, 'Kinh độ không hợp lệ')
    .max(180, 'Kinh độ không hợp lệ')
    .optional(),
});

export const SearchTextSchema = z.string().trim().max(200, 'Từ khóa tìm kiếm tối đa 200 ký tự');

// --- Shapes returned to customers (spec section 3) ---

export const DishSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Integer đồng. */
  price: z.number().int(),
  image_url: z.string().nullable(),
  /** Great-circle distance from the given (or default) location, km. */
  distance_km: z.number(),
  available: z.boolean(),
  categories: z.array(z.string()),
  restaurant: z.object({
    id: z.number().int(),
    name: z.string(),
    is_active: z.boolean(),
    /** Takes orders now: active, within its hours and not paused. */
    is_open_now: z.boolean(),
    /** When it takes orders again, while it does not (null when open, or never opens). */
    opens_at: z.string().nullable(),
  }),
});

export const ToppingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
});

export const FoodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  image_url: z.string().nullable(),
  categories: z.array(z.string()),
  available: z.boolean(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  restaurant: z.object({
    id: z.number().int(),
    name: z.string(),
    image_url: z.string().nullable(),
    address: z.string(),
    lat: z.number(),
    lon: z.number(),
    opening_hours: OpeningHoursSchema,
    phone: z.string(),
    email: z.string(),
    is_active: z.boolean(),
    is_open_now: z.boolean(),
    opens_at: z.string().nullable(),
    /** The end of a busy pause ('Tạm ngưng nhận đơn'); null when not paused. */
    paused_until: z.string().nullable(),
    delivery_radius_km: z.number().int(),
  }),
  toppings: z.array(ToppingSchema),
  /** The dish's option groups in order, toppings aside (they stay in `toppings`). */
  option_groups: z.array(OptionGroupSchema),
});

export const ReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string().nullable(),
  food_id: z.number().int(),
  food_name: z.string(),
});

export const RestaurantSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  image_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  distance_km: z.number(),
  is_active: z.boolean(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
});

export const RestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  phone: z.string(),
  email: z.string(),
  opening_hours: OpeningHoursSchema,
  image_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  is_active: z.boolean(),
  /** Takes orders now: active, within its hours and not paused. */
  is_open_now: z.boolean(),
  /** When it takes orders again, while it does not (null when open, or never opens). */
  opens_at: z.string().nullable(),
  /** The end of a busy pause ('Tạm ngưng nhận đơn'); null when not paused. */
  paused_until: z.string().nullable(),
  /** It delivers to customers within this distance of it, km. */
  delivery_radius_km: z.number().int(),
  approval_status: z.enum(['pending', 'approved', 'rejected']),
  /** Average over the restaurant's dishes' reviews, one decimal; null without reviews. */
  rating: z.number().nullable(),
  avg_rating: z.number().nullable(),
  review_count: z.number().int(),
  food_count: z.number().int(),
  completed_orders: z.number().int(),
  top_foods: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      image_url: z.string().nullable(),
      price: z.number().int(),
      total_sold: z.number().int(),
    }),
  ),
  recent_reviews: z.array(ReviewSchema),
});

export const SearchRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  image_url: z.string().nullable(),
  distance_km: z.number(),
  is_active: z.boolean(),
  searched_foods: z.array(DishSchema),
});

// --- Endpoints (spec 7.2) ---

/** GET /api/food/: nearest first. `category` is a category name; `restaurant_id` narrows to one menu. */
export const FoodListQuerySchema = PageQuerySchema.extend(LocationQuerySchema.shape).extend({
  q: SearchTextSchema.optional(),
  category: z.string().trim().max(100, 'Danh mục không tồn tại').optional(),
  restaurant_id: idParam('Mã nhà hàng không hợp lệ').optional(),
});

export const FoodListReplySchema = okReply(
  z.object({
    items: z.array(DishSchema),
    meta: z.object({
      page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      total_pages: z.number().int(),
    }),
    pagination: PaginationSchema,
  }),
);

export const IdParamsSchema = z.object({ id: idParam() });

export const FoodReplySchema = okReply(FoodSchema);

/** GET /api/search/: restaurants with their matching dishes. */
export const SearchQuerySchema = PageQuerySchema.extend(LocationQuerySchema.shape).extend({
  q: SearchTextSchema.optional(),
  sort_by: z
    .enum(['distance', 'price'], { error: 'Kiểu sắp xếp không hợp lệ' })
    .default('distance'),
  sort_order: z.enum(['asc', 'desc'], { error: 'Thứ tự sắp xếp không hợp lệ' }).default('asc'),
  min_price: wholeNumberParam('Giá tối thiểu không hợp lệ', 0, INT32_MAX).optional(),
  max_price: wholeNumberParam('Giá tối đa không hợp lệ', 0, INT32_MAX).optional(),
  /** Category names, comma-joined. */
  categories: z.string().trim().max(500, 'Danh mục không tồn tại').optional(),
});

export const SearchReplySchema = okReply(
  z.object({
    items: z.array(SearchRestaurantSchema),
    pages: z.number().int(),
    pagination: PaginationSchema,
  }),
);

export const RestaurantListQuerySchema = PageQuerySchema.extend(LocationQuerySchema.shape);
export const RestaurantListReplySchema = okReply(
  z.object({ items: z.array(RestaurantSummarySchema), pagination: PaginationSchema }),
);
export const RestaurantReplySchema = okReply(RestaurantSchema);

export const ReviewListReplySchema = okReply(
  z.object({ items: z.array(ReviewSchema), pagination: PaginationSchema }),
);

export type Dish = z.infer<typeof DishSchema>;
export type Food = z.infer<typeof FoodSchema>;
export type Topping = z.infer<typeof ToppingSchema>;
export type Review = z.infer<typeof ReviewSchema>;
export type Restaurant = z.infer<typeof RestaurantSchema>;
export type RestaurantSummary = z.infer<typeof RestaurantSummarySchema>;
export type SearchRestaurant = z.infer<typeof SearchRestaurantSchema>;
