import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';
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

/** The key this request owns, so its reply is stored (or the key freed) when it is sent. */
const owned = new WeakMap<FastifyRequest, { userId: number; key: string }>();

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isValidKey(header)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  }
  return header;
}

function preHandler(app: FastifyInstance) {
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
      owned.set(request, { userId, key });
      return;
    }
    return reply
      .code(outcome.status)
      .header(REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(outcome.body);
  };
}

function onSend(app: FastifyInstance) {
  return async function idempotencyOnSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) {
    const mine = owned.get(request);
    if (!mine) return payload;
    owned.delete(request);
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      // A server failure is not an answer worth repeating: the retry must run again. So is a
      // reply we cannot keep (a stream), which idempotent JSON routes never send.
      if (reply.statusCode >= 500 || text === null) await release(app.db, mine.userId, mine.key);
      else await complete(app.db, mine.userId, mine.key, reply.statusCode, text);
    } catch (error) {
      // The reply itself succeeded; the key stays 'running' and is taken over once stale.
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
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    const access = route.config.access;
    if (!access || access === 'public') {
      throw new Error(`${String(route.method)} ${route.url} is idempotent but not signed-in only`);
    }
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), preHandler(app)];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), onSend(app)];
    declareErrorReplies(
      route,
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_IN_PROGRESS',
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});
