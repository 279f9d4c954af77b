import type { Kysely } from 'kysely';
import type { Review } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import type { CreatedReview, CreateReviewBody, ReviewEligibility } from '#contract/reviews';
import type { DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import type { KeepReply } from '../idempotency/idempotency.service';
import { newReviewMessage } from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import { workplaceOf } from '../workplace/workplace.service';
import {
  countRestaurantReviews,
  countReviews,
  insertReview,
  selectFoodRating,
  selectItemToReview,
  selectOrderItem,
  selectRestaurantReviewPage,
  selectReviewedFood,
  selectReviews,
  selectReview,
  type ReviewableItemRow,
  type ReviewRow,
  type ReviewsOf,
} from './reviews.queries';

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    created_at: row.created_at.toISOString(),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    food_id: row.food_id,
    food_name: row.food_name,
  };
}

/**
 * How many times a review without an order item is re-aimed after losing a race for the item it
 * picked. Each lost race means another review of this customer's dish committed, so a retry
 * either finds the next unreviewed item or learns that all of them are reviewed.
 */
const PICK_ATTEMPTS = 5;

/** The unique index on reviews.order_item_id, from either engine. */
function isItemAlreadyReviewed(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && constraint.includes('order_item_id');
}

/** The item named by the caller: theirs, of a completed order and of this dish, or refused. */
async function namedItem(
  db: Kysely<DB>,
  customerId: number,
  foodId: number,
  itemId: number,
): Promise<ReviewableItemRow> {
  const item = await selectOrderItem(db, itemId);
  // Another customer's item answers like a dish never bought, so ids reveal nothing.
  if (item?.customer_id !== customerId || item.food_id !== foodId || item.status !== 'completed') {
    throw new AppError('REVIEW_NOT_ALLOWED');
  }
  if (item.reviewed) throw new AppError('ALREADY_REVIEWED');
  return item;
}

async function pickedItem(
  db: Kysely<DB>,
  customerId: number,
  foodId: number,
): Promise<ReviewableItemRow> {
  const item = await selectItemToReview(db, customerId, foodId);
  if (!item) throw new AppError('REVIEW_NOT_ALLOWED');
  if (item.reviewed) throw new AppError('ALREADY_REVIEWED');
  return item;
}

/**
 * POST /api/customer/reviews/ (design.md section 5): only a dish of one of the customer's
 * completed orders, once per order item. The checks give the friendly refusals; the unique
 * index on reviews.order_item_id decides between two concurrent reviews of one item.
 */
export async function createReview(
  db: Kysely<DB>,
  customerId: number,
  body: CreateReviewBody,
  keep?: KeepReply<CreatedReview>,
): Promise<CreatedReview> {
  for (let attempt = 1; ; attempt += 1) {
    const item =
      body.order_item_id === undefined
        ? await pickedItem(db, customerId, body.food_id)
        : await namedItem(db, customerId, body.food_id, body.order_item_id);
    try {
      // The restaurant's team hears of the review with it.
      return await db.transaction().execute(async (trx) => {
        const reviewId = await insertReview(trx, {
          food_id: body.food_id,
          order_item_id: item.id,
          customer_id: customerId,
          rating: body.rating,
          comment: body.comment,
        });
        const food = await selectReviewedFood(trx, body.food_id);
        await notify(
          trx,
          { restaurantId: food.restaurant_id },
          newReviewMessage({
            id: reviewId,
            rating: body.rating,
            comment: body.comment,
            food_name: food.name,
          }),
        );
        const created = { ...toReview(await selectReview(trx, reviewId)), order_item_id: item.id };
        await keep?.(trx, created);
        return created;
      });
    } catch (error) {
      if (!isItemAlreadyReviewed(error)) throw error;
      // A named item is the caller's choice: someone reviewed it first. A picked one may have
      // a sibling still unreviewed (two completed orders of the dish): look again.
      if (body.order_item_id !== undefined || attempt >= PICK_ATTEMPTS) {
        throw new AppError('ALREADY_REVIEWED', { cause: error });
      }
    }
  }
}

/**
 * GET /api/customer/reviews/{foodId}/eligibility/: the item the dish page's form (spec 2.9)
 * reviews, the one POST /api/customer/reviews/ would pick without an order_item_id; null when
 * that call would be refused (never bought, not delivered yet, every item reviewed).
 */
export async function reviewableItem(
  db: Kysely<DB>,
  customerId: number,
  foodId: number,
): Promise<ReviewEligibility> {
  const item = await selectItemToReview(db, customerId, foodId);
  return { order_item: item && !item.reviewed ? { id: item.id, order_id: item.order_id } : null };
}

/**
 * GET /api/staff/reviews/ (spec 2.18, 7.5): the caller's restaurant's reviews, newest first.
 * Confined like every staff call: an owner reads their restaurant's, a staff account the one it
 * is linked to, and a staff-level user without one (an admin) is told to create or link one.
 */
export async function listStaffReviews(
  db: Kysely<DB>,
  user: { id: number; role: Role },
  query: { page: number; per_page: number; q?: string | undefined },
): Promise<{ items: Review[]; pagination: Pagination }> {
  const restaurantId = await workplaceOf(db, user);
  const q = query.q || undefined;
  const [total, rows] = await Promise.all([
    countRestaurantReviews(db, restaurantId, q),
    selectRestaurantReviewPage(
      db,
      restaurantId,
      q,
      query.per_page,
      offsetOf(query.page, query.per_page),
    ),
  ]);
  return {
    items: rows.map(toReview),
    pagination: pagination(query.page, query.per_page, total),
  };
}

// --- The read side customers see, through the catalogue (which checks the dish or the
// restaurant is listed first) ---

/** A restaurant's newest reviews, for its public page. */
export async function recentRestaurantReviews(
  db: Kysely<DB>,
  restaurantId: number,
  limit: number,
): Promise<Review[]> {
  return (await selectReviews(db, { restaurantId }, limit, 0)).map(toReview);
}

/** One page of a dish's or a restaurant's reviews, newest first. */
export async function reviewPage(
  db: Kysely<DB>,
  of: ReviewsOf,
  page: number,
  perPage: number,
): Promise<{ items: Review[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([
    selectReviews(db, of, perPage, offsetOf(page, perPage)),
    countReviews(db, of),
  ]);
  return { items: rows.map(toReview), pagination: pagination(page, perPage, total) };
}

/** A dish's average rating (one decimal, null before its first review) and review count. */
export function foodRating(db: Kysely<DB>, foodId: number) {
  return selectFoodRating(db, foodId);
}
