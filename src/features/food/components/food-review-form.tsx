import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { CreatedReview } from '#contract/reviews';
import { reviewQueries } from '#src/api/reviews';
import { vi } from '#src/i18n/vi';
import { isStaffLevel, session } from '#src/lib/session';
import { foodReviewQueries, LATEST_REVIEWS, type ReviewPage } from '../api/get-food-reviews';

const text = vi.food;

/**
 * Loaded for a customer with an item to review, which most visits of a dish page are not: the
 * form's limits come from the contract's schemas, and with them zod, some 100 ms of evaluation
 * on a slow phone in the middle of the page's start. The server never draws it (it does not
 * know what the customer bought), so hydration never waits for it.
 */
const ReviewForm = lazy(async () => ({
  default: (await import('#src/components/review-form')).ReviewForm,
}));

/** Customers review (spec section 6); staff, owner and admin read the note only. */
function useIsCustomer(): boolean {
  const { user, userType } = useSnapshot(session);
  return userType !== 'staff' && !isStaffLevel(user?.role);
}

/**
 * Spec 2.9: the review form for a customer with a bought item of this dish not yet reviewed
 * (a completed order, section 4), with the note that one can review only after buying the
 * dish; everyone else sees the note alone. The form is the order page's, for that item.
 */
export function FoodReviewForm({ foodId }: { foodId: number }) {
  const queryClient = useQueryClient();
  const customer = useIsCustomer();
  const eligibility = useQuery({ ...reviewQueries.eligibility(foodId), enabled: customer });
  const item = customer ? eligibility.data?.order_item : null;

  // At the top of the latest reviews at once; the refetch that follows confirms it.
  const showFirst = (review: CreatedReview | undefined) => {
    if (!review) return;
    queryClient.setQueryData(
      foodReviewQueries.latest(foodId).queryKey,
      (page: ReviewPage | undefined) =>
        page && {
          ...page,
          items: [review, ...page.items.filter(({ id }) => id !== review.id)].slice(
            0,
            LATEST_REVIEWS.per_page,
          ),
        },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {text.reviewNote}
      </Text>
      {item ? (
        // A new item (the next bought one) starts a fresh form.
        <Suspense fallback={null}>
          <ReviewForm
            key={item.id}
            orderId={item.order_id}
            orderItemId={item.id}
            foodId={foodId}
            label={text.writeReview}
            onReviewed={showFirst}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
