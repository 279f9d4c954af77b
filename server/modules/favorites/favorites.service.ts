import type { Kysely } from 'kysely';
import {
  FAVORITE_FOODS_FULL_MESSAGE,
  FAVORITE_RESTAURANTS_FULL_MESSAGE,
  FAVORITES_MAX,
  type FavoriteKind,
  type Favorites,
  type FavoriteState,
} from '#contract/favorites';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import {
  assertFoodListed,
  assertRestaurantListed,
  dishesByIds,
  searchRestaurantsByIds,
} from '../catalogue/catalogue.service';
import {
  countSaved,
  deleteSaved,
  insertSaved,
  isSaved,
  lockCustomer,
  selectSavedIds,
} from './favorites.queries';

// A customer's collection (docs/decisions/040-collections-and-reorder.md). What is shown and
// how it is shaped is the catalogue's: this module keeps only which ids were saved, and when.

const FULL_MESSAGES: Record<FavoriteKind, string> = {
  foods: FAVORITE_FOODS_FULL_MESSAGE,
  restaurants: FAVORITE_RESTAURANTS_FULL_MESSAGE,
};

/**
 * GET /api/customer/favorites/: both kinds, most recently saved first, in a fixed number of
 * queries whatever the collection's size (the saved ids, then the catalogue's reads of them).
 */
export async function getFavorites(
  db: Kysely<DB>,
  customerId: number,
  location: { lat?: number | undefined; lon?: number | undefined },
  now = new Date(),
): Promise<Favorites> {
  const saved = await selectSavedIds(db, customerId);
  const [foods, restaurants] = await Promise.all([
    dishesByIds(db, saved.foods, location, now),
    searchRestaurantsByIds(db, saved.restaurants, location, now),
  ]);
  return { foods, restaurants };
}

/**
 * Saves a dish or a restaurant customers can see now. Saving what is saved already is a
 * success that changes nothing (it keeps its place). The limit counts saved rows, shown or
 * not, under the customer's row lock: two saves at once at 499 make 500, never 501.
 */
export async function saveFavorite(
  db: Kysely<DB>,
  customerId: number,
  kind: FavoriteKind,
  id: number,
): Promise<FavoriteState> {
  if (kind === 'foods') await assertFoodListed(db, id);
  else await assertRestaurantListed(db, id);
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    if (!(await isSaved(trx, kind, customerId, id))) {
      if ((await countSaved(trx, kind, customerId)) >= FAVORITES_MAX) {
        throw new AppError('FAVORITES_FULL', { message: FULL_MESSAGES[kind] });
      }
      await insertSaved(trx, kind, customerId, id);
    }
    return { kind, id, saved: true };
  });
}

/** Removing what is not saved, or does not exist, is a success too: the state asked for holds. */
export async function removeFavorite(
  db: Kysely<DB>,
  customerId: number,
  kind: FavoriteKind,
  id: number,
): Promise<FavoriteState> {
  await deleteSaved(db, kind, customerId, id);
  return { kind, id, saved: false };
}
