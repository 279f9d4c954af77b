import { z } from 'zod';
import { jsonTooDeep } from './json-depth';
import {
  IntervalSchema,
  OpeningHoursSchema,
  RestaurantSchema,
  SearchTextSchema,
  WEEKDAYS,
  type OpeningHours,
} from './catalogue';
import { okReply, PaginationSchema } from './envelope';
import { EmailSchema, PhoneSchema, requiredText } from './fields';
import { ImageUrlSchema } from './staff-menu';
import { LatSchema, LonSchema } from './geo';
import { pageParam, perPageParam } from './numbers';
import { DeliveryRadiusSchema } from './store';

// The owner's restaurant (spec 2.15, 2.18, 7.5 'restaurant/') and its approval by an
// admin (design.md section 5). Create and update accept JSON or multipart (cover and logo
// files); in multipart, opening_hours, lat and lon come as text (`parseRestaurantFields`).

export const INTERVALS_PER_DAY_MAX = 6;
export const HOURS_OVERLAP_MESSAGE = 'Các khung giờ mở cửa không được chồng lên nhau';
/** Every day is sent, a closed one as an empty list. */
export const DAY_MISSING_MESSAGE = 'Giờ mở cửa phải có đủ 7 ngày, ngày nghỉ là danh sách trống';

const MINUTES_PER_DAY = 24 * 60;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The week as minute ranges from Monday 00:00; an interval whose close is not after its open
 * runs past midnight into the next day (Sunday's into Monday, the week wrapping round).
 */
export function weeklyRanges(hours: OpeningHours): [number, number][] {
  const ranges: [number, number][] = [];
  WEEKDAYS.forEach((day, index) => {
    for (const { open, close } of hours[day]) {
      const start = index * MINUTES_PER_DAY + minutes(open);
      let end = index * MINUTES_PER_DAY + minutes(close);
      if (end <= start) end += MINUTES_PER_DAY;
      ranges.push([start, end]);
    }
  });
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** True when two intervals share a minute, counting the wrap from Sunday night to Monday. */
export function hoursOverlap(hours: OpeningHours): boolean {
  const week = 7 * MINUTES_PER_DAY;
  const ranges = weeklyRanges(hours);
  // Sunday's past-midnight part is also Monday morning's: a copy a week earlier meets it there.
  for (const [start, end] of [...ranges]) {
    if (end > week) ranges.push([start - week, end - week]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return ranges.some((range, i) => i > 0 && range[0] < ranges[i - 1]![1]);
}

/** What the hours editor sends: the seven days exactly, each with a few intervals, no overlap. */
export const OpeningHoursInputSchema = z
  .strictObject(
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        z
          .array(IntervalSchema, { error: DAY_MISSING_MESSAGE })
          .max(INTERVALS_PER_DAY_MAX, `Tối đa ${INTERVALS_PER_DAY_MAX} khung giờ mỗi ngày`),
      ]),
    ) as { [K in keyof OpeningHours]: (typeof OpeningHoursSchema.shape)[K] },
    { error: 'Giờ mở cửa không hợp lệ' },
  )
  .refine((hours) => !hoursOverlap(hours), HOURS_OVERLAP_MESSAGE);

/** A new restaurant opens 07:00-22:00 every day until the owner says otherwise. */
export const DEFAULT_OPENING_HOURS: OpeningHours = Object.fromEntries(
  WEEKDAYS.map((day) => [day, [{ open: '07:00', close: '22:00' }]]),
) as OpeningHours;

const restaurantFields = {
  name: requiredText('Vui lòng nhập tên nhà hàng', 200, 'Tên nhà hàng'),
  address: requiredText('Vui lòng nhập địa chỉ', 500, 'Địa chỉ'),
  phone: PhoneSchema,
  email: EmailSchema,
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .trim()
    .max(2000, 'Mô tả tối đa 2000 ký tự'),
  opening_hours: OpeningHoursInputSchema,
  /** Links instead of uploaded files (stored as given, never fetched). */
  cover_url: ImageUrlSchema,
  logo_url: ImageUrlSchema,
  /** The owner's correction of the pin; without it the address is geocoded. */
  lat: LatSchema,
  lon: LonSchema,
};

/** POST restaurant/create/: an owner's one restaurant; it starts pending approval. */
export const RestaurantCreateBodySchema = z
  .object({
    ...restaurantFields,
    description: restaurantFields.description.default(''),
    opening_hours: restaurantFields.opening_hours.default(DEFAULT_OPENING_HOURS),
    cover_url: restaurantFields.cover_url.optional(),
    logo_url: restaurantFields.logo_url.optional(),
    lat: LatSchema.optional(),
    lon: LonSchema.optional(),
    delivery_radius_km: DeliveryRadiusSchema.optional(),
    auto_accept: z.boolean({ error: 'Tự động nhận đơn không hợp lệ' }).optional(),
  })
  .refine((b) => (b.lat === undefined) === (b.lon === undefined), {
    message: 'Cần cả vĩ độ và kinh độ',
    path: ['lat'],
  });

/** PUT restaurant/: any subset of the fields. */
export const RestaurantUpdateBodySchema = z
  .object({
    name: restaurantFields.name.optional(),
    address: restaurantFields.address.optional(),
    phone: restaurantFields.phone.optional(),
    email: restaurantFields.email.optional(),
    description: restaurantFields.description.optional(),
    opening_hours: restaurantFields.opening_hours.optional(),
    cover_url: restaurantFields.cover_url.optional(),
    logo_url: restaurantFields.logo_url.optional(),
    lat: LatSchema.optional(),
    lon: LonSchema.optional(),
    /** Default 10 km (DELIVERY_RADIUS_DEFAULT_KM). */
    delivery_radius_km: DeliveryRadiusSchema.optional(),
    /** A paid order is accepted at once (still announced to the kitchen). */
    auto_accept: z.boolean({ error: 'Tự động nhận đơn không hợp lệ' }).optional(),
  })
  .refine((b) => (b.lat === undefined) === (b.lon === undefined), {
    message: 'Cần cả vĩ độ và kinh độ',
    path: ['lat'],
  });

/** PUT restaurant/hours/. */
export const RestaurantHoursBodySchema = z.object({ opening_hours: OpeningHoursInputSchema });

/** Multipart text back to values: opening_hours from JSON, lat and lon from numbers. */
export function parseRestaurantFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  // Hours nest four levels; deeper text is left as text before anything walks it.
  if (fields.opening_hours !== undefined && !jsonTooDeep(fields.opening_hours)) {
    try {
      out.opening_hours = JSON.parse(fields.opening_hours) as unknown;
    } catch {
      // Left as text: the schema says the hours are not valid.
    }
  }
  for (const key of ['lat', 'lon', 'delivery_radius_km'] as const) {
    const value = fields[key];
    if (value !== undefined && /^-?\d+(\.\d+)?$/.test(value.trim())) out[key] = Number(value);
  }
  if (fields.auto_accept === 'true' || fields.auto_accept === 'false') {
    out.auto_accept = fields.auto_accept === 'true';
  }
  return out;
}

