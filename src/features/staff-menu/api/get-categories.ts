import { queryOptions } from '@tanstack/react-query';
import type { Category } from '#contract/categories';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';

/** GET /api/category/ (spec 7.2): the categories a dish can be filed under. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const reply = await http.get('category/', { signal }).json<ApiReply<Category[]>>();
  return Array.isArray(reply.data) ? reply.data : [];
}

/**
 * The key and the reply are those of the customer home's chip row, so both screens share one
 * cached (and persisted) copy: categories change with a migration only (decision 004).
 */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: ({ signal }) => getCategories(signal),
  staleTime: 60 * 60 * 1000,
  ...persistedQuery,
});
