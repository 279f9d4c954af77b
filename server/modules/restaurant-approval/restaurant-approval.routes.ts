import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  AdminRestaurantListQuerySchema,
  AdminRestaurantListReplySchema,
  AdminRestaurantReplySchema,
  RejectRestaurantBodySchema,
} from '#contract/staff-restaurant';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import {
  approveRestaurant,
  listForApproval,
  rejectRestaurant,
} from './restaurant-approval.service';

export const restaurantApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/restaurants/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary: 'Nhà hàng theo trạng thái duyệt (mặc định: chờ duyệt, cũ nhất trước)',
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
        summary: 'Duyệt nhà hàng (khách hàng thấy nhà hàng từ lúc này)',
        params: IdParamsSchema,
        response: { 200: AdminRestaurantReplySchema, ...errorReplies('RESTAURANT_NOT_FOUND') },
      },
    },
    async (request) => ok(await approveRestaurant(app.db, request.params.id), 'Đã duyệt nhà hàng'),
  );

  app.put(
    '/api/admin/restaurants/:id/reject/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['restaurant-approval'],
        summary: 'Từ chối nhà hàng, kèm lý do cho chủ quán',
        params: IdParamsSchema,
        body: RejectRestaurantBodySchema,
        response: { 200: AdminRestaurantReplySchema, ...errorReplies('RESTAURANT_NOT_FOUND') },
      },
    },
    async (request) =>
      ok(
        await rejectRestaurant(app.db, request.params.id, request.body.reason),
        'Đã từ chối nhà hàng',
      ),
  );
};
