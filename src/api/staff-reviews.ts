import { queryOptions } from '@tanstack/react-query';
import type { Review } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** Spec section 9: the staff reviews list and the dashboard both read 10 reviews a page. */
export const STAFF_REVIEWS_PAGE_SIZE = 10;

export interface StaffReviewPage {
  items: Review[];
  pagination: Pagination;
}

export interface StaffReviewsQuery {
  page: number;
  /** Search text; '' for every review. */
  q: string;
}

/** GET /api/staff/reviews/?page=&per_page=10[&q=] (spec 7.5): the restaurant's, newest first. */
export async function getStaffReviews(
  { page, q }: StaffReviewsQuery,
  signal?: AbortSignal,
): Promise<StaffReviewPage> {
  const searchParams: Record<string, string | number> = {
    page,
    per_page: STAFF_REVIEWS_PAGE_SIZE,
  };
  if (q) searchParams.q = q;
  const reply = await http
    .get('staff/reviews/', { searchParams, signal })
    .json<ApiReply<StaffReviewPage>>();
  if (!reply.data) throw new Error('Staff review list reply without data');
  return reply.data;
}

/**
 * The dashboard's stat cards read page 1 of the list /staff/reviews opens on, so the two
 * features share one key (and one cached, persisted copy) through this module.
 */
export const staffReviewQueries = {
  all: () => ['staff', 'reviews'] as const,
  page: ({ page, q }: StaffReviewsQuery) =>
    queryOptions({
      queryKey: [...staffReviewQueries.all(), 'page', { page, q }] as const,
      queryFn: ({ signal }) => getStaffReviews({ page, q }, signal),
      ...persistedQuery,
    }),
};
