import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the HTML it sent, true from the render after
 * that (and at once in a render that hydrates nothing). For what only the browser knows (the
 * stored colour scheme, the offline cart outbox): the hydrating render must draw what the server
 * drew, and React draws the browser's value right after, as it does for any external store.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
