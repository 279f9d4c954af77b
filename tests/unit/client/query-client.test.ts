import { QueryClient, dehydrate } from '@tanstack/react-query';
import { createStore, get, keys } from 'idb-keyval';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_VERSION,
  clearPersistedQueries,
  createQueryClient,
  persistedQuery,
  persistOptions,
  PERSIST_MAX_AGE_MS,
  queryPersister,
  shouldPersistQuery,
  shouldRetry,
  userCacheKey,
} from '#src/lib/query-client';
import { logout, setSession } from '#src/lib/session';

const signIn = (id: number) =>
  setSession({ user: { id, role: 'customer' }, tokens: { access_token: `token-${id}` } });

/** The async persister throttles writes by a second; wait for one to land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

const persisted = (marker: string) => ({
  timestamp: Date.now(),
  buster: API_VERSION,
  clientState: { mutations: [], queries: [] },
  marker,
});

function httpError(status: number): HTTPError {
  const request = new Request('http://localhost/api/food/');
  return new HTTPError(new Response('{}', { status }), request, {} as never);
}

describe('retry policy', () => {
  it.each([400, 401, 403, 404, 409, 422])('does not retry a %d', (status) => {
    expect(shouldRetry(0, httpError(status))).toBe(false);
  });

  it.each([408, 429, 500, 502, 503])('retries a %d up to three times', (status) => {
    expect(shouldRetry(0, httpError(status))).toBe(true);
    expect(shouldRetry(2, httpError(status))).toBe(true);
    expect(shouldRetry(3, httpError(status))).toBe(false);
  });

  it('retries a network failure', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('query client defaults', () => {
  it('runs queries offlineFirst and money mutations only when asked, once', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('offlineFirst');
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.mutations).toMatchObject({ networkMode: 'always', retry: 0 });
  });
});

describe('persistence to IndexedDB', () => {
  it('keeps 7 days and is busted by the API version', () => {
    expect(PERSIST_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(persistOptions).toMatchObject({ maxAge: PERSIST_MAX_AGE_MS, buster: API_VERSION });
    expect(persistedQuery.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
  });

  it('dehydrates only successful queries that opt in with meta.persist', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({
      queryKey: ['menu'],
      queryFn: () => [{ id: 1 }],
      ...persistedQuery,
    });
    await client.prefetchQuery({ queryKey: ['search', 'phở'], queryFn: () => [] });
    await client.prefetchQuery({
      queryKey: ['cart'],
      queryFn: () => Promise.reject(new Error('offline')),
      ...persistedQuery,
    });

    const state = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery });
    expect(state.queries.map((query) => query.queryKey)).toEqual([['menu']]);
  });

  afterEach(async () => {
    logout();
    await clearPersistedQueries();
  });

  it("writes the cache under the signed-in user's key and reads it back", async () => {
    signIn(7);
    const client = persisted('seven');
    await queryPersister.persistClient(client);
    await settle();
    const store = createStore('mon-ngon', 'query-cache');
    expect(await get<string>(userCacheKey(7), store)).toContain(`"buster":"${API_VERSION}"`);
    expect(await queryPersister.restoreClient()).toEqual(client);
    await queryPersister.removeClient();
    expect(await get(userCacheKey(7), store)).toBeUndefined();
    expect(await queryPersister.restoreClient()).toBeUndefined();
  });

  it("never restores another user's cache, and keeps nothing for a signed-out device", async () => {
    signIn(7);
    await queryPersister.persistClient(persisted('seven'));
    await settle();

    signIn(8);
    expect(await queryPersister.restoreClient()).toBeUndefined();

    logout();
    expect(await queryPersister.restoreClient()).toBeUndefined();
    await queryPersister.persistClient(persisted('nobody'));
    await settle();
    const store = createStore('mon-ngon', 'query-cache');
    expect(await keys(store)).toEqual([userCacheKey(7)]);

    signIn(7);
    expect(await queryPersister.restoreClient()).toMatchObject({ marker: 'seven' });
  });

  it("clears every user's cache on sign-out", async () => {
    signIn(7);
    await queryPersister.persistClient(persisted('seven'));
    await settle();
    await clearPersistedQueries();
    expect(await keys(createStore('mon-ngon', 'query-cache'))).toEqual([]);
  });
});
