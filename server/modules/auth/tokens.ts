import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '#server/db/schema';
import type { RequestUser } from '#server/lib/request-user';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const ISSUER = 'mon-ngon';
const AUDIENCE = 'mon-ngon-api';
const ROLES: readonly Role[] = ['customer', 'staff', 'owner', 'admin'];

/** What an access token says: the caller's id and role (lib/request-user.ts). */
export type AccessClaims = RequestUser;

/** A short-lived JWT; `typ: access` so nothing else that is signed can stand in for it. */
export function signAccessToken(
  key: Uint8Array,
  user: AccessClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: user.role, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The claims of a valid access token, or null for anything else (expired, tampered, refresh). */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<(AccessClaims & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const id = Number(payload.sub);
    const role = payload.role as Role;
    if (payload.typ !== 'access' || !Number.isSafeInteger(id) || !ROLES.includes(role)) return null;
    // jose has checked exp; signAccessToken always sets it.
    return { id, role, expiresAt: (payload.exp ?? 0) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/**
 * Refresh tokens are opaque random strings, stored only as a hash: they are not JWTs, so one
 * can never pass as an access token, and a database leak does not hand out sessions.
 */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
