import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { REVIEW_COMMENT_MAX, type CreatedReview } from '#contract/reviews';
import { useCreateReview } from '../api/reviews';
import { vi } from '../i18n/vi';
import { getErrorReply } from '../lib/http';
import { toast } from '../lib/toast';
import { useOnline } from '../lib/use-online';

// The order page's words (spec 2.14, sections 4, 5 and 8), which the dish page's form shares.
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

export interface ReviewFormProps {
  /** The bought item the review is of, and its order. */
  orderId: number;
  orderItemId: number;
  foodId: number;
  /** The form's accessible name, when nothing around it names it. */
  label?: string;
  /** Runs once the server took the review, even when the form is gone by then. */
  onReviewed?: (review: CreatedReview | undefined) => void;
}

/**
 * One bought item's review: stars, an optional comment, submit (spec 4 'submitting flag').
 * The order page (spec 2.14) and the dish page (spec 2.9) both use it, with one body, one
 * endpoint and the same answers.
 */
export function ReviewForm({ orderId, orderItemId, foodId, label, onReviewed }: ReviewFormProps) {
  const online = useOnline();
  const noteId = useId();
  const [rating, setRating] = useState<number>(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const review = useCreateReview(orderId, {
    onSuccess: (created) => {
      toast.success(text.reviewSent);
      onReviewed?.(created);
    },
    onError: (error) => toast.error(reviewErrorText(error)),
  });

  const submit = () => {
    review.mutate({
      food_id: foodId,
      rating,
      comment: comment.trim(),
      order_item_id: orderItemId,
    });
  };

  return (
    <form
      aria-label={label}
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
