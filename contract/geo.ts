import { z } from 'zod';

/** A point given as JSON numbers (bodies); query strings use the coercing forms below. */
export const LatSchema = z
  .number({ error: 'Vĩ độ không hợp lệ' })
  .min(-90, 'Vĩ độ không hợp lệ')
  .max(90, 'Vĩ độ không hợp lệ');
export const LonSchema = z
  .number({ error: 'Kinh độ không hợp lệ' })
  .min(-180, 'Kinh độ không hợp lệ')
  .max(180, 'Kinh độ không hợp lệ');

/**
 * The geocoder speaks Nominatim's language (parameter names and reply shapes, lat/lon as
 * strings) so the client can point at our /api/geo or at any Nominatim server unchanged.
 */
export const GeoSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Vui lòng nhập địa chỉ cần tìm').max(200, 'Địa chỉ tối đa 200 ký tự'),
  format: z.literal('json', { error: 'Chỉ hỗ trợ format=json' }).default('json'),
  limit: z.coerce.number().int().min(1).max(10).default(1),
});

export const GeoReverseQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'Vĩ độ không hợp lệ' })
    .min(-90, 'Vĩ độ không hợp lệ')
    .max(90, 'Vĩ độ không hợp lệ'),
  lon: z.coerce
    .number({ error: 'Kinh độ không hợp lệ' })
    .min(-180, 'Kinh độ không hợp lệ')
    .max(180, 'Kinh độ không hợp lệ'),
  format: z.literal('json', { error: 'Chỉ hỗ trợ format=json' }).default('json'),
});

export const GeoPlaceSchema = z.object({
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
});

/** GET /api/geo/search: best matches first, [] when nothing is found. */
export const GeoSearchReplySchema = z.array(GeoPlaceSchema);

/** GET /api/geo/reverse: the nearest known place, or Nominatim's {error} when none is near. */
export const GeoReverseReplySchema = z.union([GeoPlaceSchema, z.object({ error: z.string() })]);

export type GeoPlace = z.infer<typeof GeoPlaceSchema>;
