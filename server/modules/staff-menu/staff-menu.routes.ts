import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '#contract/catalogue';
import { MessageReplySchema } from '#contract/envelope';
import { idParam } from '#contract/numbers';
import { SoldOutBodySchema } from '#contract/options';
import {
  FoodCreateBodySchema,
  FoodUpdateBodySchema,
  parseFoodFields,
  StaffFoodListQuerySchema,
  StaffFoodListReplySchema,
  StaffFoodReplySchema,
} from '#contract/staff-menu';
import { errorReplies } from '#server/lib/error-replies';
import { done, ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { MAX_UPLOAD_BYTES } from '#server/storage/images';
import {
  createStaffFood,
  deleteStaffFood,
  getStaffFood,
  listStaffFoods,
  setStaffFoodSoldOut,
  setStaffOptionSoldOut,
  toggleStaffFood,
  updateStaffFood,
  type StaffMenuDeps,
} from './staff-menu.service';

// Spec section 8, staff success toasts.
const CREATED = 'Đã tạo món';
const UPDATED = 'Đã cập nhật món';
const DELETED = 'Đã xoá món';
const TOGGLED = 'Đã đổi trạng thái món';
const SOLD_OUT = 'Đã đánh dấu hết hôm nay';
const BACK_ON_SALE = 'Đã mở bán lại';
/** What creating or editing a dish can refuse: its image, toppings, categories, restaurant. */
const FOOD_FORM_REFUSALS = [
  'FOOD_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'OPTION_INVALID',
  'RESTAURANT_NONE',
  'TOPPING_INVALID',
  'UNKNOWN_CATEGORY',
  'UNSUPPORTED_IMAGE',
] as const;

const OptionParamsSchema = z.object({
  id: IdParamsSchema.shape.id,
  option_id: idParam('Mã lựa chọn không hợp lệ'),
});

const FoodImageSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Ảnh món phải là một tệp ảnh')
  .meta({ type: 'string', format: 'binary' });

// Room for a 2 MB image plus the text fields and multipart framing; the file itself is capped
// at 2 MB by the multipart limits (413 FILE_TOO_LARGE).
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 256 * 1024;

/**
 * Multipart text fields become what the JSON body would carry (numbers, booleans, lists), so
 * one schema checks both; the app has already NFC-normalised them. A browser sends an empty
 * file part when no file was chosen: no image.
 */
async function multipartToBody(request: FastifyRequest) {
  if (!request.isMultipart() || request.body === null || typeof request.body !== 'object') return;
  const text: Record<string, string> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.body)) {
    const noFile = key === 'image' && (value === '' || (Buffer.isBuffer(value) && !value.length));
    if (noFile) continue;
    if (typeof value === 'string') text[key] = value;
    else other[key] = value;
  }
  request.body = { ...parseFoodFields(text), ...other };
}

export const staffMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: StaffMenuDeps = { db: app.db, uploads: app.uploads };

  app.get(
    '/api/staff/foods/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Thực đơn của nhà hàng mình, món mới nhất trước',
        querystring: StaffFoodListQuerySchema,
        response: { 200: StaffFoodListReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) => ok(await listStaffFoods(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/staff/foods/:id/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Một món của nhà hàng mình',
        params: IdParamsSchema,
        response: {
          200: StaffFoodReplySchema,
          ...errorReplies('FOOD_NOT_FOUND', 'RESTAURANT_NONE'),
        },
      },
    },
    async (request) => ok(await getStaffFood(app.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/staff/foods/',
    {
      config: { access: 'staff' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      preValidation: multipartToBody,
      schema: {
        tags: ['staff-menu'],
        summary: 'Thêm món (JSON, hoặc multipart kèm tệp ảnh `image`)',
        body: FoodCreateBodySchema.extend({ image: FoodImageSchema.optional() }),
        response: {
          201: StaffFoodReplySchema,
          ...errorReplies(...FOOD_FORM_REFUSALS),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await createStaffFood(deps, currentUser(request), request.body), CREATED)),
  );

  app.put(
    '/api/staff/foods/:id/',
    {
      config: { access: 'staff' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      preValidation: multipartToBody,
      schema: {
        tags: ['staff-menu'],
        summary: 'Sửa món, topping và danh mục (JSON, hoặc multipart kèm tệp ảnh `image`)',
        params: IdParamsSchema,
        body: FoodUpdateBodySchema.extend({ image: FoodImageSchema.optional() }),
        response: {
          200: StaffFoodReplySchema,
          ...errorReplies(...FOOD_FORM_REFUSALS),
        },
      },
    },
    async (request) =>
      ok(
        await updateStaffFood(deps, currentUser(request), request.params.id, request.body),
        UPDATED,
      ),
  );

  app.delete(
    '/api/staff/foods/:id/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Xoá món (đơn hàng cũ vẫn giữ món)',
        params: IdParamsSchema,
        response: { 200: MessageReplySchema, ...errorReplies('FOOD_NOT_FOUND', 'RESTAURANT_NONE') },
      },
    },
    async (request) => {
      await deleteStaffFood(deps, currentUser(request), request.params.id);
      return done(DELETED);
    },
  );

  app.put(
    '/api/staff/foods/:id/toggle/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Đổi trạng thái món: đang bán / tạm ngừng',
        params: IdParamsSchema,
        response: {
          200: StaffFoodReplySchema,
          ...errorReplies('FOOD_NOT_FOUND', 'RESTAURANT_NONE'),
        },
      },
    },
    async (request) =>
      ok(await toggleStaffFood(app.db, currentUser(request), request.params.id), TOGGLED),
  );

  app.put(
    '/api/staff/foods/:id/sold-out/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Hết món hôm nay (tự mở bán lại khi quán mở cửa lần tới) hoặc mở bán lại ngay',
        params: IdParamsSchema,
        body: SoldOutBodySchema,
        response: {
          200: StaffFoodReplySchema,
          ...errorReplies('FOOD_NOT_FOUND', 'RESTAURANT_NONE'),
        },
      },
    },
    async (request) =>
      ok(
        await setStaffFoodSoldOut(
          app.db,
          currentUser(request),
          request.params.id,
          request.body.sold_out,
        ),
        request.body.sold_out ? SOLD_OUT : BACK_ON_SALE,
      ),
  );

  app.put(
    '/api/staff/foods/:id/options/:option_id/sold-out/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff-menu'],
        summary: 'Một lựa chọn (hoặc topping) hết hôm nay, hoặc mở bán lại ngay',
        params: OptionParamsSchema,
        body: SoldOutBodySchema,
        response: {
          200: StaffFoodReplySchema,
          ...errorReplies('FOOD_NOT_FOUND', 'OPTION_NOT_FOUND', 'RESTAURANT_NONE'),
        },
      },
    },
    async (request) =>
      ok(
        await setStaffOptionSoldOut(
          app.db,
          currentUser(request),
          request.params.id,
          request.params.option_id,
          request.body.sold_out,
        ),
        request.body.sold_out ? SOLD_OUT : BACK_ON_SALE,
      ),
  );
};
