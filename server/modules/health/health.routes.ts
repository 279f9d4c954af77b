import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReplySchema } from '#contract/envelope';
import { HealthReplySchema } from '#contract/health';
import { ok } from '#server/lib/reply';
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
    // A monitoring probe's wording: uptime checks match this reply's 'OK', so it keeps it.
    async () => ok(await checkHealth(app.db, app.dbKind), 'OK'),
  );
};
