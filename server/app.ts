import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from './config';
import type { Database, DatabaseKind } from './db/database';
import type { DB } from './db/schema';
import { registerErrorHandling, sendError } from './http/error-handler';
import { normalizeInput } from './http/normalize';
import { registerStatic } from './http/static';
import { categoryRoutes } from './modules/categories/categories.routes';
import { healthRoutes } from './modules/health/health.routes';
import { APP_VERSION } from './version';

// Validation messages that no contract overrides still reach users, so they speak Vietnamese.
z.config(z.locales.vi());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    dbKind: DatabaseKind;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Tests pass false; the server passes pino options derived from config. */
  logger?: FastifyServerOptions['logger'];
}

const ONE_MEGABYTE = 1024 * 1024;

export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Tokens and one-time codes must never reach a log file.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.otp_code'],
    },
    bodyLimit: ONE_MEGABYTE,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db.db);
  app.decorate('dbKind', db.kind);
  registerErrorHandling(app);

  app.addHook('preValidation', async (request) => {
    if (request.body) request.body = normalizeInput(request.body);
    if (request.query) request.query = normalizeInput(request.query);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // API replies carry personal data and money; only the app's own cache may keep them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Flaky mobile data is the main audience: every reply and file over 1 KB is compressed
  // (brotli at a cheap level, gzip for older clients).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Món Ngon API', version: APP_VERSION },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes);
  await app.register(categoryRoutes);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const serving = await registerStatic(app, config.staticDir);
  if (!serving) app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));

  return app;
}
