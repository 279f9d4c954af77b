import type { Kysely, Selectable } from 'kysely';
import type {
  Dish,
  Food,
  OpeningHours,
  Restaurant,
  RestaurantSummary,
  SearchRestaurant,
} from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import type { DB, RestaurantsTable } from '#server/db/schema';
import { AppError } from '#server/errors';
import { countHorizon, offsetOf, pagination } from '#server/lib/pagination';
import { isSoldOut } from '#server/lib/sold-out';
import { publicFileUrl } from '#server/storage/uploads';
import {
  anyDishWithinReach,
  countApprovedRestaurants,
  countDishesUpTo,
  countNearbyMatchingRestaurants,
  selectApprovedRestaurant,
  selectApprovedRestaurantsByIds,
  selectBestSellingDishes,
  selectCatalogueGeneration,
  selectCategories,
  selectCategoryByName,
  selectDishCategories,
  selectListedDishesByIds,
  selectListedFood,
  selectNearestDishes,
  selectNearestMatchingRestaurants,
  selectNearestRestaurants,
  selectRandomRestaurants,
  selectRestaurantStats,
  selectSearchedFoods,
  selectSearchRestaurants,
  selectChoices,
  selectOptionGroups,
  selectTopFoods,
  type DishFilters,
  type DishRow,
  type Point,
  type RestaurantSummaryRow,
  type ResultRestaurantRow,
} from './catalogue.queries';
import { foodRating, recentRestaurantReviews, reviewPage } from '../reviews/reviews.service';
import { storeState } from './opening-times';
import { resolveSearchText, type SearchText } from './search-match';

/**
 * Where distances are measured from when the client sends no location: Hồ Hoàn Kiếm, the
 * centre of Hà Nội (documented in docs/decisions/007).
 */
export const DEFAULT_ORIGIN: Point = { lat: 21.0285, lon: 105.8542 };

const RESTAURANT_MENU_TOP = 5;
const RECENT_REVIEWS = 5;
const SEARCHED_FOODS_PER_RESTAURANT = 10;
/** A saved restaurant shows this many of its dishes on sale, best sellers first. */
const SAVED_RESTAURANT_FOODS = 3;
/**
 * A distance search first looks at this many of the nearest restaurants per restaurant shown
 * so far: when more of them match than the pages need, they are walked nearest first.
 */
const NEARBY_PROBE_FACTOR = 10;

const km = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Where the customer wants delivery, when the client said (lat and lon): the lists then show
 * only what delivers there. Without a location nothing is filtered (spec clients).
 */
function deliveryPointOf(query: { lat?: number | undefined; lon?: number | undefined }) {
  return query.lat !== undefined && query.lon !== undefined
    ? { lat: query.lat, lon: query.lon }
    : undefined;
}

export function originOf(query: { lat?: number | undefined; lon?: number | undefined }): Point {
  if (query.lat === undefined && query.lon === undefined) return DEFAULT_ORIGIN;
  if (query.lat === undefined || query.lon === undefined) throw new AppError('LOCATION_INCOMPLETE');
  return { lat: query.lat, lon: query.lon };
}

async function categoryIdOf(db: Kysely<DB>, name: string): Promise<number> {
  const category = /^\d+$/.test(name)
    ? (await selectCategories(db)).find((c) => c.id === Number(name))
    : await selectCategoryByName(db, name);
  if (!category)
    throw new AppError('UNKNOWN_CATEGORY', { message: `Danh mục không tồn tại: ${name}` });
  return category.id;
}

async function toDishes(db: Kysely<DB>, rows: DishRow[], now = new Date()): Promise<Dish[]> {
  const categories = await selectDishCategories(
    db,
    rows.map((row) => row.id),
  );
  const byFood = new Map<number, string[]>();
  for (const { food_id, name } of categories)
    byFood.set(food_id, [...(byFood.get(food_id) ?? []), name]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    image_url: publicFileUrl(row.image),
    distance_km: km(row.distance_km),
    available: row.available && !isSoldOut(row.sold_out_until, now),
    categories: byFood.get(row.id) ?? [],
    restaurant: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      is_active: row.restaurant_is_active,
      ...openingOf(row, now),
    },
  }));
}

