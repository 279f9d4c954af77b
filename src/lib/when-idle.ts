/**
 * Runs `work` once the page has loaded and the browser has a quiet moment, for code a screen
 * may want soon but does not show: asked for during the first screen's start, even the
 * `<link rel=modulepreload>` elements of its imports are tens of milliseconds of a slow phone's
 * main thread. Browsers without requestIdleCallback (Safari) wait a second after the load
 * instead. Returns a function that cancels what has not run yet.
 */
export function whenIdle(
  work: () => void,
  { timeout = 3000 }: { timeout?: number } = {},
): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => work(), { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 1000);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle?.();
  };
}
