import { queryOptions } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import type { Food } from '#contract/catalogue';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** The dish's request, relative to /api/ (the server's render asks for the same). */
export const foodPath = (id: number): string => `food/${id}/`;

/**
 * GET /api/food/{id}/ (spec 7.2): the dish with its restaurant block and toppings. Shared by the
 * dish screen and every add-to-cart button (a list entry carries no toppings), so they read and
 * persist one copy under one key.
 */
export async function getFood(id: number, signal?: AbortSignal): Promise<Food> {
  const reply = await http.get(foodPath(id), { signal }).json<ApiReply<Food>>();
  if (!reply.data) throw new Error('Food reply without data');
  return reply.data;
}

/** The server's 404 for an unknown (or hidden) dish: 'Không tìm thấy món ăn', not a failure. */
export function isNotFound(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 404;
}

export const foodQueries = {
  all: () => ['food'] as const,
  /**
   * Every review query of a dish. Here rather than in the dish screen's feature because a
   * review written from an order must refresh them too.
   */
  reviews: (foodId: number) => [...foodQueries.all(), 'reviews', foodId] as const,
  /** Persisted (design.md section 6), so a dish seen once opens offline and after a restart. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...foodQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getFood(id, signal),
      ...persistedQuery,
    }),
};
