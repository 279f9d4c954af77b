import { matchPath } from 'react-router-dom';
import { isStaffLevel } from '../lib/session';
import { paths } from '../config/paths';
import { routeAccess, type Access } from './routes';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** What the guards need to know about the session: a session exists when a user is stored. */
export interface AccessSession {
  user: { role?: string } | null;
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
      return user ? allow : redirect(paths.login);
    case 'customer':
      if (!user) return redirect(paths.login);
      return isStaffLevel(user.role) ? redirect(paths.home) : allow;
    case 'staff':
      if (!user) return redirect(paths.login);
      return isStaffLevel(user.role) ? allow : redirect(paths.home);
    case 'admin':
      if (!user) return redirect(paths.login);
      return user.role === 'admin' ? allow : redirect(paths.home);
  }
}
