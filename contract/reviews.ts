import { z } from 'zod';
import { ReviewSchema } from './catalogue';
import { okReply } from './envelope';

export const RATING_MESSAGE = 'Số sao phải là số nguyên từ 1 đến 5';
export const REVIEW_COMMENT_MAX = 1000;

const ID_MESSAGE = 'Mã không hợp lệ';
const IdSchema = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(2_147_483_647, ID_MESSAGE);

/**
 * Spec 7.4 'POST /api/customer/reviews/' and section 5 (rating 1 to 5 sent as a number, comment
 * optional). `order_item_id` names the bought item when the screen knows it (the per-dish form
 * of a completed order); without it the server picks the customer's oldest unreviewed one.
 */
export const CreateReviewBodySchema = z.object({
  food_id: IdSchema,
  // '5', 0, 6 and 2.5 are all refused: the screen sends a whole number of stars.
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  comment: z
    .string({ error: 'Nhận xét không hợp lệ' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `Nhận xét tối đa ${REVIEW_COMMENT_MAX} ký tự`)
    .nullish()
    .transform((comment) => comment ?? ''),
  order_item_id: IdSchema.optional(),
});

export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;

/** Spec section 3 Review, plus the bought item it is of. */
export const CreatedReviewSchema = ReviewSchema.extend({ order_item_id: z.number().int() });
export type CreatedReview = z.infer<typeof CreatedReviewSchema>;

export const CreateReviewReplySchema = okReply(CreatedReviewSchema);
