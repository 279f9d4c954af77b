import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../lib/session';
import { resolveAccess } from './guards';

/**
 * The root route: applies resolveAccess to every navigation and re-checks when the session
 * changes (a logout anywhere sends the user to /login at once).
 */
export function AccessGate() {
  const { pathname } = useLocation();
  const { user } = useSnapshot(session);
  const decision = resolveAccess(pathname, { user });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
