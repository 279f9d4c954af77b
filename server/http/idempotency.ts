import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import type { HeldKey } from '../lib/held-key';
import { currentUser } from '../lib/request-user';
import {
  claim,
  complete,
  isValidKey,
  release,
  requestHash,
} from '../modules/idempotency/idempotency.service';
import { declareErrorReplies } from './error-handler';
import { rootPlugin } from './root-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an Idempotency-Key header (design.md section 4): a repeat of the same
     * call gets the first reply instead of running again. Only for signed-in routes.
     */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isValidKey(header)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  }
  return header;
}

type ZodResponseSchema = Parameters<typeof serializerCompiler>[0]['schema'];

/**
 * The route's own serializer for each status, so a reply written inside the work's transaction
 * is byte for byte the text the route then sends.
 */
function serializerOf(route: RouteOptions): HeldKey['serialize'] {
  const compiled = new Map<number, (payload: unknown) => string>();
  return (status, payload) => {
    let serialize = compiled.get(status);
    if (!serialize) {
      const schema = (
        route.schema?.response as Record<number, ZodResponseSchema | undefined> | undefined
      )?.[status];
      serialize = schema
        ? serializerCompiler({ schema, method: String(route.method), url: route.url })
        : JSON.stringify;
      compiled.set(status, serialize);
    }
    return serialize(payload);
  };
}

function preHandler(app: FastifyInstance, serialize: HeldKey['serialize']) {
  // preHandler: after the access guard (who is calling) and after validation (a refused body
  // never takes a key, so fixing the body and retrying with the same key just works).
  return async function idempotencyPreHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = keyOf(request);
    if (key === undefined) return;
    const userId = currentUser(request).id;
    const outcome = await claim(app.db, {
      userId,
      key,
      method: request.method,
      path: request.url,
      requestHash: requestHash(request.method, request.url, request.body),
    });
    if (outcome.kind === 'owned') {
      request.idempotencyKey = { userId, key, token: outcome.token, serialize, kept: false };
      return;
    }
    return reply
      .code(outcome.status)
      .header(REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(outcome.body);
  };
}

function onSend(app: FastifyInstance, routeId: string) {
  const crashHere = app.config.testCrashAfterCommit === routeId;
  return async function idempotencyOnSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) {
    const held = request.idempotencyKey;
    if (!held) return payload;
    request.idempotencyKey = null;
    // The crash tests' moment (APP_ENV=test only): the work has committed, the client has no
    // reply yet. What the retry then gets is whatever the database kept.
    if (crashHere && reply.statusCode < 400) process.kill(process.pid, 'SIGKILL');
    // Written with the work already: nothing is left to do.
    if (held.kept && reply.statusCode < 500) return payload;
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      // A server failure is not an answer worth repeating: the retry must run again. So is a
      // reply we cannot keep (a stream), which idempotent JSON routes never send. Both writes
      // touch only a key that is still running under this request's lease, so they never
      // undo a reply a transaction committed with its work.
      if (reply.statusCode >= 500 || text === null) await release(app.db, held);
      else await complete(app.db, held, reply.statusCode, text);
    } catch (error) {
      // The reply itself succeeded; the key stays running and is taken over after its lease.
      request.log.error({ err: error }, 'could not record the idempotent reply');
    }
    return payload;
  };
}

/**
 * Adds the Idempotency-Key behaviour to every route whose config says `idempotent: true`.
 * Registered before the routes (onRoute only sees routes added after it), and before
 * @fastify/compress, so its onSend sees the JSON text rather than a compressed stream.
 */
export const idempotencyPlugin = rootPlugin('idempotency', async (app) => {
  app.decorateRequest('idempotencyKey', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    const access = route.config.access;
    if (!access || access === 'public') {
      throw new Error(`${String(route.method)} ${route.url} is idempotent but not signed-in only`);
    }
    const routeId = `${[route.method].flat().join(',')} ${route.url}`;
    route.preHandler = [
      ...(route.preHandler ? [route.preHandler].flat() : []),
      preHandler(app, serializerOf(route)),
    ];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), onSend(app, routeId)];
    declareErrorReplies(
      route,
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_IN_PROGRESS',
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});
