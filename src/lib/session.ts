import { proxy } from 'valtio';
import {
  KEYS,
  isStaffLevel,
  parseTokens,
  parseUser,
  readJson,
  storeSession,
  userTypeForRole,
  write,
  type NewSession,
  type SessionState,
  type SessionTokens,
  type SessionUser,
  type UserType,
} from './stored-session';

/**
 * The signed-in session of spec section 3: user, tokens and userType, kept in localStorage under
 * the keys 'user', 'tokens' and 'userType' so a reload (or an offline start) keeps the user in.
 * Only this module writes the store; components read it with valtio's useSnapshot.
 */

export {
  ROLES,
  isOwner,
  isStaffLevel,
  userTypeForRole,
  type NewSession,
  type Role,
  type SessionState,
  type SessionTokens,
  type SessionUser,
  type UserType,
} from './stored-session';

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
  session.userType = storeSession({ user, tokens, userType });
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
