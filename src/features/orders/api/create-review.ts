import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import type { CreatedReview, CreateReviewBody } from '#contract/reviews';
import { foodQueries } from '#src/api/food';
import { orderQueries } from '#src/api/orders';
import { http, type ApiReply } from '#src/lib/http';

/** What the per-dish form sends (spec 7.4 and section 5): the rating as a number. */
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

/** Reviews one item of the customer's order `orderId`. */
export function useCreateReview(orderId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = orderQueries.detail('customer', orderId);
  return useMutation({
    mutationFn: createReview,
    onSuccess: (_review, { order_item_id }) => {
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
    },
    // Also after a refusal: 'already reviewed' (another tab, another device) must show as such.
    onSettled: (_review, _error, { food_id }) => {
      void queryClient.invalidateQueries({ queryKey });
      // The dish screen's latest reviews, rating and review count now include this one.
      void queryClient.invalidateQueries({ queryKey: foodQueries.reviews(food_id) });
      void queryClient.invalidateQueries({ queryKey: foodQueries.detail(food_id).queryKey });
    },
  });
}
