import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FoodListQuerySchema,
  FoodListReplySchema,
  FoodReplySchema,
  IdParamsSchema,
  LocationQuerySchema,
  PageQuerySchema,
  RestaurantListQuerySchema,
  RestaurantListReplySchema,
  RestaurantReplySchema,
  ReviewListReplySchema,
  SearchQuerySchema,
  SearchReplySchema,
} from '#contract/catalogue';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import {
  getFood,
  getRestaurant,
  listDishes,
  listFoodReviews,
  listRestaurantReviews,
  listRestaurants,
  randomRestaurants,
  search,
} from './catalogue.service';

// The catalogue is what any visitor of a food app may browse; the /customer/ paths of the
// spec are for signed-in users.
const PUBLIC = { access: 'public' } as const;
const SIGNED_IN = { access: 'authenticated' } as const;
// The same for every caller and read only from the catalogue tables: kept, serialized and
// compressed, until any of those tables changes, and only for the minute they were built in: a
// dish, and every dish of a list, says whether its restaurant is open now and when it opens
// again, and whether it is sold out for today; hours, busy pauses and 'hết hôm nay' end by
// themselves, with no write to move the generation.
const KEPT_FOR_THE_MINUTE = { ...PUBLIC, replyCache: 'catalogue-minute' } as const;

const FoodIdParamsSchema = z.object({ foodId: IdParamsSchema.shape.id });

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/food/',
    {
      config: KEPT_FOR_THE_MINUTE,
      schema: {
        tags: ['catalogue'],
        summary: 'Món ăn gần nhất trước',
        querystring: FoodListQuerySchema,
        response: {
          200: FoodListReplySchema,
          ...errorReplies('LOCATION_INCOMPLETE', 'UNKNOWN_CATEGORY'),
        },
      },
    },
    async (request) => ok(await listDishes(app.db, request.query)),
  );

  app.get(
    '/api/food/:id/',
    {
      config: KEPT_FOR_THE_MINUTE,
      schema: {
        tags: ['catalogue'],
        summary: 'Chi tiết món ăn',
        params: IdParamsSchema,
        response: { 200: FoodReplySchema, ...errorReplies('FOOD_NOT_FOUND') },
      },
    },
    async (request) => ok(await getFood(app.db, request.params.id)),
  );

  app.get(
    '/api/search/',
    {
      config: KEPT_FOR_THE_MINUTE,
      schema: {
        tags: ['catalogue'],
        summary: 'Tìm món ăn, nhóm theo nhà hàng',
        querystring: SearchQuerySchema,
        response: {
          200: SearchReplySchema,
          ...errorReplies('INVALID_PRICE_RANGE', 'LOCATION_INCOMPLETE', 'UNKNOWN_CATEGORY'),
        },
      },
    },
    async (request) => ok(await search(app.db, request.query)),
  );

  app.get(
    '/api/restaurant/public/',
    {
      config: PUBLIC,
      schema: {
        tags: ['catalogue'],
        summary: 'Nhà hàng gần nhất trước',
        querystring: RestaurantListQuerySchema,
        response: { 200: RestaurantListReplySchema, ...errorReplies('LOCATION_INCOMPLETE') },
      },
    },
    async (request) => ok(await listRestaurants(app.db, request.query)),
  );

  app.get(
    '/api/restaurant/:id/detail',
    {
      config: PUBLIC,
      schema: {
        tags: ['catalogue'],
        summary: 'Chi tiết nhà hàng',
        params: IdParamsSchema,
        response: { 200: RestaurantReplySchema, ...errorReplies('RESTAURANT_NOT_FOUND') },
      },
    },
    async (request) => ok(await getRestaurant(app.db, request.params.id)),
  );

  app.get(
    '/api/customer/restaurant/',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['catalogue'],
        summary: 'Nhà hàng gần nhất trước (đã đăng nhập)',
        querystring: RestaurantListQuerySchema,
        response: { 200: RestaurantListReplySchema, ...errorReplies('LOCATION_INCOMPLETE') },
      },
    },
    async (request) => ok(await listRestaurants(app.db, request.query)),
  );

  app.get(
    '/api/customer/restaurant/random/',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['catalogue'],
        summary: 'Một vài nhà hàng ngẫu nhiên',
        querystring: PageQuerySchema.pick({ per_page: true }).extend(LocationQuerySchema.shape),
        response: { 200: RestaurantListReplySchema, ...errorReplies('LOCATION_INCOMPLETE') },
      },
    },
    async (request) => ok(await randomRestaurants(app.db, request.query)),
  );

  app.get(
    '/api/customer/reviews/:foodId/',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá của một món ăn, mới nhất trước',
        params: FoodIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ReviewListReplySchema, ...errorReplies('FOOD_NOT_FOUND') },
      },
    },
    async (request) =>
      ok(
        await listFoodReviews(
          app.db,
          request.params.foodId,
          request.query.page,
          request.query.per_page ?? 10,
        ),
      ),
  );

  app.get(
    '/api/review/restaurant/:id/',
    {
      config: PUBLIC,
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá các món của một nhà hàng, mới nhất trước',
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ReviewListReplySchema, ...errorReplies('RESTAURANT_NOT_FOUND') },
      },
    },
    async (request) =>
      ok(
        await listRestaurantReviews(
          app.db,
          request.params.id,
          request.query.page,
          request.query.per_page ?? 10,
        ),
      ),
  );
};
