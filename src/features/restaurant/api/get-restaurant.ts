import { queryOptions } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import type { Restaurant } from '#contract/catalogue';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';

/** GET /api/restaurant/{id}/detail (spec 7.2): every field of spec section 3 'Restaurant'. */
export async function getRestaurant(id: number, signal?: AbortSignal): Promise<Restaurant> {
  const reply = await http.get(`restaurant/${id}/detail`, { signal }).json<ApiReply<Restaurant>>();
  if (!reply.data) throw new Error('Restaurant reply without data');
  return reply.data;
}

/** The server's 404 for an unknown or hidden (unapproved) restaurant: not found, not a failure. */
export function isNotFound(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 404;
}

export const restaurantQueries = {
  all: () => ['restaurant'] as const,
  /** Persisted (design.md section 6), so a restaurant seen once opens offline too. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...restaurantQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getRestaurant(id, signal),
      ...persistedQuery,
    }),
};
