import { queryOptions } from '@tanstack/react-query';
import type { RestaurantSummary } from '#contract/catalogue';
import { http, type ApiReply } from '#src/lib/http';
import type { UserLocation } from '#src/lib/location';
import { restaurantQueries } from './get-restaurant';

/** Spec section 9: 4 random restaurants are requested and 3 shown, the current one excluded. */
export const SIMILAR_REQUESTED = 4;
export const SIMILAR_SHOWN = 3;

type Coordinates = Pick<UserLocation, 'lat' | 'lon'>;

/**
 * GET /api/customer/restaurant/random/?per_page=4, with the delivery location when one is set
 * so the distances are the customer's own.
 */
export async function getRandomRestaurants(
  near: Coordinates | null,
  signal?: AbortSignal,
): Promise<RestaurantSummary[]> {
  const searchParams: Record<string, number> = { per_page: SIMILAR_REQUESTED };
  if (near) Object.assign(searchParams, { lat: near.lat, lon: near.lon });
  const reply = await http
    .get('customer/restaurant/random/', { searchParams, signal })
    .json<ApiReply<{ items: RestaurantSummary[] }>>();
  if (!reply.data) throw new Error('Restaurant list reply without data');
  return reply.data.items;
}

/** The random ones less the restaurant on screen, at most 3. */
export function pickSimilar(
  restaurants: readonly RestaurantSummary[],
  currentId: number,
): RestaurantSummary[] {
  return restaurants.filter((restaurant) => restaurant.id !== currentId).slice(0, SIMILAR_SHOWN);
}

export const similarRestaurantQueries = {
  /**
   * One random draw shared by every restaurant page for a while, so going back and forth does
   * not reshuffle the suggestions; not persisted, a new session may suggest others.
   */
  random: (near: Coordinates | null) =>
    queryOptions({
      queryKey: [
        ...restaurantQueries.all(),
        'random',
        { per_page: SIMILAR_REQUESTED, near },
      ] as const,
      queryFn: ({ signal }) => getRandomRestaurants(near, signal),
      staleTime: 5 * 60_000,
    }),
};
