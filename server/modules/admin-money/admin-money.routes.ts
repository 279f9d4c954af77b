import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LedgerCheckReplySchema,
  MoneyOverviewQuerySchema,
  MoneyOverviewReplySchema,
} from '#contract/admin-money';
import { ok } from '#server/lib/reply';
import { checkLedger, moneyOverview } from './admin-money.service';

export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/money/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-money'],
        summary:
          'Tổng quan tiền: tiền giữ cho đơn đang mở, hoa hồng, thanh toán VNPay theo kết quả, yêu cầu rút tiền chờ chi',
        querystring: MoneyOverviewQuerySchema,
        response: { 200: MoneyOverviewReplySchema },
      },
    },
    async (request) => ok(await moneyOverview(app.db, request.query)),
  );

  app.post(
    '/api/admin/money/check/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-money'],
        summary: 'Kiểm tra sổ cái ngay: tổng bằng 0, số dư khớp giao dịch, không ví nào âm',
        response: { 200: LedgerCheckReplySchema },
      },
    },
    async () => {
      const check = await checkLedger(app.db);
      return ok(check, check.ok ? 'Sổ cái khớp' : 'Sổ cái có sai lệch');
    },
  );
};
