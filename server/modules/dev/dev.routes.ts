import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SmsOutboxQuerySchema, SmsOutboxReplySchema } from '#contract/auth';
import { ok } from '#server/lib/reply';
import { listOutbox } from './dev.service';

/**
 * Development and test helpers. Registered only outside production (app.ts), so in
 * production these paths are the plain JSON 404 of any unknown route.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/sms-outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Tin nhắn SMS đã "gửi" (chỉ môi trường phát triển)',
        querystring: SmsOutboxQuerySchema,
        response: { 200: SmsOutboxReplySchema },
      },
    },
    async (request) => ok({ items: await listOutbox(app.db, request.query.phone) }),
  );
};
