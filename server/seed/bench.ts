import type { Insertable, Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { DB, FoodCategoriesTable, FoodsTable, ToppingsTable } from '../db/schema';
import { generateBenchCatalogue } from './bench-data';
import {
  checkpointWithoutRecycling,
  compactAndAnalyzeCatalogue,
  insertBenchFoods,
  insertBenchOwners,
  insertBenchRestaurants,
} from './bench.queries';
import {
  claimSeedStep,
  insertFoodCategories,
  insertToppings,
  selectCategoryIds,
} from './seed.queries';

const BENCH_SEED_STEP = 'bench-catalogue';

/**
 * argon2id of a random string that was thrown away: the bench owners exist to satisfy
 * restaurants.owner_id and nobody can sign in as them. Fixed, so seeding hashes nothing.
 */
const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Iko3YSk6wHAy84GF9xrqIA$IXUBqf2fyqG9toas0rIeyqAXMW12EMPLK+uJ6qsUKbs';

const BATCH = 1_000;

export interface BenchSeedReport {
  restaurants: number;
  foods: number;
  foodCategories: number;
  toppings: number;
  /** Milliseconds per phase, in the order they ran. */
  phases: Record<string, number>;
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Loads the benchmark catalogue (bench-data.ts) in one transaction, so an interrupted run
 * leaves nothing behind. Returns null when it is already there (recorded in seed_runs).
 */
export async function seedBenchCatalogue(
  db: Kysely<DB>,
  options: { kind: DatabaseKind; log?: (line: string) => void },
): Promise<BenchSeedReport | null> {
  const log = options.log ?? (() => {});
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
    log(`  ${name}: ${phases[name]} ms`);
  };

  const report = await db.transaction().execute(async (trx) => {
    if (!(await claimSeedStep(trx, BENCH_SEED_STEP))) return null;
    log('Seeding 5,000 restaurants and 100,000 dishes...');
    const categoryIds = new Map((await selectCategoryIds(trx)).map((c) => [c.name, c.id]));
    const data = generateBenchCatalogue();
    phase('generate');

    const ownerIds = new Map<string, number>();
    const username = (index: number) => `bench_owner_${String(index).padStart(5, '0')}`;
    await inBatches(data, async (batch) => {
      const rows = await insertBenchOwners(
        trx,
        batch.map((r) => ({
          username: username(r.index),
          password_hash: UNUSABLE_PASSWORD_HASH,
          phone: r.phone,
          email: r.email,
          address: r.address,
        })),
      );
      for (const row of rows) ownerIds.set(row.username!, row.id);
    });
    phase('owners');

    const restaurantIds = new Map<number, number>();
    await inBatches(data, async (batch) => {
      const rows = await insertBenchRestaurants(
        trx,
        batch.map((r) => ({
          owner_id: ownerIds.get(username(r.index))!,
          name: r.name,
          description: r.description,
          address: r.address,
          lat: r.lat,
          lon: r.lon,
          phone: r.phone,
          email: r.email,
          opening_hours: JSON.stringify(r.opening_hours),
          approval_status: 'approved',
        })),
      );
      for (const row of rows) restaurantIds.set(row.owner_id, row.id);
    });
    phase('restaurants');

    const dishes = data.flatMap((r) => {
      const restaurantId = restaurantIds.get(ownerIds.get(username(r.index))!)!;
      return r.dishes.map((dish) => ({ restaurantId, dish }));
    });
    const foodIds = new Map<string, number>();
    const key = (restaurantId: number, name: string) => `${restaurantId}|${name}`;
    await inBatches(dishes, async (batch) => {
      const rows = await insertBenchFoods(
        trx,
        batch.map(({ restaurantId, dish }): Insertable<FoodsTable> => ({
          restaurant_id: restaurantId,
          name: dish.name,
          description: dish.description,
          price: dish.price,
          image: null,
          available: dish.available,
        })),
      );
      for (const row of rows) foodIds.set(key(row.restaurant_id, row.name), row.id);
    });
    phase('foods');

    const foodCategories: Insertable<FoodCategoriesTable>[] = [];
    const toppings: Insertable<ToppingsTable>[] = [];
    for (const { restaurantId, dish } of dishes) {
      const foodId = foodIds.get(key(restaurantId, dish.name))!;
      for (const name of dish.categories) {
        foodCategories.push({ food_id: foodId, category_id: categoryIds.get(name)! });
      }
      for (const [position, topping] of dish.toppings.entries()) {
        toppings.push({ food_id: foodId, name: topping.name, price: topping.price, position });
      }
    }
    // Each row fires the trigger that rewrites its dish's search_text.
    await inBatches(foodCategories, (batch) => insertFoodCategories(trx, batch));
    phase('food_categories');
    await inBatches(toppings, (batch) => insertToppings(trx, batch));
    phase('toppings');

    return {
      restaurants: data.length,
      foods: dishes.length,
      foodCategories: foodCategories.length,
      toppings: toppings.length,
      phases,
    };
  });
  if (!report) return null;
  await compactAndAnalyzeCatalogue(db);
  if (options.kind === 'pglite') await checkpointWithoutRecycling(db);
  phase('vacuum full + analyze');
  return report;
}
