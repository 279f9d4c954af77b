import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DepositBodySchema,
  DepositReplySchema,
  PaymentReturnReplySchema,
  PayOrderBodySchema,
  PayOrderReplySchema,
  VnpayCallbackQuerySchema,
  VnpayIpnReplySchema,
  type PaymentLink,
  type PayOrderResult,
} from '#contract/payments';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { AppError } from '#server/errors';
import { isNavigation } from '#server/lib/navigation';
import { requestOrigin } from '#server/lib/request-origin';
import { keepReply } from '../idempotency/idempotency.service';
import { handleIpn, paymentReturnStatus } from './payments.callbacks.service';
import { createDeposit, payOrder, type PaymentDeps } from './payments.service';

// The replies of the two payment calls, also written with the payment itself (keepReply) for
// a repeated key.
const depositCreated = (link: PaymentLink) => ok(link, 'Đã tạo lệnh nạp tiền');
const payAnswered = (data: PayOrderResult) =>
  ok(
    data,
    data.status === 'paid'
      ? 'Thanh toán thành công'
      : data.payment_url
        ? 'Vui lòng thanh toán phần còn thiếu qua VNPay'
        : 'Số dư không đủ',
  );

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PaymentDeps = {
    db: app.db,
    config: app.config,
    log: app.log,
    metrics: app.metrics,
  };

  /**
   * The origin of the payment page and of its return URL: PUBLIC_URL when one was given
   * (always in production), else the address this request came to when it can be trusted,
   * else the default PUBLIC_URL.
   */
  const linkOrigin = (request: FastifyRequest): string =>
    app.config.publicUrlFixed
      ? app.config.publicUrl
      : (requestOrigin(request, app.config.trustProxy) ?? app.config.publicUrl);

  const depositSchema = {
    tags: ['payments'],
    summary: 'Tạo lệnh nạp tiền vào ví qua VNPay (5.000 ₫ đến 100.000.000 ₫)',
    body: DepositBodySchema,
    response: { 200: DepositReplySchema, ...errorReplies('DEPOSIT_AMOUNT_RANGE') },
  };

  // The customer's and the staff's top-up: the same call, for different callers.
  for (const [url, access] of [
    ['/api/payment/deposit/create/', 'authenticated'],
    ['/api/staff/payment/deposit/', 'staff'],
  ] as const) {
    app.post(
      url,
      // A double tap must not open two payments.
      { config: { access, idempotent: true }, schema: depositSchema },
      async (request) =>
        depositCreated(
          await createDeposit(
            deps,
            {
              userId: currentUser(request).id,
              amount: request.body.amount,
              ipAddr: request.ip,
              origin: linkOrigin(request),
            },
            keepReply(request.idempotencyKey, 200, depositCreated),
          ),
        ),
    );
  }

  app.post(
    '/api/payment/order/pay/',
    {
      config: { access: 'customer', idempotent: true },
      schema: {
        tags: ['payments'],
        summary: 'Thanh toán đơn hàng bằng ví; phần thiếu qua VNPay',
        body: PayOrderBodySchema,
        response: {
          200: PayOrderReplySchema,
          ...errorReplies('ORDER_NOT_FOUND', 'ORDER_NOT_PAYABLE'),
        },
      },
    },
    async (request) =>
      payAnswered(
        await payOrder(
          deps,
          {
            customerId: currentUser(request).id,
            orderId: request.body.order_id,
            ipAddr: request.ip,
            origin: linkOrigin(request),
          },
          keepReply(request.idempotencyKey, 200, payAnswered),
        ),
      ),
  );

  app.get(
    '/api/payment/vnpay/ipn/',
    {
      // VNPay's server calls it; the signature is the authentication.
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'IPN của VNPay (máy chủ VNPay gọi)',
        querystring: VnpayCallbackQuerySchema,
        response: { 200: VnpayIpnReplySchema },
      },
    },
    // Always 200: VNPay reads RspCode, and retries anything but 00 and 02.
    async (request) => handleIpn(deps, request.query),
  );

  app.get(
    '/api/payment/vnpay/return/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Kết quả thanh toán VNPay (trang cho trình duyệt, JSON cho ứng dụng)',
        querystring: VnpayCallbackQuerySchema,
        response: {
          200: PaymentReturnReplySchema,
          ...errorReplies('BAD_REQUEST', 'NOT_FOUND', 'PAYMENT_NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept');
      // With a build, the static layer has already answered a navigation with the app; here
      // there is none (API tests, `npm run dev`), and a page is not ours to invent.
      if (isNavigation(request)) throw new AppError('NOT_FOUND');
      return paymentReturnStatus(deps, request.query);
    },
  );
};
