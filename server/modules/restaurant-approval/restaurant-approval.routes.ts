import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  AdminPauseRestaurantBodySchema,
  AdminRestaurantListQuerySchema,
  AdminRestaurantListReplySchema,
  AdminRestaurantReplySchema,
  RejectRestaurantBodySchema,
} from '#contract/staff-restaurant';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import {
  approveRestaurant,
  listForApproval,
  pauseRestaurant,
  rejectRestaurant,
  resumeRestaurant,
} from './restaurant-approval.service';

export const restaurantApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/restaurants/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary:
          'Nhà hàng theo trạng thái duyệt (mặc định: chờ duyệt, cũ nhất trước), tìm theo tên, địa chỉ hoặc chủ quán',
        querystring: AdminRestaurantListQuerySchema,
        response: { 200: AdminRestaurantListReplySchema },
      },
    },
    async (request) => ok(await listForApproval(app.db, request.query)),
  );

  app.put(
    '/api/admin/restaurants/:id/approve/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary: 'Duyệt nhà hàng (khách hàng thấy nhà hàng từ lúc này), kể cả nhà hàng đã từ chối',
        params: IdParamsSchema,
        response: {
          200: AdminRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NOT_FOUND', 'RESTAURANT_ALREADY_APPROVED'),
        },
      },
    },
    async (request) =>
      ok(
        await approveRestaurant(app.db, request.params.id, currentUser(request).id),
        'Đã duyệt nhà hàng',
      ),
  );

  app.put(
    '/api/admin/restaurants/:id/reject/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary:
          'Từ chối nhà hàng, kèm lý do cho chủ quán (nhà hàng đã duyệt bị ẩn khỏi khách hàng ngay)',
        params: IdParamsSchema,
        body: RejectRestaurantBodySchema,
        response: {
          200: AdminRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NOT_FOUND', 'RESTAURANT_ALREADY_REJECTED'),
        },
      },
    },
    async (request) =>
      ok(
        await rejectRestaurant(
          app.db,
          request.params.id,
          request.body.reason,
          currentUser(request).id,
        ),
        'Đã từ chối nhà hàng',
      ),
  );

  app.put(
    '/api/admin/restaurants/:id/pause/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary: 'Tạm ngưng nhà hàng vi phạm quy định, kèm lý do (chủ quán không tự mở lại được)',
        params: IdParamsSchema,
        body: AdminPauseRestaurantBodySchema,
        response: {
          200: AdminRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NOT_FOUND', 'RESTAURANT_ALREADY_PAUSED'),
        },
      },
    },
    async (request) =>
      ok(
        await pauseRestaurant(
          app.db,
          request.params.id,
          request.body.reason,
          currentUser(request).id,
        ),
        'Đã tạm ngưng nhà hàng',
      ),
  );

  app.put(
    '/api/admin/restaurants/:id/resume/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary: 'Cho nhà hàng bị quản trị viên tạm ngưng hoạt động trở lại',
        params: IdParamsSchema,
        response: {
          200: AdminRestaurantReplySchema,
          ...errorReplies('RESTAURANT_NOT_FOUND', 'RESTAURANT_NOT_ADMIN_PAUSED'),
        },
      },
    },
    async (request) =>
      ok(
        await resumeRestaurant(app.db, request.params.id, currentUser(request).id),
        'Nhà hàng đã hoạt động trở lại',
      ),
  );
};