export interface DishListQuery {
  page: number;
  per_page?: number | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  q?: string | undefined;
  category?: string | undefined;
  restaurant_id?: number | undefined;
}

/**
 * The first of `candidates` that matches anything (a text query in its common reading, then in
 * every reading: docs/decisions/031), with its count up to `cap`; the last one when none does.
 */
async function matchFilters(db: Kysely<DB>, candidates: DishFilters[], cap: number) {
  let count = 0;
  for (const [i, filters] of candidates.entries()) {
    count = await countDishesUpTo(db, filters, cap);
    if (count > 0 || i === candidates.length - 1) return { filters, count };
  }
  throw new Error('matchFilters needs at least one candidate');
}

/** The filters to try in order for a text query, one per tier of its match. */
function textCandidates(base: DishFilters, text: SearchText | undefined): DishFilters[] {
  return text ? text.tiers.map((tier) => ({ ...base, text: tier })) : [base];
}

/** A dish list's word on its restaurant: whether it takes orders now, and if not, when. */
function openingOf(row: DishRow, now: Date): { is_open_now: boolean; opens_at: string | null } {
  const state = storeState(
    {
      is_active: row.restaurant_is_active,
      opening_hours: row.restaurant_opening_hours,
      paused_until: row.restaurant_paused_until,
    },
    now,
  );
  return { is_open_now: state.is_open_now, opens_at: state.opens_at };
}

/** GET /api/food/: dishes nearest first, with the spec's `meta.total_pages`. */
export async function listDishes(db: Kysely<DB>, query: DishListQuery) {
  const origin = originOf(query);
  const perPage = query.per_page ?? 20;
  const offset = offsetOf(query.page, perPage);
  const cap = countHorizon(query.page, perPage);
  const base: DishFilters = {
    restaurantId: query.restaurant_id,
    categoryId: query.category ? await categoryIdOf(db, query.category) : undefined,
    // One restaurant's menu is shown whole, wherever the customer is: its page says when it
    // does not deliver there, and the add refuses.
    deliversTo: query.restaurant_id === undefined ? deliveryPointOf(query) : undefined,
  };
  const text = await resolveSearchText(db, query.q);
  const { filters, count } = await matchFilters(db, textCandidates(base, text), cap);
  // A count short of its horizon is exact: the nearest-first scan then stops at the last match
  // (a customer near few delivering restaurants must not walk every dish for more).
  const rows =
    count > offset
      ? await selectNearestDishes(
          db,
          origin,
          filters,
          perPage,
          offset,
          count < cap ? count : undefined,
        )
      : [];
  const page = pagination(query.page, perPage, count, count < cap);
  return {
    items: await toDishes(db, rows),
    meta: {
      page: page.page,
      per_page: page.per_page,
      total: page.total,
      total_pages: page.total_pages,
    },
    pagination: page,
  };
}

