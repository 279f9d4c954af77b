import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import type { CreatedReview, CreateReviewBody, ReviewEligibility } from '#contract/reviews';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';
import { foodQueries } from './food';
import { orderQueries } from './orders';

/**
 * What a review form sends (spec 7.4 and section 5): the rating as a number, and the bought
 * item it reviews. The order page and the dish page send the same body.
 */
export type ReviewInput = Required<
  Pick<CreateReviewBody, 'food_id' | 'rating' | 'order_item_id'>
> & {
  comment: string;
};

/** POST /api/customer/reviews/; the reply's message is 'Đã gửi đánh giá'. */
export async function createReview(body: ReviewInput): Promise<CreatedReview | undefined> {
  const reply = await http
    .post('customer/reviews/', { json: body })
    .json<ApiReply<CreatedReview>>();
  return reply.data;
}

/** GET /api/customer/reviews/{foodId}/eligibility/: the caller's item the dish page reviews. */
export async function getReviewEligibility(
  foodId: number,
  signal?: AbortSignal,
): Promise<ReviewEligibility> {
  const reply = await http
    .get(`customer/reviews/${foodId}/eligibility/`, { signal })
    .json<ApiReply<ReviewEligibility>>();
  if (!reply.data) throw new Error('Review eligibility reply without data');
  return reply.data;
}

export const reviewQueries = {
  /**
   * Under the dish's review key, so whatever refreshes the dish's reviews (a review written
   * from an order) asks again too. Asked again on every visit: the kitchen completing an order
   * elsewhere changes the answer. Persisted: the form shows offline, saying it needs the network.
   */
  eligibility: (foodId: number) =>
    queryOptions({
      queryKey: [...foodQueries.reviews(foodId), 'eligibility'] as const,
      queryFn: ({ signal }) => getReviewEligibility(foodId, signal),
      staleTime: 0,
      ...persistedQuery,
    }),
};

/**
 * What the screen says when a review went through or was refused. Given to the hook rather
 * than to `mutate`: `mutate`'s own callbacks are dropped when the form that asked unmounts, and
 * a sent review takes its form away.
 */
export interface ReviewFeedback {
  onSuccess?: (review: CreatedReview | undefined, input: ReviewInput) => void;
  onError?: (error: unknown, input: ReviewInput) => void;
}

/** Reviews one item of the customer's order `orderId`. */
export function useCreateReview(orderId: number, feedback: ReviewFeedback = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = orderQueries.detail('customer', orderId);
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review, input) => {
      const { food_id, order_item_id } = input;
      // 'Đã đánh giá' at once, before the refetch below confirms it.
      queryClient.setQueryData(queryKey, (order: Order | undefined) =>
        order
          ? {
              ...order,
              items: order.items.map((item) =>
                item.id === order_item_id ? { ...item, has_reviewed: true } : item,
              ),
            }
          : order,
      );
      // The dish page's form goes at once rather than offer the reviewed item again; the
      // refetch below brings the next unreviewed one, if any.
      queryClient.setQueryData(
        reviewQueries.eligibility(food_id).queryKey,
        (eligibility: ReviewEligibility | undefined) =>
          eligibility?.order_item?.id === order_item_id ? { order_item: null } : eligibility,
      );
      feedback.onSuccess?.(review, input);
    },
    onError: (error, input) => feedback.onError?.(error, input),
    // Also after a refusal: 'already reviewed' (another tab, another device) must show as such.
    onSettled: (_review, _error, { food_id }) => {
      void queryClient.invalidateQueries({ queryKey });
      // The dish screen's latest reviews, its form, rating and review count now include this one.
      void queryClient.invalidateQueries({ queryKey: foodQueries.reviews(food_id) });
      void queryClient.invalidateQueries({ queryKey: foodQueries.detail(food_id).queryKey });
    },
  });
}
