import { queryOptions } from '@tanstack/react-query';
import type { Dish } from '#contract/catalogue';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';
import { restaurantQueries } from './get-restaurant';

/** Spec section 9, 'Restaurant menu': 20 items. */
export const MENU_SIZE = 20;

/** GET /api/food/?page=1&per_page=20&restaurant_id={id}: the restaurant's dishes (spec 7.2). */
export async function getRestaurantMenu(
  restaurantId: number,
  signal?: AbortSignal,
): Promise<Dish[]> {
  const reply = await http
    .get('food/', {
      searchParams: { page: 1, per_page: MENU_SIZE, restaurant_id: restaurantId },
      signal,
    })
    .json<ApiReply<{ items: Dish[] }>>();
  if (!reply.data) throw new Error('Menu reply without data');
  return reply.data.items;
}

export const restaurantMenuQueries = {
  /** Persisted with the restaurant (design.md section 6: menus are kept offline). */
  list: (restaurantId: number) =>
    queryOptions({
      queryKey: [
        ...restaurantQueries.all(),
        'menu',
        restaurantId,
        { per_page: MENU_SIZE },
      ] as const,
      queryFn: ({ signal }) => getRestaurantMenu(restaurantId, signal),
      ...persistedQuery,
    }),
};
