import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  parseRestaurantFields,
  RestaurantCreateBodySchema,
  RestaurantHoursBodySchema,
  RestaurantUpdateBodySchema,
  StaffRestaurantReplySchema,
} from '#contract/staff-restaurant';
import { PauseBodySchema } from '#contract/store';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { MAX_UPLOAD_BYTES } from '#server/storage/images';
import {
  createRestaurant,
  getStaffRestaurant,
  pauseRestaurant,
  resumeRestaurant,
  toggleActive,
  updateOpeningHours,
  updateStaffRestaurant,
  type StaffRestaurantDeps,
} from './staff-restaurant.service';

const imageFile = (message: string) =>
  z
    .custom<Buffer>((value) => Buffer.isBuffer(value), message)
    .meta({ type: 'string', format: 'binary' });

// Multipart bodies arrive as key/values with files as Buffers (app.ts), so one schema covers
// JSON and multipart alike once the text fields are read back (`readMultipartFields`).
const files = {
  cover: imageFile('Ảnh bìa phải là một tệp ảnh').optional(),
  logo: imageFile('Logo phải là một tệp ảnh').optional(),
};

// A cover and a logo of up to 2 MB each in one form, plus the text fields and the framing.
const UPLOAD_BODY_LIMIT = 2 * MAX_UPLOAD_BYTES + 256 * 1024;
const UPLOAD_CONFIG = { multipartOptions: { limits: { files: 2 } } };

/**
 * Multipart text back to what the schema checks (opening_hours as JSON, lat and lon as
 * numbers); the app has already NFC-normalised it like every JSON body.
 */
async function readMultipartFields(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart() || request.body === null || typeof request.body !== 'object') return;
  const text: Record<string, string> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.body)) {
    if (typeof value === 'string') text[key] = value;
    else other[key] = value;
  }
  request.body = { ...parseRestaurantFields(text), ...other };
}

export const staffRestaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: StaffRestaurantDeps = { db: app.db, uploads: app.uploads, geocoder: app.geocoder };

  app.get(
    '/api/staff/restaurant/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Nhà hàng của chủ quán / nhân viên (kể cả khi chưa được duyệt)',
        response: { 200: StaffRestaurantReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) => ok(await getStaffRestaurant(app.db, currentUser(request))),
  );

  app.post(
    '/api/staff/restaurant/create/',
    {
      config: { access: 'owner', ...UPLOAD_CONFIG },
      bodyLimit: UPLOAD_BODY_LIMIT,
      preValidation: readMultipartFields,
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Tạo nhà hàng (JSON hoặc multipart kèm cover, logo); chờ admin duyệt',
        body: RestaurantCreateBodySchema.safeExtend(files),
        response: {
          201: StaffRestaurantReplySchema,
          ...errorReplies(
            'ADDRESS_NOT_FOUND',
            'GEOCODER_UNAVAILABLE',
            'IMAGE_TOO_LARGE',
            'RESTAURANT_EXISTS',
            'UNSUPPORTED_IMAGE',
          ),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createRestaurant(deps, currentUser(request), request.body), 'Đã tạo nhà hàng'),
        ),
  );

  app.put(
    '/api/staff/restaurant/',
    {
      config: { access: 'staff', ...UPLOAD_CONFIG },
      bodyLimit: UPLOAD_BODY_LIMIT,
      preValidation: readMultipartFields,
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Cập nhật nhà hàng (JSON hoặc multipart kèm cover, logo)',
        body: RestaurantUpdateBodySchema.safeExtend(files),
        response: {
          200: StaffRestaurantReplySchema,
          ...errorReplies(
            'ADDRESS_NOT_FOUND',
            'GEOCODER_UNAVAILABLE',
            'IMAGE_TOO_LARGE',
            'RESTAURANT_NONE',
            'UNSUPPORTED_IMAGE',
          ),
        },
      },
    },
    async (request) =>
      ok(
        await updateStaffRestaurant(deps, currentUser(request), request.body),
        'Đã cập nhật nhà hàng',
      ),
  );

  app.put(
    '/api/staff/restaurant/hours/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Cập nhật giờ mở cửa',
        body: RestaurantHoursBodySchema,
        response: { 200: StaffRestaurantReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) =>
      ok(
        await updateOpeningHours(app.db, currentUser(request), request.body.opening_hours),
        'Đã cập nhật giờ mở cửa',
      ),
  );

  app.put(
    '/api/staff/restaurant/toggle/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Bật / tạm ngừng nhận đơn (trừ khi quản trị viên đang tạm ngưng nhà hàng)',
        response: {
          200: StaffRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NONE', 'RESTAURANT_ADMIN_PAUSED'),
        },
      },
    },
    async (request) =>
      ok(await toggleActive(app.db, currentUser(request)), 'Đã đổi trạng thái hoạt động'),
  );

  app.put(
    '/api/staff/restaurant/pause/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Tạm ngưng nhận đơn 15, 30, 60 phút hoặc đến giờ mở cửa tiếp theo',
        body: PauseBodySchema,
        response: {
          200: StaffRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NONE', 'RESTAURANT_NO_OPENING'),
        },
      },
    },
    async (request) =>
      ok(
        await pauseRestaurant(app.db, currentUser(request), request.body),
        'Đã tạm ngưng nhận đơn',
      ),
  );

  app.delete(
    '/api/staff/restaurant/pause/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-restaurant'],
        summary: 'Mở lại nhận đơn ngay',
        response: { 200: StaffRestaurantReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) =>
      ok(await resumeRestaurant(app.db, currentUser(request)), 'Đã mở lại nhận đơn'),
  );
};
