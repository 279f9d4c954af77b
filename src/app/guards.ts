import { matchPath } from 'react-router-dom';
import { isStaffLevel, type UserType } from '../lib/session';
import { paths } from '../config/paths';
import { routeAccess, type Access } from './routes';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** What the guards need to know about the session: a session exists when a user is stored. */
export interface AccessSession {
  user: { role?: string } | null;
  /**
   * Set when the server ended the session of a locked account: its user goes to the sign-in
   * screen of their kind (staff-level to /staff/login), which says why.
   */
  lockedOut?: UserType | null;
}

const allow: AccessDecision = { kind: 'allow' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

export function accessFor(pathname: string): Access | undefined {
  return routeAccess.find(({ path }) => matchPath(path, pathname) !== null)?.access;
}

/**
 * The guards of spec 2.1 and section 6 as one pure decision, so every rule is unit-tested
 * without rendering. Any path outside the table goes to /, which then applies its own rule.
 */
export function resolveAccess(pathname: string, session: AccessSession): AccessDecision {
  const access = accessFor(pathname);
  const user = session.user;
  const signIn = redirect(session.lockedOut === 'staff' ? paths.staffLogin : paths.login);
  // An admin's home is the console: / (and with it every unknown path) leads there.
  if (user?.role === 'admin' && matchPath(paths.home, pathname) !== null) {
    return redirect(paths.admin);
  }
  switch (access) {
    case undefined:
      return redirect(paths.home);
    case 'public':
      return allow;
    case 'visitor':
      return user ? redirect(paths.home) : allow;
    case 'user':
      return user ? allow : signIn;
    case 'customer':
      if (!user) return signIn;
      return isStaffLevel(user.role) ? redirect(paths.home) : allow;
    case 'staff':
      if (!user) return signIn;
      return isStaffLevel(user.role) ? allow : redirect(paths.home);
    case 'admin':
      if (!user) return signIn;
      return user.role === 'admin' ? allow : redirect(paths.home);
  }
}
