import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isHTTPError } from 'ky';
import { session } from './session';

/**
 * Server state lives only here (house style). Queries opt into the IndexedDB copy with
 * `meta: { persist: true }`; see docs/decisions/002-async-indexeddb-persister.md.
 */

type AppQueryMeta = Record<string, unknown> & {
  /** Keep this query in IndexedDB so the screen renders offline and after a restart. */
  persist?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}

/** Bumped when the shape of an API reply changes, so no screen reads a cached old shape. */
export const API_VERSION = '2';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const QUERY_CACHE_KEY = 'mon-ngon-query-cache';

/**
 * Spread into the options of a query that should survive offline and restarts (menu, cart,
 * orders, profile). gcTime must reach maxAge, or a restored query is garbage-collected before
 * anyone reads it and then dropped from the next save.
 */
export const persistedQuery = {
  meta: { persist: true },
  gcTime: PERSIST_MAX_AGE_MS,
} as const;

/** A 4xx is the server's final answer; only timeouts, rate limits and 5xx are worth retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHTTPError(error)) {
    const status = error.response.status;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  }
  return failureCount < 3;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Try the request even when the browser claims to be offline: cached data shows
        // meanwhile, and navigator.onLine is often wrong on captive portals and flaky mobile data.
        networkMode: 'offlineFirst',
        staleTime: 60_000,
        retry: shouldRetry,
      },
      mutations: {
        // Money and order actions must fail visibly now rather than replay later by surprise;
        // the cart gets its own durable outbox (design.md section 6).
        networkMode: 'always',
        retry: 0,
      },
    },
  });
}

/** Only successful queries that opted in; errors and pending states are not worth restoring. */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && query.meta?.persist === true;
}

// Opened on first use: opening at import time would touch IndexedDB before the first paint.
let store: UseStore | undefined;
const cacheStore = (): UseStore => (store ??= createStore('mon-ngon', 'query-cache'));

/**
 * The signed-in user's record of the cache. Query keys do not name the user (['cart'],
 * ['profile']), so one record for the device would hand one user's cart, orders and profile to
 * whoever signs in next, at once and offline, until the network answered.
 */
export function userCacheKey(userId: string | number): string {
  return `${QUERY_CACHE_KEY}:${userId}`;
}

const currentCacheKey = (): string | null => {
  const id = session.user?.id;
  return id == null || id === '' ? null : userCacheKey(id);
};

/**
 * Signing out leaves no one's cached data on the device. The in-memory cache is cleared too
 * (src/app/provider.tsx); a save already scheduled for the old user finds nobody signed in and
 * writes nothing.
 */
export function clearPersistedQueries(): Promise<void> {
  return clear(cacheStore());
}

// The persister's own key is ignored: the record is chosen by who is signed in when it reads or
// writes. With nobody signed in there is nothing to restore and nothing worth keeping.
const userCacheStorage = {
  getItem: async (): Promise<string | null> => {
    const key = currentCacheKey();
    return key ? ((await get<string>(key, cacheStore())) ?? null) : null;
  },
  setItem: async (_key: string, value: string): Promise<void> => {
    const key = currentCacheKey();
    if (key) await set(key, value, cacheStore());
  },
  removeItem: async (): Promise<void> => {
    const key = currentCacheKey();
    if (key) await del(key, cacheStore());
  },
};

export const queryPersister = createAsyncStoragePersister({
  storage: userCacheStorage,
  key: QUERY_CACHE_KEY,
});

const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: API_VERSION,
  dehydrateOptions,
};

/**
 * Writes the cache for the signed-in user now, bypassing the persister's one-second throttle.
 * Called when the app is hidden or closed (src/app/provider.tsx): a screen left within a second
 * of loading would otherwise miss its last save and not be there offline on the next start.
 * Same record, key and shape as the throttled saves.
 */
export async function savePersistedQueriesNow(queryClient: QueryClient): Promise<void> {
  const client: PersistedClient = {
    timestamp: Date.now(),
    buster: API_VERSION,
    clientState: dehydrate(queryClient, dehydrateOptions),
  };
  // The persister's default serializer, through the same storage.
  await userCacheStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(client));
}

const restores = new WeakMap<QueryClient, { done: boolean; promise: Promise<void> }>();

/**
 * Reads the signed-in user's stored copy of the cache back into `client`, once per client. The
 * start asks for it while the first screen's chunks arrive (src/main.tsx) and renders once it is
 * done: queries made during a read still under way draw nothing fetched, and when it ends each
 * of them is rendered again at once, in one blocking task (TanStack Query's observers still hold
 * their restoring options when they subscribe). The provider (src/app/provider.tsx) waits for
 * the same read when the start did not.
 */
export function restoreQueryCache(client: QueryClient): Promise<void> {
  const known = restores.get(client);
  if (known) return known.promise;
  const restore = { done: false, promise: Promise.resolve() };
  restore.promise = persistQueryClientRestore({ ...persistOptions, queryClient: client })
    .catch(() => {
      // Nothing readable was stored: what this page has is all there is to keep.
    })
    .then(() => {
      restore.done = true;
    });
  restores.set(client, restore);
  return restore.promise;
}

/** Whether `client` has had its stored copy read back (or found none readable). */
export function queryCacheRestored(client: QueryClient): boolean {
  return restores.get(client)?.done === true;
}
