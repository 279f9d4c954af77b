import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  CouponApplyBodySchema,
  CouponApplyReplySchema,
  CouponCodeParamsSchema,
  CouponListReplySchema,
  CouponReplySchema,
} from '#contract/orders';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { applyCoupon, COUPON_REFUSALS, getCoupon, listUsableCoupons } from './coupons.service';

const CouponListQuerySchema = z.object({ restaurant_id: IdParamsSchema.shape.id.optional() });

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/coupon/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['coupons'],
        summary: 'Mã giảm giá đang dùng được',
        querystring: CouponListQuerySchema,
        response: { 200: CouponListReplySchema },
      },
    },
    async (request) => ok(await listUsableCoupons(app.db, request.query.restaurant_id)),
  );

  app.get(
    '/api/coupon/code/:code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['coupons'],
        summary: 'Một mã giảm giá',
        params: CouponCodeParamsSchema,
        response: { 200: CouponReplySchema, ...errorReplies('COUPON_NOT_FOUND') },
      },
    },
    async (request) => ok(await getCoupon(app.db, request.params.code)),
  );

  app.post(
    '/api/coupon/apply',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['coupons'],
        summary: 'Xem trước mức giảm của một mã cho đơn hàng',
        body: CouponApplyBodySchema,
        response: {
          200: CouponApplyReplySchema,
          ...errorReplies(...COUPON_REFUSALS),
        },
      },
    },
    async (request) =>
      ok(
        await applyCoupon(app.db, currentUser(request).id, request.body),
        'Áp dụng mã giảm giá thành công',
      ),
  );
};
