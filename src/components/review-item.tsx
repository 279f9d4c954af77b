import { Text } from '@mantine/core';
import type { Review } from '#contract/catalogue';
import { formatDate } from '../lib/format-date';
import { RatingStars } from './rating-stars';
import classes from './review-item.module.css';

interface ReviewItemProps {
  /** Who wrote it, as the screen names reviewers ('Người dùng', 'Khách hàng #12', a name). */
  author: string;
  review: Pick<Review, 'rating' | 'comment' | 'created_at' | 'food_name'>;
  /** Name the dish too, where the list mixes dishes (a restaurant's reviews). */
  showDish?: boolean;
}

/** One review as a list item: author, date (dd/mm/yyyy), stars, the dish if asked, comment. */
export function ReviewItem({ author, review, showDish = false }: ReviewItemProps) {
  const comment = review.comment.trim();
  return (
    <li className={classes.review}>
      <div className={classes.head}>
        <Text fw={600} size="sm" className={classes.author}>
          {author}
        </Text>
        <Text component="time" dateTime={review.created_at} size="xs" c="dimmed">
          {formatDate(review.created_at)}
        </Text>
      </div>
      <RatingStars rating={review.rating} />
      {showDish ? (
        <Text size="xs" c="dimmed">
          {review.food_name}
        </Text>
      ) : null}
      {comment ? (
        <Text size="sm" className={classes.comment}>
          {comment}
        </Text>
      ) : null}
    </li>
  );
}
