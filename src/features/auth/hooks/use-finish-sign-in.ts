import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/auth';
import { setSession, type NewSession } from '#src/lib/session';
import { SIGN_IN_REDIRECT_MS } from '#src/lib/stored-session';
import { toast } from '#src/lib/toast';

/**
 * Spec 2.3 and 2.4: after a sign-in the success message shows and the app goes to / after one
 * second. The session is stored when that second is over, because the access gate sends a
 * signed-in user away from the visitor screens at once and would cut the second short. Leaving
 * within that second (a link, the back button, closing the tab) stores it straight away: a
 * one-time code cannot be used twice, so a sign-in must never be lost.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const pending = useRef<{ session: NewSession; timer: number } | null>(null);

  const commit = useCallback(() => {
    const left = pending.current;
    if (!left) return false;
    pending.current = null;
    window.clearTimeout(left.timer);
    setSession(left.session);
    return true;
  }, []);

  useEffect(() => {
    const flush = () => void commit();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [commit]);

  return useCallback(
    (next: NewSession) => {
      toast.success(vi.auth.signedIn);
      const timer = window.setTimeout(() => {
        if (commit()) void navigate(paths.home, { replace: true });
      }, SIGN_IN_REDIRECT_MS);
      pending.current = { session: next, timer };
    },
    [commit, navigate],
  );
}
