import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, type Query } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isHTTPError } from 'ky';

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
export const API_VERSION = '1';
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

export const queryPersister = createAsyncStoragePersister({
  storage: {
    getItem: async (key) => (await get<string>(key, cacheStore())) ?? null,
    setItem: (key, value: string) => set(key, value, cacheStore()),
    removeItem: (key) => del(key, cacheStore()),
  },
  key: QUERY_CACHE_KEY,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: API_VERSION,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};
