import { QueryClient, dehydrate } from '@tanstack/react-query';
import { createStore, get } from 'idb-keyval';
import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  createQueryClient,
  persistedQuery,
  persistOptions,
  PERSIST_MAX_AGE_MS,
  QUERY_CACHE_KEY,
  queryPersister,
  shouldPersistQuery,
  shouldRetry,
} from '../../../src/lib/query-client';

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

  it('writes the cache under its key and reads it back', async () => {
    const client = {
      timestamp: Date.now(),
      buster: API_VERSION,
      clientState: { mutations: [], queries: [] },
    };
    await queryPersister.persistClient(client);
    // The async persister throttles writes; wait for the write to land.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const store = createStore('mon-ngon', 'query-cache');
    expect(await get<string>(QUERY_CACHE_KEY, store)).toContain(`"buster":"${API_VERSION}"`);
    expect(await queryPersister.restoreClient()).toEqual(client);
    await queryPersister.removeClient();
    expect(await get(QUERY_CACHE_KEY, store)).toBeUndefined();
    expect(await queryPersister.restoreClient()).toBeUndefined();
  });
});
