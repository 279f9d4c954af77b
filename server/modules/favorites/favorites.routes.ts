import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FavoriteParamsSchema,
  FavoritesQuerySchema,
  FavoritesReplySchema,
  FavoriteStateReplySchema,
  type FavoriteKind,
} from '#contract/favorites';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { getFavorites, removeFavorite, saveFavorite } from './favorites.service';

// Per customer: never `replyCache` (that cache keeps one reply per URL for every caller), and
// the app's `cache-control: no-store` on /api keeps shared caches out.
const CUSTOMER = { access: 'customer' } as const;

const KINDS: {
  kind: FavoriteKind;
  path: string;
  what: string;
  notFound: 'FOOD_NOT_FOUND' | 'RESTAURANT_NOT_FOUND';
}[] = [
  { kind: 'foods', path: 'foods', what: 'món', notFound: 'FOOD_NOT_FOUND' },
  { kind: 'restaurants', path: 'restaurants', what: 'quán', notFound: 'RESTAURANT_NOT_FOUND' },
];

export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customer/favorites/',
    {
      config: CUSTOMER,
      schema: {
        tags: ['favorites'],
        summary: 'Bộ sưu tập: món và quán đã lưu, mới lưu trước',
        querystring: FavoritesQuerySchema,
        response: { 200: FavoritesReplySchema, ...errorReplies('LOCATION_INCOMPLETE') },
      },
    },
    async (request) => ok(await getFavorites(app.db, currentUser(request).id, request.query)),
  );

  // Both are idempotent by their nature (they set a state), so a queued heart replayed after
  // it reached the server changes nothing more.
  for (const { kind, path, what, notFound } of KINDS) {
    app.put(
      `/api/customer/favorites/${path}/:id/`,
      {
        config: CUSTOMER,
        schema: {
          tags: ['favorites'],
          summary: `Lưu một ${what} vào bộ sưu tập`,
          params: FavoriteParamsSchema,
          response: {
            200: FavoriteStateReplySchema,
            ...errorReplies('FAVORITES_FULL', notFound),
          },
        },
      },
      async (request) =>
        ok(
          await saveFavorite(app.db, currentUser(request).id, kind, request.params.id),
          'Đã lưu vào bộ sưu tập',
        ),
    );

    app.delete(
      `/api/customer/favorites/${path}/:id/`,
      {
        config: CUSTOMER,
        schema: {
          tags: ['favorites'],
          summary: `Bỏ một ${what} khỏi bộ sưu tập`,
          params: FavoriteParamsSchema,
          response: { 200: FavoriteStateReplySchema },
        },
      },
      async (request) =>
        ok(
          await removeFavorite(app.db, currentUser(request).id, kind, request.params.id),
          'Đã bỏ khỏi bộ sưu tập',
        ),
    );
  }
};
