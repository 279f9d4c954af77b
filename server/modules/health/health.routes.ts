import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReplySchema } from '#contract/envelope';
import { HealthReplySchema, LivenessReplySchema } from '#contract/health';
import { ok } from '#server/lib/reply';
import { checkHealth, checkLiveness } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = {
    config: { access: 'public' as const },
    schema: {
      tags: ['system'],
      summary: 'Tình trạng máy chủ và cơ sở dữ liệu',
      response: { 200: HealthReplySchema, 503: ErrorReplySchema },
    },
  };
  // A monitoring probe's wording: uptime checks match this reply's 'OK', so it keeps it.
  app.get('/api/health', health, async () => ok(await checkHealth(app.db, app.dbKind), 'OK'));

  // For an orchestrator or a load balancer: liveness restarts a process that stopped
  // answering; readiness takes an instance out of rotation while its database is unreachable,
  // without restarting it (it serves again by itself once the database is back).
  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Máy chủ còn hoạt động (không hỏi cơ sở dữ liệu)',
        response: { 200: LivenessReplySchema },
      },
    },
    async () => ok(checkLiveness(), 'OK'),
  );
  app.get(
    '/api/health/ready',
    {
      ...health,
      schema: { ...health.schema, summary: 'Máy chủ sẵn sàng phục vụ: cơ sở dữ liệu trả lời' },
    },
    async () => ok(await checkHealth(app.db, app.dbKind), 'OK'),
  );
};
