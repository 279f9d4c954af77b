import type { FastifyRequest } from 'fastify';
import type { Role } from '#contract/profile';
import { AppError } from '../errors';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the access plugin
 * (http/access.ts) refuses to start with a route that forgets, so nothing is public by accident.
 * Spec section 6: owner and admin count as staff-level; only owner counts as owner.
 */
export type Access = 'public' | 'authenticated' | 'customer' | 'staff' | 'owner' | 'admin';

/** The signed-in caller, as the access token names them. */
export interface RequestUser {
  id: number;
  role: Role;
  /** When the access token expires (ms since the epoch): a live stream ends then. */
  expiresAt?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, set by the access guard on every non-public route. */
    user: RequestUser | null;
  }
}

/** The signed-in caller of a guarded route (the guard guarantees there is one). */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
