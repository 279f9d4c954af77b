import { Button, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ReviewItem } from '#src/components/review-item';
import { vi } from '#src/i18n/vi';
import { foodReviewQueries } from '../api/get-food-reviews';
import classes from './food.module.css';
import { FoodReviewForm } from './food-review-form';

const text = vi.food;

/**
 * Spec 2.9: the review form (or its note), then the latest 5 reviews, each with the customer's
 * name (or 'Người dùng'), stars, comment and date. A failure here leaves the rest of the dish
 * page usable.
 */
export function FoodReviews({ foodId }: { foodId: number }) {
  const titleId = useId();
  const reviews = useQuery(foodReviewQueries.latest(foodId));

  let body;
  if (reviews.data) {
    body =
      reviews.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noReviews}
        </Text>
      ) : (
        <ul className={classes.reviews}>
          {reviews.data.items.map((review) => (
            <ReviewItem
              key={review.id}
              author={review.customer_name?.trim() || text.anonymous}
              review={review}
            />
          ))}
        </ul>
      );
  } else if (reviews.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {text.reviewsFailed}
        </Text>
        <Button size="xs" variant="light" onClick={() => void reviews.refetch()}>
          {text.retry}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <div role="status">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>{text.reviewsLoading}</VisuallyHidden>
      </div>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title id={titleId} order={2} size="h4">
          {text.reviews}
        </Title>
        <FoodReviewForm foodId={foodId} />
        {body}
      </Stack>
    </Paper>
  );
}