/** GET /api/food/{id}/: a dish customers may see, with its restaurant and toppings. */
export async function getFood(db: Kysely<DB>, id: number, now = new Date()): Promise<Food> {
  const row = await selectListedFood(db, id);
  if (!row) throw new AppError('FOOD_NOT_FOUND');
  const [choices, groups, categories, rating] = await Promise.all([
    selectChoices(db, id),
    selectOptionGroups(db, id),
    selectDishCategories(db, [id]),
    foodRating(db, id),
  ]);
  const canChoose = (c: (typeof choices)[number]) =>
    c.available && !isSoldOut(c.sold_out_until, now);
  // The spec's toppings carry no availability: one sold out today is left out of the list
  // until it is back, as customers could not choose it.
  const toppings = choices
    .filter((c) => c.group_id === null && canChoose(c))
    .map(({ id: toppingId, name, price }) => ({ id: toppingId, name, price }));
  const hours = row.restaurant_opening_hours as OpeningHours;
  const state = storeState(
    {
      is_active: row.restaurant_is_active,
      opening_hours: hours,
      paused_until: row.restaurant_paused_until,
    },
    now,
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    image_url: publicFileUrl(row.image),
    categories: categories.map((c) => c.name),
    available: row.available && !isSoldOut(row.sold_out_until, now),
    rating: rating.rating,
    review_count: rating.review_count,
    restaurant: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      image_url: publicFileUrl(row.restaurant_image),
      address: row.restaurant_address,
      lat: row.restaurant_lat,
      lon: row.restaurant_lon,
      opening_hours: hours,
      phone: row.restaurant_phone,
      email: row.restaurant_email,
      is_active: row.restaurant_is_active,
      is_open_now: state.is_open_now,
      opens_at: state.opens_at,
      paused_until: state.paused_until,
      delivery_radius_km: row.restaurant_delivery_radius_km,
    },
    toppings,
    option_groups: groups.map((group) => ({
      ...group,
      options: choices
        .filter((c) => c.group_id === group.id)
        .map((c) => ({ id: c.id, name: c.name, price: c.price, available: canChoose(c) })),
    })),
  };
}

export interface SearchQuery {
  page: number;
  per_page?: number | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  q?: string | undefined;
  sort_by: 'distance' | 'price';
  sort_order: 'asc' | 'desc';
  min_price?: number | undefined;
  max_price?: number | undefined;
  categories?: string | undefined;
}

/** A restaurant of the search's shape, with its dishes among `foods`. */
function toSearchRestaurant(r: ResultRestaurantRow, foods: Dish[]): SearchRestaurant {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    image_url: publicFileUrl(r.image),
    distance_km: km(r.distance_km),
    is_active: r.is_active,
    searched_foods: foods.filter((food) => food.restaurant.id === r.id),
  };
}

