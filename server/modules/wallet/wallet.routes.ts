import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  AdminWithdrawalReplySchema,
  MarkWithdrawalPaidBodySchema,
  RejectWithdrawalBodySchema,
  WalletBalanceReplySchema,
  WithdrawalListQuerySchema,
  WithdrawalExportQuerySchema,
  WithdrawalListReplySchema,
  WithdrawBodySchema,
  WithdrawReplySchema,
} from '#contract/wallet';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { keepReply } from '../idempotency/idempotency.service';
import {
  decideWithdrawal,
  exportWithdrawals,
  getWalletBalance,
  listWithdrawals,
  requestWithdrawal,
  type WithdrawResult,
} from './wallet.service';

// Also written with the withdrawal itself (keepReply) for a repeated key.
const withdrawn = (result: WithdrawResult) => ok(result, 'Đã rút tiền');

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payment/wallet/balance/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['wallet'],
        summary: 'Số dư ví của tôi (đồng)',
        response: { 200: WalletBalanceReplySchema },
      },
    },
    async (request) => ok({ balance: await getWalletBalance(app.db, currentUser(request).id) }),
  );

  app.post(
    '/api/staff/payment/withdraw/',
    {
      // Staff-level only, but checked in the service: a customer must read the spec's
      // WITHDRAW_NOT_ALLOWED sentence rather than the generic FORBIDDEN. Idempotent: a
      // retried request must not take the money twice.
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Rút tiền từ ví (nhân viên, chủ quán)',
        body: WithdrawBodySchema,
        response: {
          200: WithdrawReplySchema,
          ...errorReplies('INSUFFICIENT_BALANCE', 'WITHDRAWAL_NOT_FOUND', 'WITHDRAW_NOT_ALLOWED'),
        },
      },
    },
    async (request) =>
      withdrawn(
        await requestWithdrawal(
          app.db,
          currentUser(request),
          request.body.amount,
          keepReply(request.idempotencyKey, 200, withdrawn),
        ),
      ),
  );

  app.get(
    '/api/admin/withdrawals/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallet'],
        summary:
          'Yêu cầu rút tiền: chờ xử lý cũ nhất trước, đã xử lý mới nhất trước; lọc theo trạng thái và ngày',
        querystring: WithdrawalListQuerySchema,
        response: { 200: WithdrawalListReplySchema },
      },
    },
    async (request) => ok(await listWithdrawals(app.db, request.query)),
  );

  // A static path: find-my-way matches it before any parametric one, and the decisions below
  // all end in /paid/ or /reject/, so 'export.csv' is never read as an id.
  app.get(
    '/api/admin/withdrawals/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallet'],
        summary: 'Xuất CSV các yêu cầu rút tiền trong khoảng ngày (cho kế toán)',
        querystring: WithdrawalExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv; charset=utf-8, có BOM, mỗi dòng kết thúc bằng CRLF'),
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportWithdrawals(app.db, request.query);
      // A string under a non-JSON content type goes out as is, past the JSON serializer.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put(
    '/api/admin/withdrawals/:id/paid/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallet'],
        summary: 'Đánh dấu đã chuyển khoản cho yêu cầu rút tiền, kèm mã giao dịch',
        params: IdParamsSchema,
        body: MarkWithdrawalPaidBodySchema,
        response: {
          200: AdminWithdrawalReplySchema,
          ...errorReplies('WITHDRAWAL_ALREADY_DECIDED', 'WITHDRAWAL_NOT_FOUND'),
        },
      },
    },
    async (request) =>
      ok(
        await decideWithdrawal(app.db, currentUser(request).id, request.params.id, {
          status: 'paid',
          reference: request.body.reference,
        }),
        'Đã chuyển tiền',
      ),
  );

  app.put(
    '/api/admin/withdrawals/:id/reject/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallet'],
        summary: 'Từ chối yêu cầu rút tiền (hoàn tiền về ví)',
        params: IdParamsSchema,
        body: RejectWithdrawalBodySchema,
        response: {
          200: AdminWithdrawalReplySchema,
          ...errorReplies('WITHDRAWAL_ALREADY_DECIDED', 'WITHDRAWAL_NOT_FOUND'),
        },
      },
    },
    async (request) =>
      ok(
        await decideWithdrawal(app.db, currentUser(request).id, request.params.id, {
          status: 'rejected',
          reason: request.body.reason,
        }),
        'Đã từ chối yêu cầu rút tiền',
      ),
  );
};
