import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DEMO_CUSTOMER } from './history';
import {
  insertFavorites,
  selectFoodIdsByName,
  selectRestaurantIdsByName,
  upsertCustomer,
} from './seed.queries';

const DAY_MS = 24 * 3600 * 1000;

/** What the README's demo customer keeps in their collection: dishes, then restaurants. */
const SAVED_DISHES: { restaurant: string; dishes: string[] }[] = [
  { restaurant: 'Quán Cô Lan 24h', dishes: ['Cơm tấm sườn bì chả', 'Chè ba màu'] },
  { restaurant: 'Phở Ông Tư Pasteur', dishes: ['Phở bò'] },
  { restaurant: 'Bún Bò Huế Mệ Tư', dishes: ['Bún bò Huế'] },
  { restaurant: 'Bánh Mì Cô Ba', dishes: ['Bánh mì thập cẩm'] },
];
const SAVED_RESTAURANTS = ['Quán Cô Lan 24h', 'Phở Ông Tư Pasteur', 'Quán Chè Cô Thảo'];

/**
 * The demo customer's collection. The favourites' own service is not this step's to call,
 * so the rows go in as that service stores them (one per customer and item), saved over the
 * last weeks; a dish or restaurant a developer removed is simply left out.
 */
export async function seedCollection(db: Kysely<DB>, now = new Date()): Promise<void> {
  const customerId = await upsertCustomer(db, DEMO_CUSTOMER);
  const foods: number[] = [];
  for (const { restaurant, dishes } of SAVED_DISHES) {
    const found = await selectFoodIdsByName(db, restaurant, dishes);
    // In the order listed, whatever order the query found them in.
    for (const name of dishes) {
      const food = found.find((f) => f.name === name);
      if (food) foods.push(food.id);
    }
  }
  const restaurants = await selectRestaurantIdsByName(db, SAVED_RESTAURANTS);
  const savedAt = (i: number) => new Date(now.getTime() - (30 - i * 4) * DAY_MS);
  await insertFavorites(
    db,
    foods.map((food_id, i) => ({ customer_id: customerId, food_id, created_at: savedAt(i) })),
    SAVED_RESTAURANTS.flatMap((name, i) => {
      const id = restaurants.find((r) => r.name === name)?.id;
      return id === undefined
        ? []
        : [{ customer_id: customerId, restaurant_id: id, created_at: savedAt(i) }];
    }),
  );
}
