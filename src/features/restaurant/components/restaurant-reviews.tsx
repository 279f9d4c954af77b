import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Review } from '#contract/catalogue';
import { ReviewItem } from '#src/components/review-item';
import { vi } from '#src/i18n/vi';
import classes from './restaurant.module.css';

const text = vi.restaurant;

/** Spec 2.10: the recent reviews, each signed 'Khách hàng #id' and naming the dish. */
export function RestaurantReviews({ reviews }: { reviews: readonly Review[] }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Title id={titleId} order={2} size="h4" mb="xs">
        {text.recentReviews}
      </Title>
      {reviews.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noReviews}
        </Text>
      ) : (
        <ul className={classes.plainList}>
          {reviews.map((review) => (
            <ReviewItem
              key={review.id}
              author={text.customer(review.customer_id)}
              review={review}
              showDish
            />
          ))}
        </ul>
      )}
    </Paper>
  );
}
