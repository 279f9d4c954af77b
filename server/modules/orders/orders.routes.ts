import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  CancelOrderBodySchema,
  CreateOrderBodySchema,
  CreateOrderReplySchema,
  OrderListQuerySchema,
  OrderListReplySchema,
  OrderReplySchema,
  type Order,
} from '#contract/orders';
import { ReorderBodySchema, ReorderReplySchema, type ReorderResult } from '#contract/reorder';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { COUPON_REFUSALS } from '../coupons/coupons.service';
import { keepReply } from '../idempotency/idempotency.service';
import {
  advanceStaffOrder,
  cancelOrderAsCustomer,
  cancelOrderAsStaff,
  createOrder,
  getCustomerOrder,
  getStaffOrder,
  listCustomerOrders,
  listStaffOrders,
  reorder,
  type FulfilmentStep,
} from './orders.service';

// The customer's replies, also written with the change itself (keepReply) for a repeated key.
const created = (order: Order) => ok({ id: order.id, order }, 'Đã tạo đơn hàng');
const cancelled = (order: Order) => ok(order, 'Đã hủy đơn');
const reordered = (result: ReorderResult) => ok(result, 'Đã thêm các món của đơn vào giỏ hàng');

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/orders/',
    {
      // A retried checkout (lost reply, double tap) must not order twice.
      config: { access: 'customer', idempotent: true },
      schema: {
        tags: ['orders'],
        summary: 'Tạo đơn hàng từ giỏ hàng',
        body: CreateOrderBodySchema,
        response: {
          201: CreateOrderReplySchema,
          ...errorReplies(
            'CART_EMPTY',
            ...COUPON_REFUSALS,
            'FOOD_UNAVAILABLE',
            'OPTION_UNAVAILABLE',
            'LOCATION_INCOMPLETE',
            'ORDER_NOT_FOUND',
            'OUT_OF_DELIVERY_AREA',
            'RESTAURANT_BUSY',
            'RESTAURANT_CLOSED',
            'RESTAURANT_NOT_FOUND',
            'RESTAURANT_PAUSED',
          ),
        },
      },
    },
    async (request, reply) => {
      const order = await createOrder(
        app.db,
        currentUser(request).id,
        request.body,
        keepReply(request.idempotencyKey, 201, created),
      );
      return reply.code(201).send(created(order));
    },
  );

  app.get(
    '/api/customer/orders/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['orders'],
        summary: 'Đơn hàng của tôi, mới nhất trước',
        querystring: OrderListQuerySchema,
        response: { 200: OrderListReplySchema },
      },
    },
    async (request) => ok(await listCustomerOrders(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/customer/orders/:id/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['orders'],
        summary: 'Chi tiết đơn hàng của tôi',
        params: IdParamsSchema,
        response: { 200: OrderReplySchema, ...errorReplies('ORDER_NOT_FOUND') },
      },
    },
    async (request) =>
      ok(await getCustomerOrder(app.db, currentUser(request).id, request.params.id)),
  );

  app.put(
    '/api/customer/orders/:id/cancel/',
    {
      config: { access: 'customer', idempotent: true },
      schema: {
        tags: ['orders'],
        summary:
          'Hủy đơn hàng chờ thanh toán, hoặc đã thanh toán mà chưa được nhận (hoàn tiền về ví)',
        params: IdParamsSchema,
        body: CancelOrderBodySchema,
        response: {
          200: OrderReplySchema,
          ...errorReplies('ORDER_NOT_CANCELLABLE', 'ORDER_NOT_FOUND'),
        },
      },
    },
    async (request) =>
      cancelled(
        await cancelOrderAsCustomer(
          app.db,
          currentUser(request).id,
          request.params.id,
          request.body.reason,
          keepReply(request.idempotencyKey, 200, cancelled),
        ),
      ),
  );

  app.post(
    '/api/customer/orders/:id/reorder/',
    {
      // Queued offline like the cart's changes and replayed with its key: a reorder that
      // reached the server before the connection dropped does not add the lines twice.
      config: { access: 'customer', idempotent: true },
      schema: {
        tags: ['orders'],
        summary: 'Đặt lại: thêm các món của đơn đã giao hoặc đã hủy vào giỏ hàng, theo giá hôm nay',
        params: IdParamsSchema,
        body: ReorderBodySchema,
        response: {
          200: ReorderReplySchema,
          ...errorReplies(
            'CART_OTHER_RESTAURANT',
            'LOCATION_INCOMPLETE',
            'ORDER_NOT_FOUND',
            'ORDER_NOT_REORDERABLE',
            'ORDER_TOO_LARGE',
            'OUT_OF_DELIVERY_AREA',
            'REORDER_NOTHING_LEFT',
            'RESTAURANT_BUSY',
            'RESTAURANT_CLOSED',
            'RESTAURANT_PAUSED',
          ),
        },
      },
    },
    async (request) =>
      reordered(
        await reorder(
          app.db,
          currentUser(request).id,
          request.params.id,
          request.body,
          keepReply(request.idempotencyKey, 200, reordered),
        ),
      ),
  );

  app.get(
    '/api/staff/orders/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary: 'Đơn hàng của nhà hàng (trừ đơn chưa thanh toán), mới nhất trước',
        querystring: OrderListQuerySchema,
        response: { 200: OrderListReplySchema, ...errorReplies('RESTAURANT_NOT_LINKED') },
      },
    },
    async (request) => ok(await listStaffOrders(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/staff/orders/:id/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary: 'Chi tiết một đơn hàng của nhà hàng',
        params: IdParamsSchema,
        response: {
          200: OrderReplySchema,
          ...errorReplies('ORDER_NOT_FOUND', 'RESTAURANT_NOT_LINKED'),
        },
      },
    },
    async (request) => ok(await getStaffOrder(app.db, currentUser(request), request.params.id)),
  );

  // The staff steps (spec section 4). Not Idempotent-Key routes: each is a conditional move
  // from one status, so a repeated call is refused (409) instead of acting twice.
  const steps: { step: FulfilmentStep; path: string; summary: string; message: string }[] = [
    { step: 'accept', path: 'accept', summary: 'Nhận đơn đã thanh toán', message: 'Đã nhận đơn' },
    { step: 'done', path: 'done', summary: 'Đánh dấu đã xong món', message: 'Đã xong món' },
    {
      step: 'complete',
      path: 'complete',
      summary: 'Hoàn thành đơn (chuyển tiền cho chủ quán)',
      message: 'Đã hoàn thành đơn',
    },
  ];
  for (const { step, path, summary, message } of steps) {
    app.put(
      `/api/staff/orders/:id/${path}/`,
      {
        config: { access: 'staff' },
        schema: {
          tags: ['orders'],
          summary,
          params: IdParamsSchema,
          response: {
            200: OrderReplySchema,
            ...errorReplies('ORDER_NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'RESTAURANT_NOT_LINKED'),
          },
        },
      },
      async (request) =>
        ok(
          await advanceStaffOrder(app.db, currentUser(request), request.params.id, step, {
            commissionPercent: app.config.commissionPercent,
          }),
          message,
        ),
    );
  }

  app.put(
    '/api/staff/orders/:id/cancel/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        summary: 'Hủy đơn đã thanh toán (hoàn tiền đầy đủ cho khách)',
        params: IdParamsSchema,
        body: CancelOrderBodySchema,
        response: {
          200: OrderReplySchema,
          ...errorReplies('ORDER_NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'RESTAURANT_NOT_LINKED'),
        },
      },
    },
    async (request) =>
      ok(
        await cancelOrderAsStaff(
          app.db,
          currentUser(request),
          request.params.id,
          request.body.reason,
        ),
        'Đã hủy đơn',
      ),
  );
};
