import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Metrics } from '../lib/metrics';
import { sendError } from './error-handler';

export const METRICS_PATH = '/metrics';

// A route Fastify did not match (an unknown path, a screen of the app served by the fallback):
// one label for all of them, never the raw URL, which would make a series per URL.
const UNMATCHED = 'unmatched';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Times every reply by its route pattern, method and status, and serves GET /metrics in
 * Prometheus' text format: open outside production, behind METRICS_TOKEN when one is set,
 * and 404 in production without one (there is nobody it could be shown to).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { config: Config; metrics: Metrics },
): void {
  const { metrics } = options;
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestServed(
      request.method,
      request.routeOptions.url ?? UNMATCHED,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const { metricsToken, appEnv } = options.config;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (metricsToken === undefined && appEnv === 'production') {
      return sendError(reply, 'NOT_FOUND');
    }
    if (metricsToken !== undefined && !hasToken(request, metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 'METRICS_TOKEN_INVALID');
    }
    // Counters are the scraper's to keep: no cache may answer for this instance.
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