/** GET /api/search/: restaurants with matching dishes, each with its `searched_foods`. */
export async function search(
  db: Kysely<DB>,
  query: SearchQuery,
): Promise<{ items: SearchRestaurant[]; pages: number; pagination: Pagination }> {
  const origin = originOf(query);
  if (
    query.min_price !== undefined &&
    query.max_price !== undefined &&
    query.min_price > query.max_price
  ) {
    throw new AppError('INVALID_PRICE_RANGE');
  }
  const names = (query.categories ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const perPage = query.per_page ?? 10;
  const offset = offsetOf(query.page, perPage);
  const base: DishFilters = {
    minPrice: query.min_price,
    maxPrice: query.max_price,
    categoryIds: names.length
      ? await Promise.all(names.map((name) => categoryIdOf(db, name)))
      : undefined,
    deliversTo: deliveryPointOf(query),
  };
  // Far from every restaurant nothing delivers: answered before a text query's matches (tens
  // of thousands for 'pho') are read only to be dropped one by one.
  if (base.deliversTo && !(await anyDishWithinReach(db, base.deliversTo))) {
    const none = pagination(query.page, perPage, 0);
    return { items: [], pages: none.total_pages, pagination: none };
  }
  const candidates = textCandidates(base, await resolveSearchText(db, query.q));
  // A search common around the customer ('pho' matches 46,000 of 100,000 dishes) is answered
  // by walking the restaurants nearest first; grouping every match would read them all. The
  // probe's count of matching restaurants is then the total: a lower bound, unless it looked
  // at every restaurant.
  const needed = offset + perPage;
  const byDistance = query.sort_by === 'distance' && query.sort_order === 'asc';
  const probeNearby = (f: DishFilters) =>
    byDistance
      ? countNearbyMatchingRestaurants(db, origin, f, needed * NEARBY_PROBE_FACTOR)
      : undefined;
  const walks = (p: { matching: number } | undefined) => p !== undefined && p.matching > needed;
  const sort = { by: query.sort_by, order: query.sort_order };
  let filters = candidates[0]!;
  let restaurants: ResultRestaurantRow[] = [];
  let page = pagination(query.page, perPage, 0);
  // Each tier of a text query in turn, until one matches: walked nearest first when its matches
  // are common around the customer, grouped otherwise (the grouping's total says whether it
  // matched at all, so no separate count is needed).
  for (const candidate of candidates) {
    filters = candidate;
    const probe = await probeNearby(candidate);
    if (probe && walks(probe)) {
      restaurants = await selectNearestMatchingRestaurants(db, origin, candidate, perPage, offset);
      const everyRestaurant = probe.examined < needed * NEARBY_PROBE_FACTOR;
      page = pagination(query.page, perPage, probe.matching, everyRestaurant);
      break;
    }
    // The probe looked at every restaurant and none matched: the next tier.
    if (probe?.matching === 0 && probe.examined < needed * NEARBY_PROBE_FACTOR) continue;
    const rows = await selectSearchRestaurants(db, origin, candidate, sort, perPage, offset);
    const total =
      rows[0]?.total ??
      // An empty page past the end still needs the total for `pages`.
      (await selectSearchRestaurants(db, origin, candidate, sort, 1, 0))[0]?.total ??
      0;
    if (total > 0) {
      restaurants = rows;
      page = pagination(query.page, perPage, total);
      break;
    }
  }
  const foods = await toDishes(
    db,
    await selectSearchedFoods(
      db,
      origin,
      filters,
      restaurants.map((r) => r.id),
      SEARCHED_FOODS_PER_RESTAURANT,
    ),
  );
  return {
    items: restaurants.map((r) => toSearchRestaurant(r, foods)),
    pages: page.total_pages,
    pagination: page,
  };
}

/** Rows in the order of `ids`, those missing from `rows` left out. */
function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Dishes by id, in the order given, shaped as every dish list shapes them (distance from the
 * location or the default origin). Only what GET /api/food/{id}/ shows is listed: the hidden
 * (deleted, of a restaurant not approved) are left out, whatever refers to them.
 */
export async function dishesByIds(
  db: Kysely<DB>,
  ids: number[],
  location: { lat?: number | undefined; lon?: number | undefined },
  now = new Date(),
): Promise<Dish[]> {
  const rows = await selectListedDishesByIds(db, originOf(location), ids);
  return toDishes(db, inOrderOf(ids, rows), now);
}

/**
 * Restaurants by id, in the order given, in the search's shape; their `searched_foods` are up
 * to three of their dishes on sale, best sellers first. Only the approved are listed, as GET
 * /api/restaurant/{id}/detail shows them.
 */
export async function searchRestaurantsByIds(
  db: Kysely<DB>,
  ids: number[],
  location: { lat?: number | undefined; lon?: number | undefined },
  now = new Date(),
): Promise<SearchRestaurant[]> {
  const origin = originOf(location);
  const restaurants = inOrderOf(ids, await selectApprovedRestaurantsByIds(db, origin, ids));
  const foods = await toDishes(
    db,
    await selectBestSellingDishes(
      db,
      origin,
      restaurants.map((r) => r.id),
      SAVED_RESTAURANT_FOODS,
      now,
    ),
    now,
  );
  return restaurants.map((r) => toSearchRestaurant(r, foods));
}

/** Refuses a dish customers cannot see (GET /api/food/{id}/ answers 404 for it). */
export async function assertFoodListed(db: Kysely<DB>, id: number): Promise<void> {
  if (!(await selectListedFood(db, id))) throw new AppError('FOOD_NOT_FOUND');
}

/** Refuses a restaurant customers cannot see (its detail answers 404 for it). */
export async function assertRestaurantListed(db: Kysely<DB>, id: number): Promise<void> {
  if (!(await selectApprovedRestaurant(db, id))) throw new AppError('RESTAURANT_NOT_FOUND');
}

function toSummary(row: RestaurantSummaryRow): RestaurantSummary {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    image_url: publicFileUrl(row.image),
    logo_url: publicFileUrl(row.logo),
    distance_km: km(row.distance_km),
    is_active: row.is_active,
    rating: row.rating,
    review_count: row.review_count,
  };
}

