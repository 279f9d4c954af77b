import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Dish } from '#contract/catalogue';
import { http, type ApiReply } from '#src/lib/http';
import type { UserLocation } from '#src/lib/location';
import { persistedQuery } from '#src/lib/query-client';
import { takeArrivedEarlyDishes, takeEarlyDishes } from './early-dishes';

/** Spec section 9: the home asks for 10 dishes a page (the endpoint's default is 20). */
export const HOME_PAGE_SIZE = 10;

export interface DishPage {
  items: Dish[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
}

export interface DishListParams {
  page: number;
  perPage: number;
  lat: number;
  lon: number;
}

/** The request of one page, relative to /api/; index.html's early request builds the same. */
export function dishListPath({ page, perPage, lat, lon }: DishListParams): string {
  return `food/?${new URLSearchParams({
    page: String(page),
    per_page: String(perPage),
    lat: String(lat),
    lon: String(lon),
  }).toString()}`;
}

/** GET /api/food/ (spec 7.2): nearest dishes first; reads data.items and data.meta.total_pages. */
export async function getDishes(
  { page, perPage, lat, lon }: DishListParams,
  signal?: AbortSignal,
): Promise<DishPage> {
  const early = takeEarlyDishes({ page, perPage, lat, lon });
  if (early) {
    // A failed early request (offline, a server error) falls through to the normal one, with
    // its retries and its error handling.
    const reply = await early.catch(() => null);
    if (reply?.data) return reply.data;
  }
  const reply = await http
    .get(dishListPath({ page, perPage, lat, lon }), { signal })
    .json<ApiReply<DishPage>>();
  if (!reply.data) throw new Error('Dish list reply without data');
  return reply.data;
}

export const dishQueries = {
  all: () => ['dishes'] as const,
  /**
   * The home grid, one page per scroll step. Spec section 4: there are more while the page just
   * loaded is below total_pages. Persisted, so the grid shows offline and after a restart.
   */
  nearby: ({ lat, lon }: Pick<UserLocation, 'lat' | 'lon'>) =>
    infiniteQueryOptions({
      queryKey: [...dishQueries.all(), 'nearby', { lat, lon, perPage: HOME_PAGE_SIZE }] as const,
      queryFn: ({ pageParam, signal }) =>
        getDishes({ page: pageParam, perPage: HOME_PAGE_SIZE, lat, lon }, signal),
      initialPageParam: 1,
      // Read only when the query is created: a cache restored before then keeps its pages, and
      // one restored after is older than this answer, so hydration leaves it.
      initialData: () => {
        const first = takeArrivedEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, lat, lon });
        return first ? { pages: [first], pageParams: [1] } : undefined;
      },
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        lastPageParam < lastPage.meta.total_pages ? lastPageParam + 1 : undefined,
      ...persistedQuery,
    }),
};