/** The restaurant as its owner and staff see it: the public shape plus the approval detail. */
export const StaffRestaurantSchema = RestaurantSchema.extend({
  rejection_reason: z.string().nullable(),
  auto_accept: z.boolean(),
  /** Non-null while an admin has paused the restaurant: the owner's switch is locked till then. */
  admin_paused_reason: z.string().nullable(),
});

export const StaffRestaurantReplySchema = okReply(StaffRestaurantSchema);

// --- Admin approval (design.md section 5: admin is staff-level and approves restaurants) ---

export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: 'Trạng thái duyệt không hợp lệ',
});

/**
 * The console's lists: pending oldest first (the queue), approved and rejected newest decision
 * first. `q` matches the restaurant's name or address, or the owner's username, name or phone,
 * accents or not.
 */
export const AdminRestaurantListQuerySchema = z.object({
  status: ApprovalStatusSchema.default('pending'),
  q: SearchTextSchema.optional(),
  page: pageParam(),
  per_page: perPageParam().default(20),
});

export const AdminRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  phone: z.string(),
  email: z.string(),
  image_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  opening_hours: OpeningHoursSchema,
  owner_id: z.number().int(),
  owner_name: z.string().nullable(),
  owner_username: z.string().nullable(),
  owner_phone: z.string().nullable(),
  approval_status: ApprovalStatusSchema,
  rejection_reason: z.string().nullable(),
  /** When an admin last approved or rejected it; null while it has never been decided. */
  decided_at: z.string().nullable(),
  /** The owner's active/paused switch (spec 2.18). */
  is_active: z.boolean(),
  /**
   * Non-null while an admin has paused it for breaking the rules: it takes no orders and its
   * owner cannot switch it back on until an admin resumes it.
   */
  admin_paused_reason: z.string().nullable(),
  created_at: z.string(),
});

export const AdminRestaurantListReplySchema = okReply(
  z.object({ items: z.array(AdminRestaurantSchema), pagination: PaginationSchema }),
);
export const AdminRestaurantReplySchema = okReply(AdminRestaurantSchema);

export const RejectRestaurantBodySchema = z.object({
  reason: requiredText('Vui lòng nhập lý do từ chối', 500, 'Lý do'),
});

/** PUT /api/admin/restaurants/{id}/pause/: an admin's pause of a restaurant that breaks rules. */
export const AdminPauseRestaurantBodySchema = z.object({
  reason: requiredText('Vui lòng nhập lý do tạm ngưng', 500, 'Lý do'),
});

/** The owner's switch refused while an admin's pause holds (RESTAURANT_ADMIN_PAUSED). */
export const adminPausedMessage = (reason: string) =>
  `Quán đang bị quản trị viên tạm ngưng: ${reason}`;

export type StaffRestaurant = z.infer<typeof StaffRestaurantSchema>;
export type RestaurantCreateBody = z.input<typeof RestaurantCreateBodySchema>;
export type RestaurantUpdateBody = z.input<typeof RestaurantUpdateBodySchema>;
export type AdminRestaurant = z.infer<typeof AdminRestaurantSchema>;
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;
