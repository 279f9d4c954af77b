import type { QueryClient } from '@tanstack/react-query';
import type { Food } from '#contract/catalogue';
import type { ServerApi } from '#contract/render-hint';
import { foodPath, foodQueries } from '#src/api/food';
import {
  foodReviewQueries,
  foodReviewsPath,
  LATEST_REVIEWS,
  type ReviewPage,
} from './api/get-food-reviews';

/**
 * The dish page's data for the server's render (src/first-load/server-entry.tsx): the dish and
 * its latest reviews, under the keys the screen reads. False for a dish the server does not show
 * (a 404): the page is then sent as the app shell and the browser draws 'Không tìm thấy món ăn'.
 */
export async function loadFoodData(
  client: QueryClient,
  foodId: number,
  api: ServerApi,
): Promise<boolean> {
  const [food, reviews] = await Promise.all([
    api<Food>(foodPath(foodId)),
    api<ReviewPage>(foodReviewsPath(foodId, LATEST_REVIEWS)),
  ]);
  if (!food) return false;
  client.setQueryData(foodQueries.detail(foodId).queryKey, food);
  // Without them the reviews load in the browser, below the dish, as on any other visit.
  if (reviews) client.setQueryData(foodReviewQueries.latest(foodId).queryKey, reviews);
  return true;
}
