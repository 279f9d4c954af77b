import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditListQuerySchema, AuditListReplySchema } from '#contract/admin-users';
import { ok } from '#server/lib/reply';
import { listAuditEntries } from './admin-audit.service';

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-audit'],
        summary: 'Nhật ký thao tác quản trị (mới nhất trước): ai, làm gì, trước và sau',
        querystring: AuditListQuerySchema,
        response: { 200: AuditListReplySchema },
      },
    },
    async (request) => ok(await listAuditEntries(app.db, request.query)),
  );
};
