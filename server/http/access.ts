import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '../db/schema';
import { bearerToken, verifyAccessToken, type AccessClaims } from '../modules/auth/tokens';
import { AppError } from '../errors';

/**
 * Who may call a route. Every /api route must declare one in `config.access`; a route that
 * forgets fails the start-up, so nothing is public by accident (deny by default).
 * Spec section 6: owner and admin count as staff-level; only owner counts as owner.
 */
export type Access = 'public' | 'authenticated' | 'customer' | 'staff' | 'owner' | 'admin';

const ALLOWED: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  authenticated: ['customer', 'staff', 'owner', 'admin'],
  customer: ['customer'],
  staff: ['staff', 'owner', 'admin'],
  owner: ['owner'],
  admin: ['admin'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, set by the access guard on every non-public route. */
    user: AccessClaims | null;
  }
}

/** The signed-in caller of a guarded route (the guard guarantees there is one). */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

function guard(access: Exclude<Access, 'public'>, key: Uint8Array) {
  const allowed = ALLOWED[access];
  // onRequest: runs before the body is read, so an anonymous upload is refused unread.
  return async function accessGuard(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyAccessToken(key, token) : null;
    if (!claims) throw new AppError('UNAUTHENTICATED');
    if (!allowed.includes(claims.role)) throw new AppError('FORBIDDEN');
    request.user = claims;
  };
}

export function registerAccessControl(app: FastifyInstance, key: Uint8Array): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
    }
    if (access === 'public') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard(access, key), ...existing];
  });
}
