import { startTransition, useEffect, useState } from 'react';

/** True while React hydrates the HTML the server sent (src/main.tsx), until its first commit. */
let hydrating = false;
const waiting = new Set<() => void>();

/**
 * False on the server and while React hydrates the HTML it sent; true in a render that draws
 * the screen afresh. Read at a component's mount, it says whether what it draws must match
 * the server's HTML.
 */
export const isHydrated = (): boolean => typeof window !== 'undefined' && !hydrating;

/** Called by the start right before it hydrates the server's HTML. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * Called once the hydrated screen has committed (app-root.tsx). The components that drew the
 * server's value draw the browser's in a transition: React renders them in slices. With
 * useSyncExternalStore's server snapshot, which this replaced, they were rendered again in one
 * blocking task right after the commit (every heart of the home's dish cards, the header's
 * badges), some 100 ms on a slow phone.
 */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  startTransition(() => {
    for (const done of waiting) done();
    waiting.clear();
  });
}

/**
 * False on the server and while React hydrates the HTML it sent, true from the render after
 * that (and at once in a render that hydrates nothing). For what only the browser knows (the
 * stored colour scheme, the offline cart outbox): the hydrating render must draw what the server
 * drew, and React draws the browser's value right after.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(isHydrated);
  useEffect(() => {
    if (hydrated) return undefined;
    const done = () => setHydrated(true);
    // Hydration may have ended between this component's render and this effect.
    if (isHydrated()) {
      startTransition(done);
      return undefined;
    }
    waiting.add(done);
    return () => {
      waiting.delete(done);
    };
  }, [hydrated]);
  return hydrated;
}
