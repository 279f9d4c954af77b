import { sql, type Kysely } from 'kysely';
import type { DB, OrderStatus } from '#server/db/schema';

/** A bought item as the review rules look at it. */
export interface ReviewableItemRow {
  id: number;
  order_id: number;
  customer_id: number;
  food_id: number;
  status: OrderStatus;
  reviewed: boolean;
}

function itemsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.id', 'oi.order_id', 'o.customer_id', 'oi.food_id', 'o.status'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reviews as rv')
            .select(sql`1`.as('one'))
            .whereRef('rv.order_item_id', '=', 'oi.id'),
        )
        .as('reviewed'),
    );
}

/** One order item, whoever bought it (the service decides what the caller may do with it). */
export function selectOrderItem(db: Kysely<DB>, id: number) {
  return itemsQuery(db).where('oi.id', '=', id).executeTakeFirst() as Promise<
    ReviewableItemRow | undefined
  >;
}

/**
 * The customer's completed item of this dish to review: the oldest not yet reviewed, or, when
 * every one is, the oldest (so the caller can tell "already reviewed" from "never bought").
 */
export function selectItemToReview(db: Kysely<DB>, customerId: number, foodId: number) {
  return itemsQuery(db)
    .where('o.customer_id', '=', customerId)
    .where('oi.food_id', '=', foodId)
    .where('o.status', '=', 'completed')
    .orderBy('reviewed')
    .orderBy('o.id')
    .orderBy('oi.id')
    .limit(1)
    .executeTakeFirst() as Promise<ReviewableItemRow | undefined>;
}

export async function insertReview(
  db: Kysely<DB>,
  values: {
    food_id: number;
    order_item_id: number;
    customer_id: number;
    rating: number;
    comment: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('reviews')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The dish a review is of, as its restaurant's notification names it. */
export function selectReviewedFood(db: Kysely<DB>, foodId: number) {
  return db
    .selectFrom('foods')
    .select(['name', 'restaurant_id'])
    .where('id', '=', foodId)
    .executeTakeFirstOrThrow();
}

/** A review joined with its dish and author, as every reader of reviews needs it. */
function reviewsFrom(db: Kysely<DB>) {
  return db
    .selectFrom('reviews as rv')
    .innerJoin('foods as f', 'f.id', 'rv.food_id')
    .innerJoin('users as u', 'u.id', 'rv.customer_id');
}

/** What spec section 3 Review shows of a review. */
const REVIEW_COLUMNS = [
  'rv.id',
  'rv.rating',
  'rv.comment',
  'rv.created_at',
  'rv.customer_id',
  'u.full_name as customer_name',
  'rv.food_id',
  'f.name as food_name',
] as const;

/** A review with what spec section 3 Review shows of it, and the order item it is about. */
export function selectReview(db: Kysely<DB>, id: number) {
  return reviewsFrom(db)
    .select([...REVIEW_COLUMNS, 'rv.order_item_id'])
    .where('rv.id', '=', id)
    .executeTakeFirstOrThrow();
}

// --- A restaurant's reviews, as its staff read them ---

/** LIKE treats % and _ as wildcards: a comment search for "100%" is taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function restaurantReviewsQuery(db: Kysely<DB>, restaurantId: number, q: string | undefined) {
  let query = reviewsFrom(db)
    // A dish deleted since keeps its reviews: they are still about this restaurant.
    .where('f.restaurant_id', '=', restaurantId);
  if (q) {
    // Dish, comment or customer, diacritics and case folded on both sides ('pho' finds 'Phở').
    query = query.where(
      sql<boolean>`lower(immutable_unaccent(concat_ws(' ', f.name, rv.comment, u.full_name)))
        like '%' || lower(immutable_unaccent(${likeLiteral(q)})) || '%'`,
    );
  }
  return query;
}

/** Newest first. */
export function selectRestaurantReviewPage(
  db: Kysely<DB>,
  restaurantId: number,
  q: string | undefined,
  limit: number,
  offset: number,
) {
  return restaurantReviewsQuery(db, restaurantId, q)
    .select(REVIEW_COLUMNS)
    .orderBy('rv.created_at', 'desc')
    .orderBy('rv.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRestaurantReviews(
  db: Kysely<DB>,
  restaurantId: number,
  q: string | undefined,
): Promise<number> {
  const row = await restaurantReviewsQuery(db, restaurantId, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- A dish's or a restaurant's reviews, as customers read them ---

export interface ReviewRow {
  id: number;
  rating: number;
  comment: string;
  created_at: Date;
  customer_id: number;
  customer_name: string | null;
  food_id: number;
  food_name: string;
}

/** Whose reviews: one dish's, or every dish's of one restaurant. */
export type ReviewsOf = { foodId: number } | { restaurantId: number };

/** Newest first. */
export function selectReviews(db: Kysely<DB>, of: ReviewsOf, limit: number, offset: number) {
  const query = reviewsFrom(db).select(REVIEW_COLUMNS);
  return (
    'foodId' in of
      ? query.where('rv.food_id', '=', of.foodId)
      : query.where('f.restaurant_id', '=', of.restaurantId)
  )
    .orderBy('rv.created_at', 'desc')
    .orderBy('rv.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute() as Promise<ReviewRow[]>;
}

export async function countReviews(db: Kysely<DB>, of: ReviewsOf) {
  const query = db
    .selectFrom('reviews as rv')
    .innerJoin('foods as f', 'f.id', 'rv.food_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await (
    'foodId' in of
      ? query.where('rv.food_id', '=', of.foodId)
      : query.where('f.restaurant_id', '=', of.restaurantId)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A dish's average rating (one decimal) and number of reviews. */
export async function selectFoodRating(db: Kysely<DB>, foodId: number) {
  const { rows } = await sql<{ rating: number | null; review_count: number }>`
    select round(avg(rating)::numeric, 1) as rating, count(*)::int as review_count
    from reviews where food_id = ${foodId}`.execute(db);
  return rows[0]!;
}
