import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { subscribeKey } from 'valtio/utils';
import { useCartOwnerId, useCartSync } from '../lib/cart/cart-session';
import {
  clearPersistedQueries,
  createQueryClient,
  persistOptions,
  queryCacheRestored,
  restoreQueryCache,
  savePersistedQueriesNow,
} from '../lib/query-client';
import { session } from '../lib/session';
import { ColorSchemeClass } from './color-scheme-class';
import { themeColorSchemeManager } from '../lib/color-scheme';
import { AppMantineProvider } from './mantine-provider';
import { Toasts } from './toasts';

const colorSchemeManager = themeColorSchemeManager();

/**
 * The live connection (docs/decisions/019) loads after the first screen rather than with it:
 * nothing it brings can show before the app's own first fetches, and it keeps the first
 * load inside its budget. Not at all for a visitor, who has no stream to follow: on the sign-in
 * screens of a slow phone its code (and the order and wallet queries it brings) would only
 * compete with the screen's own.
 */
function useLiveSyncLater(queryClient: QueryClient) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let loading = false;
    const load = () => {
      if (loading || !session.user) return;
      loading = true;
      import('./live-sync').then(
        ({ connectLiveSync }) => {
          if (!cancelled) stop = connectLiveSync(queryClient);
        },
        () => {
          // The chunk did not arrive (offline before the worker held it): the next sign-in
          // tries again.
          loading = false;
        },
      );
    };
    load();
    const unsubscribe = subscribeKey(session, 'user', load);
    return () => {
      cancelled = true;
      unsubscribe();
      stop?.();
    };
  }, [queryClient]);
}

/**
 * A signed-out device must not keep showing, or keep stored, the previous user's orders and
 * profile: the cache in memory and every user's IndexedDB copy go.
 */
function useClearCacheOnLogout(queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeKey(session, 'user', (user) => {
        if (user) return;
        queryClient.clear();
        clearPersistedQueries().catch(() => {
          // Storage unavailable: nothing was stored either.
        });
      }),
    [queryClient],
  );
}

/**
 * Saves the cache when the app goes to the background or closes: a phone may kill a hidden app
 * without warning, and the throttled saves can be a second behind. Not before the stored copy
 * has been read back: a page left while it is still restoring would write its nearly empty
 * cache over the user's record and lose the menu and orders they would read offline.
 */
function useSaveCacheWhenHidden(queryClient: QueryClient) {
  useEffect(() => {
    const save = () => {
      if (!queryCacheRestored(queryClient)) return;
      savePersistedQueriesNow(queryClient).catch(() => {
        // Storage unavailable or full: the throttled saves meet the same fate; nothing to add.
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    // Closing a page hides it first, which has saved already; pagehide covers a browser that
    // ends a page still marked visible.
    const onPageHide = () => {
      if (document.visibilityState !== 'hidden') save();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [queryClient]);
}

/**
 * Sends the hearts pressed offline on an earlier visit (api/favorites.ts), for a signed-in
 * customer. The outbox's code loads only then, after the first screen: a visitor and staff
 * never need it, and the hearts themselves (the dish cards) bring it with their own chunks.
 */
function useFavoritesSyncLater(queryClient: QueryClient) {
  const userId = useCartOwnerId();
  useEffect(() => {
    if (userId === null) return;
    import('../api/favorites').then(
      ({ syncFavoritesOf }) => syncFavoritesOf(queryClient, userId),
      () => {
        // Offline before the worker held the chunk: the next start tries again.
      },
    );
  }, [queryClient, userId]);
}

/**
 * The query client, with the stored copy read back first (`restoreQueryCache`): while that read
 * runs, queries show what the cache holds and wait before fetching (`useIsRestoring`), and from
 * then on every change is saved. What the library's PersistQueryClientProvider does, except that
 * the start usually finishes the read before the first render, so nothing is restoring when the
 * screen renders, and a read still under way ends in a transition. The screen inside the root's
 * Suspense boundary is hydrated after the rest of the page, in slices; a context change at
 * normal priority reaching it first makes React hydrate all of it at once, a task of 0.7 s on a
 * slow phone with every dish card of the home in it.
 */
function RestoringQueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(() => !queryCacheRestored(client));
  useEffect(() => {
    if (!isRestoring)
      return persistQueryClientSubscribe({ ...persistOptions, queryClient: client });
    let live = true;
    void restoreQueryCache(client).then(() => {
      if (live) startTransition(() => setIsRestoring(false));
    });
    return () => {
      live = false;
    };
  }, [client, isRestoring]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

interface AppProviderProps {
  children: ReactNode;
  /** The app's client, made once outside rendering (app.tsx); a new one when not given. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useClearCacheOnLogout(queryClient);
  useSaveCacheWhenHidden(queryClient);
  // design.md section 6: the signed-in customer's offline cart changes replay from here.
  useCartSync(queryClient);
  // The hearts pressed offline are sent the same way.
  useFavoritesSyncLater(queryClient);
  // docs/decisions/019: one live stream per device; the cache follows its events.
  useLiveSyncLater(queryClient);
  return (
    <AppMantineProvider colorSchemeManager={colorSchemeManager}>
      <ColorSchemeClass />
      <Toasts />
      <RestoringQueryClientProvider client={queryClient}>{children}</RestoringQueryClientProvider>
    </AppMantineProvider>
  );
}
