/** Tablets stay pinned on the staff screens for days; they must still learn of a new version. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Asks the server for a new sw.js every `intervalMs` and whenever the app comes back to the
 * foreground. A new version found this way installs and waits; the prompt in pwa.tsx offers it.
 * Returns the function that stops the checks.
 */
export function watchForUpdates(
  // What of a ServiceWorkerRegistration the checks use.
  registration: { readonly installing: unknown; update(): Promise<unknown> },
  intervalMs: number = UPDATE_CHECK_INTERVAL_MS,
): () => void {
  const check = () => {
    // Offline the check can only fail; one already installing needs no second download.
    if (!navigator.onLine || registration.installing) return;
    registration.update().catch(() => {
      // A failed check is retried at the next interval or visit.
    });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  const timer = window.setInterval(check, intervalMs);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
