import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '#contract/profile';
import { AppError } from '../errors';
import type { Access } from '../lib/request-user';
import { bearerToken, verifyAccessToken } from '../modules/auth/tokens';
import { declareErrorReplies, isApiRoute } from './error-handler';
import { rootPlugin } from './root-plugin';

const ALLOWED: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  authenticated: ['customer', 'staff', 'owner', 'admin'],
  customer: ['customer'],
  staff: ['staff', 'owner', 'admin'],
  owner: ['owner'],
  admin: ['admin'],
};

function guard(access: Exclude<Access, 'public'>, key: Uint8Array, isLocked: LockCheck) {
  const allowed = ALLOWED[access];
  // onRequest: runs before the body is read, so an anonymous upload is refused unread.
  return async function accessGuard(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyAccessToken(key, token) : null;
    if (!claims) throw new AppError('UNAUTHENTICATED');
    // The token is a signature only, so a lock would otherwise wait for its expiry: one read
    // by primary key on every authenticated request makes it take effect at once.
    if (await isLocked(claims.id)) throw new AppError('ACCOUNT_LOCKED');
    if (!allowed.includes(claims.role)) throw new AppError('FORBIDDEN');
    request.user = claims;
  };
}

/** Whether an admin has locked the account (true also for one deleted since the token). */
export type LockCheck = (userId: number) => Promise<boolean>;

export interface AccessPluginOptions extends Record<string, unknown> {
  /** HS256 key of the access tokens. */
  key: Uint8Array;
  isLocked: LockCheck;
}

/**
 * Deny by default: every /api route must declare who may call it (`config.access`, typed in
 * lib/request-user.ts), or the start-up fails; a guarded route gets the token check as its
 * first onRequest hook. Registered before the routes, since onRoute only sees later ones.
 */
export const accessPlugin = rootPlugin<AccessPluginOptions>(
  'access',
  async (app, { key, isLocked }) => {
    app.decorateRequest('user', null);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiRoute(route)) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
      }
      if (access === 'public') return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guard(access, key, isLocked), ...existing];
      // What the guard answers: 401 to anyone without a valid token, 403 to a role not allowed.
      declareErrorReplies(route, 'UNAUTHENTICATED', 'ACCOUNT_LOCKED');
      if (access !== 'authenticated') declareErrorReplies(route, 'FORBIDDEN');
    });
  },
);
