import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReplySchema } from '#contract/envelope';
import { HealthReplySchema } from '#contract/health';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Tình trạng máy chủ và cơ sở dữ liệu',
        response: { 200: HealthReplySchema, 503: ErrorReplySchema },
      },
    },
    async () => ({
      success: true as const,
      message: 'OK',
      data: await checkHealth(app.db, app.dbKind),
    }),
  );
};
