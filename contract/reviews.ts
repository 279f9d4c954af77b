import { z } from 'zod';
import { ReviewSchema } from './catalogue';
import { okReply, PaginationSchema } from './envelope';
import { idSchema, pageParam, perPageParam } from './numbers';

export const RATING_MESSAGE = 'Số sao phải là số nguyên từ 1 đến 5';
export const REVIEW_COMMENT_MAX = 1000;

const IdSchema = idSchema();

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

/**
 * GET /api/customer/reviews/{foodId}/eligibility/: the caller's bought item the dish page's
 * review form (spec 2.9) reviews: the oldest of a completed order not yet reviewed, or null
 * when there is none (never bought, not delivered yet, or every one reviewed).
 */
export const ReviewableItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
});
export type ReviewableItem = z.infer<typeof ReviewableItemSchema>;

export const ReviewEligibilityReplySchema = okReply(
  z.object({ order_item: ReviewableItemSchema.nullable() }),
);
export type ReviewEligibility = z.infer<typeof ReviewEligibilityReplySchema>['data'];

/** GET /api/staff/reviews/ (spec 7.5, 2.18): the restaurant's reviews, newest first, 10 a page. */
export const StaffReviewListQuerySchema = z.object({
  page: pageParam(),
  per_page: perPageParam().default(10),
  /** Matches the dish name, the comment or the customer's name, ignoring diacritics. */
  q: z.string().trim().max(200, 'Từ khóa tìm kiếm tối đa 200 ký tự').optional(),
});

export const StaffReviewListReplySchema = okReply(
  z.object({ items: z.array(ReviewSchema), pagination: PaginationSchema }),
);

export type StaffReviewListQuery = z.input<typeof StaffReviewListQuerySchema>;
