import { queryOptions } from '@tanstack/react-query';
import type { Review } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import { foodQueries } from '#src/api/food';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';

/** Spec section 9, 'Food reviews preview': page 1, 5 items, newest first. */
export const LATEST_REVIEWS = { page: 1, per_page: 5 } as const;

export interface ReviewPage {
  items: Review[];
  pagination: Pick<Pagination, 'page' | 'has_next'>;
}

/** A page of the dish's reviews, relative to /api/ (the server's render asks for the same). */
export function foodReviewsPath(
  foodId: number,
  { page, per_page }: { page: number; per_page: number },
): string {
  return `customer/reviews/${foodId}/?page=${page}&per_page=${per_page}`;
}

/** GET /api/customer/reviews/{foodId}/?page=&per_page= (spec 7.2). */
export async function getFoodReviews(
  foodId: number,
  paging: { page: number; per_page: number },
  signal?: AbortSignal,
): Promise<ReviewPage> {
  const reply = await http
    .get(foodReviewsPath(foodId, paging), { signal })
    .json<ApiReply<ReviewPage>>();
  if (!reply.data) throw new Error('Review list reply without data');
  return reply.data;
}

export const foodReviewQueries = {
  all: foodQueries.reviews,
  latest: (foodId: number) =>
    queryOptions({
      queryKey: [...foodReviewQueries.all(foodId), LATEST_REVIEWS] as const,
      queryFn: ({ signal }) => getFoodReviews(foodId, LATEST_REVIEWS, signal),
      ...persistedQuery,
    }),
};
