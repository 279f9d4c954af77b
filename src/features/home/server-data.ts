import type { Category } from '#contract/categories';
import type { QueryClient } from '@tanstack/react-query';
import { categoryQueries } from '#src/api/categories';
import type { UserLocation } from '#src/lib/location';
import type { ServerApi } from '#contract/render-hint';
import { dishListPath, dishQueries, HOME_PAGE_SIZE, type DishPage } from './api/get-dishes';

/**
 * The customer home's data for the server's render (src/first-load/server-entry.tsx): the first
 * page of dishes near `place`, under the key the grid reads, and the category chips. False when
 * the dishes could not be had: the page is then sent as the app shell, as without a location.
 */
export async function loadHomeData(
  client: QueryClient,
  place: Pick<UserLocation, 'lat' | 'lon'>,
  api: ServerApi,
): Promise<boolean> {
  const { lat, lon } = place;
  const [dishes, categories] = await Promise.all([
    api<DishPage>(dishListPath({ page: 1, perPage: HOME_PAGE_SIZE, lat, lon })),
    api<Category[]>('category/'),
  ]);
  if (!dishes) return false;
  client.setQueryData(dishQueries.nearby({ lat, lon }).queryKey, {
    pages: [dishes],
    pageParams: [1],
  });
  // Without them the row shows 'Tất cả' alone, as in the browser when that request fails.
  if (categories) client.setQueryData(categoryQueries.list().queryKey, categories);
  return true;
}
