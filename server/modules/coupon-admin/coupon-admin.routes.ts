import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  AdminCouponCreateBodySchema,
  AdminCouponEditBodySchema,
  ManagedCouponListReplySchema,
  ManagedCouponReplySchema,
  StaffCouponCreateBodySchema,
  StaffCouponEditBodySchema,
} from '#contract/coupon-admin';
import type { ErrorCode } from '#server/errors';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import {
  createCoupon,
  editCoupon,
  listManagedCoupons,
  ownerManager,
  type Manager,
} from './coupon-admin.service';

/** The refusals of the rules between a coupon's fields, shared by creation and edits. */
const SHAPE_REFUSALS = [
  'COUPON_CODE_TAKEN',
  'COUPON_FOODS_INVALID',
  'COUPON_FOODS_NEED_RESTAURANT',
  'COUPON_PERCENT_RANGE',
  'COUPON_RESTAURANT_INVALID',
  'COUPON_WINDOW',
] as const satisfies readonly ErrorCode[];
const EDIT_REFUSALS = [
  ...SHAPE_REFUSALS,
  'COUPON_CUSTOMER_LIMIT_BELOW_USED',
  'COUPON_LIMIT_BELOW_USED',
  'MANAGED_COUPON_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export const couponAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = (request: Parameters<typeof currentUser>[0]): Manager => ({
    kind: 'admin',
    userId: currentUser(request).id,
  });
  const owner = (request: Parameters<typeof currentUser>[0]) =>
    ownerManager(app.db, currentUser(request));

  app.get(
    '/api/admin/coupons/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Mọi mã giảm giá, kèm lượt dùng đến nay (mới nhất trước)',
        response: { 200: ManagedCouponListReplySchema },
      },
    },
    async (request) => ok(await listManagedCoupons(app.db, admin(request))),
  );

  app.post(
    '/api/admin/coupons/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Tạo mã giảm giá của nền tảng (mọi nhà hàng, hoặc một nhà hàng và món của nó)',
        body: AdminCouponCreateBodySchema,
        response: { 201: ManagedCouponReplySchema, ...errorReplies(...SHAPE_REFUSALS) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createCoupon(app.db, admin(request), request.body), 'Đã tạo mã giảm giá'),
        ),
  );

  app.put(
    '/api/admin/coupons/:id/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Sửa, tạm dừng, tiếp tục hoặc cho hết hạn một mã giảm giá',
        params: IdParamsSchema,
        body: AdminCouponEditBodySchema,
        response: { 200: ManagedCouponReplySchema, ...errorReplies(...EDIT_REFUSALS) },
      },
    },
    async (request) =>
      ok(
        await editCoupon(app.db, admin(request), request.params.id, request.body),
        'Đã cập nhật mã giảm giá',
      ),
  );

  app.get(
    '/api/staff/coupons/',
    {
      // The restaurant's staff read them; only the owner changes them.
      config: { access: 'staff' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Mã giảm giá của nhà hàng, kèm lượt dùng đến nay',
        response: { 200: ManagedCouponListReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) => ok(await listManagedCoupons(app.db, await owner(request))),
  );

  app.post(
    '/api/staff/coupons/',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Tạo mã giảm giá cho nhà hàng của mình (có thể chỉ cho vài món)',
        body: StaffCouponCreateBodySchema,
        response: {
          201: ManagedCouponReplySchema,
          ...errorReplies(...SHAPE_REFUSALS, 'RESTAURANT_NONE'),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createCoupon(app.db, await owner(request), request.body),
            'Đã tạo mã giảm giá',
          ),
        ),
  );

  app.put(
    '/api/staff/coupons/:id/',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['coupon-admin'],
        summary: 'Sửa, tạm dừng, tiếp tục hoặc cho hết hạn mã giảm giá của nhà hàng',
        params: IdParamsSchema,
        body: StaffCouponEditBodySchema,
        response: {
          200: ManagedCouponReplySchema,
          ...errorReplies(...EDIT_REFUSALS, 'RESTAURANT_NONE'),
        },
      },
    },
    async (request) =>
      ok(
        await editCoupon(app.db, await owner(request), request.params.id, request.body),
        'Đã cập nhật mã giảm giá',
      ),
  );
};
