import type { Insertable, Kysely } from 'kysely';
import type {
  CouponsTable,
  DB,
  FavoriteFoodsTable,
  FavoriteRestaurantsTable,
  FoodCategoriesTable,
  FoodsTable,
  OptionGroupsTable,
  RestaurantsTable,
  ReviewsTable,
  ToppingsTable,
} from '../db/schema';

/** True for the first caller only: the step is then recorded as applied. */
export async function claimSeedStep(db: Kysely<DB>, name: string): Promise<boolean> {
  const claimed = await db
    .insertInto('seed_runs')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function selectCategoryIds(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name']).execute();
}

export async function selectUserIdByUsername(db: Kysely<DB>, username: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.id;
}

export async function insertOwner(
  db: Kysely<DB>,
  values: {
    username: string;
    password_hash: string;
    phone: string;
    email: string;
    address: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ role: 'owner', ...values, first_name: 'Chủ quán', last_name: values.username })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertCustomer(db: Kysely<DB>, values: { phone: string; full_name: string }) {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'customer')
    .where('phone', '=', values.phone)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('users')
    .values({ role: 'customer', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRestaurant(
  db: Kysely<DB>,
  values: Insertable<RestaurantsTable>,
): Promise<number> {
  const row = await db
    .insertInto('restaurants')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertFood(db: Kysely<DB>, values: Insertable<FoodsTable>): Promise<number> {
  const row = await db.insertInto('foods').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertFoodCategories(
  db: Kysely<DB>,
  rows: Insertable<FoodCategoriesTable>[],
) {
  if (rows.length) await db.insertInto('food_categories').values(rows).execute();
}

export async function insertToppings(db: Kysely<DB>, rows: Insertable<ToppingsTable>[]) {
  if (rows.length) await db.insertInto('toppings').values(rows).execute();
}

/** The dishes named `dishes` of the restaurant named `restaurant` (the demo's names are unique). */
export async function selectFoodIdsByName(
  db: Kysely<DB>,
  restaurant: string,
  dishes: string[],
): Promise<{ id: number; name: string }[]> {
  if (!dishes.length) return [];
  return db
    .selectFrom('foods')
    .innerJoin('restaurants', 'restaurants.id', 'foods.restaurant_id')
    .select(['foods.id', 'foods.name'])
    .where('restaurants.name', '=', restaurant)
    .where('foods.name', 'in', dishes)
    .where('foods.deleted_at', 'is', null)
    .execute();
}

/** Inserts option groups in one statement; their ids come back with the dish and position. */
export async function insertOptionGroups(db: Kysely<DB>, rows: Insertable<OptionGroupsTable>[]) {
  if (!rows.length) return [];
  return db
    .insertInto('option_groups')
    .values(rows)
    .returning(['id', 'food_id', 'position'])
    .execute();
}

export async function insertReview(db: Kysely<DB>, values: Insertable<ReviewsTable>) {
  await db.insertInto('reviews').values(values).execute();
}

/** The first restaurant of an owner; without one, the first restaurant of anyone. */
export async function selectFirstRestaurantOf(db: Kysely<DB>, ownerId: number | undefined) {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name'])
    .$if(ownerId !== undefined, (q) => q.where('owner_id', '=', ownerId!))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertCoupons(db: Kysely<DB>, rows: Insertable<CouponsTable>[]) {
  if (rows.length) await db.insertInto('coupons').values(rows).execute();
}

export async function selectRestaurantIdsByName(db: Kysely<DB>, names: string[]) {
  if (!names.length) return [];
  return db
    .selectFrom('restaurants')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .orderBy('id')
    .execute();
}

/** A customer's saved dishes and restaurants; one row per item, whatever is already there. */
export async function insertFavorites(
  db: Kysely<DB>,
  foods: Insertable<FavoriteFoodsTable>[],
  restaurants: Insertable<FavoriteRestaurantsTable>[],
) {
  if (foods.length) {
    await db
      .insertInto('favorite_foods')
      .values(foods)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (restaurants.length) {
    await db
      .insertInto('favorite_restaurants')
      .values(restaurants)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The catalogue step's reviews (no bought item behind them) with their dish's name. */
export async function selectCatalogueReviews(db: Kysely<DB>) {
  return db
    .selectFrom('reviews')
    .innerJoin('foods', 'foods.id', 'reviews.food_id')
    .select(['reviews.id', 'reviews.comment', 'foods.name'])
    .where('reviews.order_item_id', 'is', null)
    .orderBy('reviews.id')
    .execute();
}

export async function updateReviewComment(
  db: Kysely<DB>,
  id: number,
  values: { rating: number; comment: string },
) {
  await db.updateTable('reviews').set(values).where('id', '=', id).execute();
}
