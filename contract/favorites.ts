import { z } from 'zod';
import { DishSchema, LocationQuerySchema, SearchRestaurantSchema } from './catalogue';
import { okReply } from './envelope';
import { idParam } from './numbers';

// A customer's collection: dishes and restaurants saved with the heart, kept on the server so
// every device of the customer sees the same one.

/** At most this many dishes, and as many restaurants, per customer (saved rows, shown or not). */
export const FAVORITES_MAX = 500;

export const FAVORITE_FOODS_FULL_MESSAGE = `Bộ sưu tập đã đủ ${FAVORITES_MAX} món. Hãy bỏ bớt món cũ trước khi lưu thêm.`;
export const FAVORITE_RESTAURANTS_FULL_MESSAGE = `Bộ sưu tập đã đủ ${FAVORITES_MAX} quán. Hãy bỏ bớt quán cũ trước khi lưu thêm.`;

export const FavoriteKindSchema = z.enum(['foods', 'restaurants']);
export type FavoriteKind = z.infer<typeof FavoriteKindSchema>;

/** GET /api/customer/favorites/: lat and lon (together) give the dishes' distances. */
export const FavoritesQuerySchema = LocationQuerySchema;

/**
 * The collection, most recently saved first. Only what customers can see today is listed: a
 * dish or restaurant the catalogue would answer 404 for (deleted, of a restaurant no longer
 * approved) is left out of the reply but stays saved, and comes back with it. A dish that is
 * switched off or sold out stays listed with `available: false`.
 *
 * `foods` have the home list's dish shape; `restaurants` the search's restaurant shape, whose
 * `searched_foods` are up to 3 of the restaurant's dishes on sale, best sellers first.
 */
export const FavoritesSchema = z.object({
  foods: z.array(DishSchema),
  restaurants: z.array(SearchRestaurantSchema),
});

export const FavoritesReplySchema = okReply(FavoritesSchema);

export const FavoriteParamsSchema = z.object({ id: idParam() });

/**
 * PUT and DELETE /api/customer/favorites/foods/{id}/ and .../restaurants/{id}/: idempotent.
 * Saving twice keeps one; removing what is not saved (or does not exist) is a success too.
 * Saving what customers cannot see is a 404 (FOOD_NOT_FOUND / RESTAURANT_NOT_FOUND); the
 * 501st save of a kind is a 409 FAVORITES_FULL with the messages above.
 */
export const FavoriteStateSchema = z.object({
  kind: FavoriteKindSchema,
  id: z.number().int(),
  saved: z.boolean(),
});

export const FavoriteStateReplySchema = okReply(FavoriteStateSchema);

export type Favorites = z.infer<typeof FavoritesSchema>;
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;
