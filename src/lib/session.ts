import { proxy } from 'valtio';

/**
 * The signed-in session of spec section 3: user, tokens and userType, kept in localStorage under
 * the keys 'user', 'tokens' and 'userType' so a reload (or an offline start) keeps the user in.
 * Only this module writes the store; components read it with valtio's useSnapshot.
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

const KEYS = { user: 'user', tokens: 'tokens', userType: 'userType' } as const;

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

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Unreadable storage (private mode, corrupt value) means no session, not a crash.
    return null;
  }
}

function parseUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  if (value.role !== undefined && typeof value.role !== 'string') return null;
  return value;
}

function parseTokens(value: unknown): SessionTokens | null {
  if (!isRecord(value) || typeof value.access_token !== 'string' || !value.access_token) {
    return null;
  }
  const refresh = value.refresh_token;
  return typeof refresh === 'string' && refresh
    ? { access_token: value.access_token, refresh_token: refresh }
    : { access_token: value.access_token };
}

/** Reads the stored session; userType is derived from the role as spec section 3 says. */
export function readStoredSession(): SessionState {
  const user = parseUser(readJson(KEYS.user));
  return {
    user,
    tokens: parseTokens(readJson(KEYS.tokens)),
    userType: user ? userTypeForRole(user.role) : 'customer',
  };
}

export const session = proxy<SessionState>(readStoredSession());

function write(key: string, value: unknown): void {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Quota or private mode: the in-memory session still works for this tab.
  }
}

export interface NewSession {
  user: SessionUser;
  tokens: SessionTokens;
  /** The login screen knows which login was used; without it the role decides. */
  userType?: UserType;
}

/**
 * Why the last session ended when the server ended it: a locked account (403
 * `ACCOUNT_LOCKED`), with the kind of sign-in screen its user goes back to ('staff' for every
 * staff-level role, admins included). Not stored: it is this tab's notice, not a session.
 */
export const lockout = proxy<{ kind: UserType | null }>({ kind: null });

export function setSession({ user, tokens, userType }: NewSession): void {
  lockout.kind = null;
  session.user = user;
  session.tokens = tokens;
  session.userType = userType ?? userTypeForRole(user.role);
  write(KEYS.user, session.user);
  write(KEYS.tokens, session.tokens);
  write(KEYS.userType, session.userType);
}

/** Replaces the user after a profile change (name, avatar), keeping tokens and userType. */
export function setUser(user: SessionUser): void {
  session.user = user;
  write(KEYS.user, user);
}

/** Replaces the tokens after a refresh, keeping the user. */
export function setTokens(tokens: SessionTokens): void {
  session.tokens = tokens;
  write(KEYS.tokens, tokens);
}

/** Spec section 4: logout removes user and tokens and resets to customer mode. */
export function logout(): void {
  lockout.kind = null;
  session.user = null;
  session.tokens = null;
  session.userType = 'customer';
  write(KEYS.user, null);
  write(KEYS.tokens, null);
  write(KEYS.userType, null);
}

/**
 * The server refused this session's account as locked: the session ends on this device as a
 * sign-out does (the server's own sign-out call would be refused too, and the lock has revoked
 * the refresh tokens already), and the sign-in screen of the user's kind says why. Nothing
 * happens without a session (a sign-in form shows the refusal itself).
 */
export function endLockedSession(): void {
  if (!session.user) return;
  const kind: UserType = isStaffLevel(session.user.role) ? 'staff' : 'customer';
  logout();
  lockout.kind = kind;
}

/**
 * Takes over tokens another tab stored. Refresh tokens rotate on every use (design.md section 5),
 * so a tab that kept an old copy would present a spent token and get the whole family revoked.
 * Nothing stored keeps the in-memory tokens: storage may simply be unavailable.
 */
export function adoptStoredTokens(): void {
  const stored = parseTokens(readJson(KEYS.tokens));
  if (
    stored &&
    (stored.access_token !== session.tokens?.access_token ||
      stored.refresh_token !== session.tokens.refresh_token)
  ) {
    session.tokens = stored;
  }
}

if (typeof window !== 'undefined') {
  // Follows sign-in, refresh and logout done in another tab.
  window.addEventListener('storage', (event) => {
    // key is null when another tab called localStorage.clear().
    if (event.key === null || Object.values<string>(KEYS).includes(event.key)) {
      Object.assign(session, readStoredSession());
    }
  });
}
