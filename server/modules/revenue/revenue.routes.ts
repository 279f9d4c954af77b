import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RevenueQuerySchema, RevenueReplySchema } from '#contract/revenue';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { getRevenue } from './revenue.service';

export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/revenue/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['revenue'],
        summary: 'Doanh thu theo ngày của nhà hàng (đơn đã hoàn thành)',
        querystring: RevenueQuerySchema,
        response: { 200: RevenueReplySchema, ...errorReplies('RESTAURANT_NOT_LINKED') },
      },
    },
    async (request) => ok(await getRevenue(app.db, currentUser(request), request.query)),
  );
};
