/**
 * How the signed-in session of spec section 3 is kept in localStorage (keys 'user', 'tokens'
 * and 'userType'), apart from the store of session.ts: the sign-in script that runs before the
 * app (src/first-load/early-sign-in.ts) stores a session exactly as the app does, and must not
 * carry the store with it.
 */

export const ROLES = ['customer', 'staff', 'owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type UserType = 'customer' | 'staff';

export interface SessionUser {
  id?: number | string;
  name?: string;
  role?: string;
  // Customer and staff logins return different objects (spec 7.1); screens read what they need.
  [field: string]: unknown;
}

export interface SessionTokens {
  access_token: string;
  refresh_token?: string;
}

export interface SessionState {
  user: SessionUser | null;
  tokens: SessionTokens | null;
  userType: UserType;
}

/** Spec section 9: the app goes to / this long after a successful sign-in. */
export const SIGN_IN_REDIRECT_MS = 1000;

export const KEYS = { user: 'user', tokens: 'tokens', userType: 'userType' } as const;

/** Owner and admin count as staff-level (spec section 6). */
export function isStaffLevel(role: string | undefined | null): boolean {
  return role === 'staff' || role === 'owner' || role === 'admin';
}

export function isOwner(role: string | undefined | null): boolean {
  return role === 'owner';
}

/** Spec section 3: a restored user with role staff or owner is non-customer, anything else is a customer. */
export function userTypeForRole(role: string | undefined | null): UserType {
  return role === 'staff' || role === 'owner' ? 'staff' : 'customer';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Unreadable storage (private mode, corrupt value) means no session, not a crash.
    return null;
  }
}

export function parseUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  if (value.role !== undefined && typeof value.role !== 'string') return null;
  return value;
}

export function parseTokens(value: unknown): SessionTokens | null {
  if (!isRecord(value) || typeof value.access_token !== 'string' || !value.access_token) {
    return null;
  }
  const refresh = value.refresh_token;
  return typeof refresh === 'string' && refresh
    ? { access_token: value.access_token, refresh_token: refresh }
    : { access_token: value.access_token };
}

export interface NewSession {
  user: SessionUser;
  tokens: SessionTokens;
  /** The login screen knows which login was used; without it the role decides. */
  userType?: UserType;
}

/** Writes a key of the session, or removes it for null. */
export function write(key: string, value: unknown): void {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Quota or private mode: the in-memory session still works for this tab.
  }
}

/** Stores a new session as it is read back at start: userType from the sign-in, else the role. */
export function storeSession({ user, tokens, userType }: NewSession): UserType {
  const type = userType ?? userTypeForRole(user.role);
  write(KEYS.user, user);
  write(KEYS.tokens, tokens);
  write(KEYS.userType, type);
  return type;
}