export async function listRestaurants(
  db: Kysely<DB>,
  query: {
    page: number;
    per_page?: number | undefined;
    lat?: number | undefined;
    lon?: number | undefined;
  },
) {
  const origin = originOf(query);
  const perPage = query.per_page ?? 10;
  const [rows, total] = await Promise.all([
    selectNearestRestaurants(db, origin, perPage, offsetOf(query.page, perPage)),
    countApprovedRestaurants(db),
  ]);
  return { items: rows.map(toSummary), pagination: pagination(query.page, perPage, total) };
}

export async function randomRestaurants(
  db: Kysely<DB>,
  query: { per_page?: number | undefined; lat?: number | undefined; lon?: number | undefined },
) {
  const perPage = query.per_page ?? 4;
  const rows = await selectRandomRestaurants(db, originOf(query), perPage, deliveryPointOf(query));
  return { items: rows.map(toSummary), pagination: pagination(1, perPage, rows.length) };
}

/** GET /api/restaurant/{id}/detail: every field of spec section 3 Restaurant. */
export async function getRestaurant(
  db: Kysely<DB>,
  id: number,
  now = new Date(),
): Promise<Restaurant> {
  const row = await selectApprovedRestaurant(db, id);
  if (!row) throw new AppError('RESTAURANT_NOT_FOUND');
  return toRestaurant(db, row, now);
}

/**
 * The public shape of any restaurant row, approved or not: the staff screens show their own
 * restaurant exactly as customers will see it, before and after approval.
 */
export async function toRestaurant(
  db: Kysely<DB>,
  row: Selectable<RestaurantsTable>,
  now = new Date(),
): Promise<Restaurant> {
  const id = row.id;
  const [stats, top, reviews] = await Promise.all([
    selectRestaurantStats(db, id),
    selectTopFoods(db, id, RESTAURANT_MENU_TOP),
    recentRestaurantReviews(db, id, RECENT_REVIEWS),
  ]);
  const hours = row.opening_hours as OpeningHours;
  const state = storeState(row, now);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    phone: row.phone,
    email: row.email,
    opening_hours: hours,
    image_url: publicFileUrl(row.image),
    cover_url: publicFileUrl(row.cover),
    logo_url: publicFileUrl(row.logo),
    is_active: row.is_active,
    is_open_now: state.is_open_now,
    opens_at: state.opens_at,
    paused_until: state.paused_until,
    delivery_radius_km: row.delivery_radius_km,
    approval_status: row.approval_status,
    rating: stats.rating,
    avg_rating: stats.rating,
    review_count: stats.review_count,
    food_count: stats.food_count,
    completed_orders: stats.completed_orders,
    top_foods: top.map((food) => ({
      id: food.id,
      name: food.name,
      image_url: publicFileUrl(food.image),
      price: food.price,
      total_sold: food.total_sold ?? 0,
    })),
    recent_reviews: reviews,
  };
}

export async function listFoodReviews(
  db: Kysely<DB>,
  foodId: number,
  page: number,
  perPage: number,
) {
  if (!(await selectListedFood(db, foodId))) throw new AppError('FOOD_NOT_FOUND');
  return reviewPage(db, { foodId }, page, perPage);
}

export async function listRestaurantReviews(
  db: Kysely<DB>,
  restaurantId: number,
  page: number,
  perPage: number,
) {
  if (!(await selectApprovedRestaurant(db, restaurantId)))
    throw new AppError('RESTAURANT_NOT_FOUND');
  return reviewPage(db, { restaurantId }, page, perPage);
}

/** Where the public catalogue stands now: any write to what its replies read changes it. */
export function catalogueGeneration(db: Kysely<DB>): Promise<string> {
  return selectCatalogueGeneration(db);
}
