import { Text } from '@mantine/core';
import { vi } from '../i18n/vi';
import { formatOneDecimal } from '../lib/format';
import classes from './rating-stars.module.css';

const text = vi.catalogue;

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={filled ? classes.filled : classes.empty}
    >
      <path
        d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A review's stars (1 to 5), read out as '4 trên 5 sao'. */
export function RatingStars({ rating, size = 14 }: { rating: number; size?: number }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={text.stars(String(rating))} className={classes.stars}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} filled={star <= full} size={size} />
      ))}
    </span>
  );
}

interface RatingSummaryProps {
  /** The average, or null when nobody has reviewed yet. */
  rating: number | null;
  reviewCount: number;
}

/** An average rating with one decimal and the number of reviews: ★ 4,5 (12 đánh giá). */
export function RatingSummary({ rating, reviewCount }: RatingSummaryProps) {
  if (rating == null || reviewCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text.noRating}
      </Text>
    );
  }
  const value = formatOneDecimal(rating);
  return (
    <span className={classes.summary}>
      <span role="img" aria-label={text.stars(value)} className={classes.average}>
        <Star filled size={18} />
        <span aria-hidden="true">{value}</span>
      </span>
      <Text span size="sm" c="dimmed">
        ({text.reviewCount(reviewCount)})
      </Text>
    </span>
  );
}
