import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import type { OrderItem } from '#contract/orders';
import { REVIEW_COMMENT_MAX } from '#contract/reviews';
import { IconCheck } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import { getErrorReply } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { useCreateReview } from '../api/create-review';
import classes from './orders.module.css';

const text = vi.orders;

/** Spec section 5: 1 to 5 stars, default 5; offered best first, the usual answer. */
const RATINGS = [5, 4, 3, 2, 1] as const;
const DEFAULT_RATING = 5;

const ratingData = RATINGS.map((stars) => ({
  value: String(stars),
  label: text.ratingOptions[stars],
}));

/** The server's refusal in its own words (already reviewed, not allowed), else spec 8's text. */
function reviewErrorText(error: unknown): string {
  const message = getErrorReply(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : text.reviewFailed;
}

function Reviewed() {
  return (
    <Text size="sm" c="green" fw={600} className={classes.reviewed}>
      <IconCheck size={16} />
      {text.reviewed}
    </Text>
  );
}

/** One dish's form: stars, an optional comment, submit (spec 4 'submitting flag'). */
function ReviewForm({ orderId, item }: { orderId: number; item: OrderItem }) {
  const online = useOnline();
  const noteId = useId();
  const [rating, setRating] = useState<number>(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const review = useCreateReview(orderId);

  const submit = () => {
    review.mutate(
      { food_id: item.food_id, rating, comment: comment.trim(), order_item_id: item.id },
      {
        onSuccess: () => toast.success(text.reviewSent),
        onError: (error) => toast.error(reviewErrorText(error)),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!review.isPending) submit();
      }}
    >
      <Stack gap="xs">
        <NativeSelect
          label={text.ratingLabel}
          data={ratingData}
          value={String(rating)}
          onChange={(event) => setRating(Number(event.currentTarget.value))}
          disabled={review.isPending}
          size="md"
        />
        <Textarea
          label={text.commentLabel}
          placeholder={text.commentPlaceholder}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={REVIEW_COMMENT_MAX}
          disabled={review.isPending}
          rows={2}
          size="md"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={review.isPending}
            disabled={!online}
            aria-describedby={online ? undefined : noteId}
          >
            {text.submitReview}
          </Button>
        </Group>
        {online ? null : (
          <Text id={noteId} size="sm" c="dimmed" ta="right">
            {text.reviewNeedsNetwork}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * Spec 2.14 and section 4: on a completed order the customer reviews each dish once; an item
 * already reviewed says 'Đã đánh giá' instead of offering the form.
 */
export function OrderReviews({ orderId, items }: { orderId: number; items: readonly OrderItem[] }) {
  return (
    <ul className={classes.reviews}>
      {items.map((item) => (
        <li key={item.id} aria-label={item.food_name}>
          <Text size="sm" fw={600}>
            {item.food_name}
          </Text>
          {item.has_reviewed ? <Reviewed /> : <ReviewForm orderId={orderId} item={item} />}
        </li>
      ))}
    </ul>
  );
}
