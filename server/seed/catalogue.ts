import type { Kysely } from 'kysely';
import { hashPassword } from '#server/modules/auth/passwords';
import type { UploadStore } from '#server/storage/uploads';
import type { DB } from '../db/schema';
import { DEMO_PASSWORD } from './accounts';
import { DEMO_OPTION_GROUPS, DEMO_RESTAURANTS, type DemoOptionGroup } from './catalogue-data';
import { renderDishArt, renderRestaurantArt } from './dish-art';
import {
  COMMENTS_BY_KIND,
  commentFor,
  DEMO_REVIEW_COUNT,
  DEMO_REVIEWERS,
  dishKind,
} from './reviews-data';
import {
  insertFood,
  insertFoodCategories,
  insertOptionGroups,
  insertOwner,
  insertRestaurant,
  insertReview,
  insertToppings,
  selectCatalogueReviews,
  selectCategoryIds,
  selectFoodIdsByName,
  selectUserIdByUsername,
  updateReviewComment,
  upsertCustomer,
} from './seed.queries';

/** sharp renders on libuv's pool; a few at a time keeps both cores busy without piling up. */
async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T, index: number) => Promise<R>,
) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

/**
 * The demo catalogue (catalogue-data.ts): restaurants in Hà Nội, TP.HCM and Đà Nẵng with
 * their dishes, toppings and categories, pictures drawn locally, and some reviews. The first
 * restaurant (open around the clock) belongs to demo_owner; the others to owners of their own.
 */
export async function seedCatalogue(
  db: Kysely<DB>,
  uploads: UploadStore,
  pictures = true,
): Promise<void> {
  const categoryIds = new Map((await selectCategoryIds(db)).map((c) => [c.name, c.id]));
  const demoOwnerId = await selectUserIdByUsername(db, 'demo_owner');
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const foods: { id: number; name: string }[] = [];
  for (const [index, restaurant] of DEMO_RESTAURANTS.entries()) {
    const ownerId =
      index === 0 && demoOwnerId !== undefined
        ? demoOwnerId
        : await insertOwner(db, {
            username: `chuquan_${String(index + 1).padStart(2, '0')}`,
            password_hash: passwordHash,
            phone: restaurant.phone,
            email: restaurant.email,
            address: restaurant.address,
          });
    const seed = restaurant.name;
    const [cover, logo] = pictures
      ? await Promise.all([
          renderRestaurantArt(seed, 'cover').then((bytes) =>
            uploads.save(db, 'restaurants', bytes, 'webp'),
          ),
          renderRestaurantArt(seed, 'logo').then((bytes) =>
            uploads.save(db, 'restaurants', bytes, 'webp'),
          ),
        ])
      : [null, null];
    const restaurantId = await insertRestaurant(db, {
      owner_id: ownerId,
      name: restaurant.name,
      description: restaurant.description,
      address: restaurant.address,
      lat: restaurant.lat,
      lon: restaurant.lon,
      phone: restaurant.phone,
      email: restaurant.email,
      opening_hours: JSON.stringify(restaurant.opening_hours),
      image: cover,
      cover,
      logo,
      is_active: restaurant.is_active,
      approval_status: restaurant.approval_status,
    });

    const images = pictures
      ? await inBatches(restaurant.dishes, 4, (dish) =>
          renderDishArt({
            seed: `${restaurant.name}|${dish.name}`,
            category: dish.categories[0]!,
            title: dish.name,
          }).then((bytes) => uploads.save(db, 'dishes', bytes, 'webp')),
        )
      : restaurant.dishes.map(() => null);
    for (const [i, dish] of restaurant.dishes.entries()) {
      const foodId = await insertFood(db, {
        restaurant_id: restaurantId,
        name: dish.name,
        description: dish.description,
        price: dish.price,
        image: images[i] ?? null,
        available: dish.available,
      });
      await insertFoodCategories(
        db,
        dish.categories.map((name) => ({ food_id: foodId, category_id: categoryIds.get(name)! })),
      );
      await insertToppings(
        db,
        dish.toppings.map((topping, position) => ({
          food_id: foodId,
          name: topping.name,
          price: topping.price,
          position,
        })),
      );
      if (restaurant.approval_status === 'approved') foods.push({ id: foodId, name: dish.name });
    }
  }

  const reviewers = [];
  for (const reviewer of DEMO_REVIEWERS) reviewers.push(await upsertCustomer(db, reviewer));
  for (let i = 0; i < DEMO_REVIEW_COUNT; i += 1) {
    // Spread deterministically over the dishes, newest first in the list; each comment is one
    // that fits its dish's kind (reviews-data.ts).
    const food = foods[(i * 37) % foods.length]!;
    const { rating, comment } = commentFor(food.name, i);
    await insertReview(db, {
      food_id: food.id,
      customer_id: reviewers[i % reviewers.length]!,
      rating,
      comment,
      created_at: new Date(Date.UTC(2026, 10, 20) - i * 7 * 3600 * 1000),
    });
  }
}

/**
 * The demo dishes' option groups (DEMO_OPTION_GROUPS: sizes, ice and sugar of cold chè, phở
 * doneness, bigger portions), added to the dishes of the demo catalogue by restaurant and dish
 * name; a step of its own, so a database seeded before groups existed gets them too. A dish
 * a developer removed or renamed is left without. One insert for all groups and one for all
 * their options, whatever their number.
 */
export async function seedOptionGroups(db: Kysely<DB>): Promise<void> {
  const groups: { food_id: number; position: number; group: DemoOptionGroup }[] = [];
  for (const entry of DEMO_OPTION_GROUPS) {
    for (const food of await selectFoodIdsByName(db, entry.restaurant, entry.dishes)) {
      for (const [position, group] of entry.groups.entries()) {
        groups.push({ food_id: food.id, position, group });
      }
    }
  }
  const inserted = await insertOptionGroups(
    db,
    groups.map(({ food_id, position, group }) => ({
      food_id,
      position,
      name: group.name,
      min_select: group.min_select,
      max_select: group.max_select,
    })),
  );
  // Matched by dish and position rather than by the order RETURNING happens to give.
  const groupId = new Map(inserted.map((row) => [`${row.food_id}:${row.position}`, row.id]));
  await insertToppings(
    db,
    groups.flatMap(({ food_id, position, group }) =>
      group.options.map((option, optionPosition) => ({
        food_id,
        group_id: groupId.get(`${food_id}:${position}`)!,
        name: option.name,
        price: option.price,
        position: optionPosition,
      })),
    ),
  );
}

/**
 * The catalogue's reviews made before they were chosen by kind of dish (a broth praised on a
 * dessert): each whose comment does not fit its dish gets one that does. A no-op on a
 * catalogue seeded with fitting comments; reviews customers wrote are never touched (they
 * have a bought item behind them).
 */
export async function fitCatalogueReviews(db: Kysely<DB>): Promise<void> {
  for (const [i, review] of (await selectCatalogueReviews(db)).entries()) {
    const fitting = COMMENTS_BY_KIND[dishKind(review.name)];
    if (fitting.some(([, comment]) => comment === review.comment)) continue;
    await updateReviewComment(db, review.id, commentFor(review.name, i));
  }
}
