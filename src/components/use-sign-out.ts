import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { http } from '../lib/http';
import { logout, session } from '../lib/session';

/**
 * Spec 2.2 and section 4: logout clears the session and goes to /login. The server is told to
 * revoke the refresh token's family first, without waiting: the device is signed out whether
 * or not that call gets through (offline, server down), and the token dies anyway at expiry.
 * This device's push subscription goes too (the server forgets it, the browser drops it), so
 * the next person on the device does not receive the previous user's notifications; that call
 * carries the access token taken before the session is cleared.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const refreshToken = session.tokens?.refresh_token;
    const accessToken = session.tokens?.access_token;
    // Loaded only now: signing out is rare, and the first screen need not carry it.
    void import('../api/push')
      .then(({ disablePush }) => disablePush(accessToken))
      .catch(() => {
        // Offline or no subscription to drop: the browser's own unsubscribe already ran.
      });
    void http
      .post('auth/logout/', { json: refreshToken ? { refresh_token: refreshToken } : {} })
      .catch(() => {
        // Nothing to tell the user: they are signed out on this device either way.
      });
    logout();
    void navigate(paths.login, { replace: true });
  }, [navigate]);
}
