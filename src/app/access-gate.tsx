import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { lockout, session } from '../lib/session';
import { resolveAccess } from './guards';

/**
 * The root route: applies resolveAccess to every navigation and re-checks when the session
 * changes (a logout anywhere sends the user to /login at once; a locked account's staff-level
 * user to /staff/login).
 */
export function AccessGate() {
  const { pathname } = useLocation();
  const { user } = useSnapshot(session);
  const { kind: lockedOut } = useSnapshot(lockout);
  const decision = resolveAccess(pathname, { user, lockedOut });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
