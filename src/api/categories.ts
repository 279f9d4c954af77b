import { queryOptions } from '@tanstack/react-query';
import type { Category } from '#contract/categories';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/**
 * GET /api/category/ (spec 7.2): `data` is the list of categories, read by the home's chip row
 * and the staff dish form's picker under one key, so both share one cached (and persisted) copy.
 */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const reply = await http.get('category/', { signal }).json<ApiReply<Category[]>>();
  return Array.isArray(reply.data) ? reply.data : [];
}

export const categoryQueries = {
  /**
   * The six categories are product data that change with a migration only (decision 004):
   * fresh for an hour and kept offline, so the chip row and the picker show at once.
   */
  list: () =>
    queryOptions({
      queryKey: ['categories'] as const,
      queryFn: ({ signal }) => getCategories(signal),
      staleTime: 60 * 60 * 1000,
      ...persistedQuery,
    }),
};
