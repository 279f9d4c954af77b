import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DELIVERY_RADIUS_MAX_KM } from '#contract/store';
import type { DB } from '#server/db/schema';

export interface Point {
  lat: number;
  lon: number;
}

/**
 * A phrase that names a restaurant or a category: its words as ' word word ', compared with
 * the accented or the folded name. `partial` lets it be part of the name (a distinctive phrase
 * or a clear prefix); otherwise it must be the whole name.
 */
export interface NamePhrase {
  phrase: string;
  folded: boolean;
  partial: boolean;
}

/**
 * What a text query matches (docs/decisions/031), built by the service from the query's words
 * and the dish-name vocabulary: a dish whose name has, for every query word, one of that word's
 * readings; or a dish of a restaurant, or of a category, the query names.
 */
export interface TextMatch {
  /** Per query word, the dish-name words that satisfy it; an empty list matches no name. */
  words: string[][];
  restaurant?: NamePhrase | undefined;
  category?: NamePhrase | undefined;
}

export interface DishFilters {
  text?: TextMatch | undefined;
  categoryId?: number | undefined;
  restaurantId?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  categoryIds?: number[] | undefined;
  /** Only dishes whose restaurant delivers to this point (within its delivery radius). */
  deliversTo?: Point | undefined;
}

export interface DishRow {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string | null;
  available: boolean;
  /** 'Hết hôm nay' until then: the service compares it with the clock (docs/decisions/035). */
  sold_out_until: Date | null;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_is_active: boolean;
  restaurant_opening_hours: unknown;
  restaurant_paused_until: Date | null;
  distance_km: number;
}

const earth = (p: Point) => sql`ll_to_earth(${p.lat}, ${p.lon})`;

/** The largest delivery radius a restaurant may set (contract/store.ts), in metres. */
const MAX_DELIVERY_RADIUS_M = DELIVERY_RADIUS_MAX_KM * 1000;

/**
 * A dish's restaurant delivers to `to`: the great-circle distance (the one every list shows)
 * within the radius copied onto the dish. The cart and the order check the same expression
 * (store.queries.ts), so a listed dish is never refused as out of the area. With `box`, the
 * box of the largest radius comes first so the location index bounds the scan: a customer far
 * from every restaurant reads nothing. A KNN scan goes without it: the planner prices a cube
 * containment at a fixed 0.1 % of the rows, so with it, it would read and sort every dish in
 * the box (tens of thousands in a city) rather than walk the nearest few.
 */
function deliversTo(to: Point, box: boolean): RawBuilder<unknown> {
  const within = sql`earth_distance(ll_to_earth(f.lat, f.lon), ${earth(to)}) <= f.delivery_radius_km * 1000`;
  return box
    ? sql`ll_to_earth(f.lat, f.lon) <@ earth_box(${earth(to)}, ${MAX_DELIVERY_RADIUS_M}) and ${within}`
    : within;
}

/** The dish's own name has one of the readings of every query word (GIN on name_words). */
function nameMatch(words: string[][]): RawBuilder<unknown> {
  if (!words.length || words.some((readings) => !readings.length)) return sql`false`;
  return sql.join(
    words.map((readings) => sql`f.name_words && ${readings}::text[]`),
    sql` and `,
  );
}

function phraseMatch(column: RawBuilder<unknown>, p: NamePhrase): RawBuilder<unknown> {
  return p.partial ? sql`${column} like ${`%${p.phrase}%`}` : sql`${column} = ${p.phrase}`;
}

/**
 * Name, restaurant or category. The restaurant and category ids are found once (an InitPlan
 * over a few thousand restaurants and six categories), so each is an index condition on foods
 * that the planner can OR with the name's GIN scan.
 */
function textMatch(t: TextMatch): RawBuilder<unknown> {
  const parts = [nameMatch(t.words)];
  if (t.restaurant) {
    const column = t.restaurant.folded ? sql`r.search_name_folded` : sql`r.search_name`;
    parts.push(sql`f.restaurant_id = any(array(select r.id from restaurants r
      where ${phraseMatch(column, t.restaurant)}))`);
  }
  if (t.category) {
    const column = t.category.folded ? sql`c.search_name_folded` : sql`c.search_name`;
    parts.push(sql`f.id = any(array(select fc.food_id from food_categories fc
      join categories c on c.id = fc.category_id where ${phraseMatch(column, t.category)}))`);
  }
  return sql.join(parts, sql` or `);
}

/**
 * The WHERE of every customer dish query: only listed dishes (approved restaurant, not
 * deleted), then the optional filters. `box: false` leaves out the delivery area's box where
 * an index already bounds the rows (a KNN walk, one restaurant's dishes): there the planner,
 * pricing the box far too low, would read the whole box instead.
 */
function dishWhere(f: DishFilters, box = true): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`f.listed`];
  if (f.text) parts.push(sql`(${textMatch(f.text)})`);
  if (f.restaurantId !== undefined) parts.push(sql`f.restaurant_id = ${f.restaurantId}`);
  if (f.minPrice !== undefined) parts.push(sql`f.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`f.price <= ${f.maxPrice}`);
  // A text query is bounded by its own index (the GIN of the dish-name words): adding the box
  // would have the planner read every dish of it instead.
  if (f.deliversTo) parts.push(deliversTo(f.deliversTo, box && !f.text));
  const categories = f.categoryIds ?? (f.categoryId !== undefined ? [f.categoryId] : []);
  if (categories.length) {
    parts.push(sql`exists (select 1 from food_categories fc
      where fc.food_id = f.id and fc.category_id = any(${categories}::int[]))`);
  }
  return sql.join(parts, sql` and `);
}

const DISH_COLUMNS = (
  origin: Point,
) => sql`f.id, f.name, f.description, f.price, f.image, f.available, f.sold_out_until,
  r.id as restaurant_id, r.name as restaurant_name, r.is_active as restaurant_is_active,
  r.opening_hours as restaurant_opening_hours, r.paused_until as restaurant_paused_until,
  earth_distance(ll_to_earth(f.lat, f.lon), ${earth(origin)}) / 1000 as distance_km`;

/**
 * Nearest first through the GiST index on the dishes' coordinates, never a distance computed
 * for every dish. Pages must not overlap, and the dishes of one restaurant tie on distance, so
 * the order is (distance, id); PostgreSQL 15 will not run a KNN scan under that two-key order
 * (it sorts the whole table instead). So: a KNN scan finds the distance of the last row the
 * page needs; every dish within that distance (ties included, through the same index) is then
 * sorted by (distance, id) and the page cut from it. Exact, and only about offset + limit
 * rows are read. Exported as a query so a test can EXPLAIN exactly what runs.
 *
 * `matching`, when known exactly (fewer matches than the count's horizon), caps the KNN scan:
 * a filter the index cannot stop on (the delivery area) would otherwise walk every dish looking
 * for rows that do not exist.
 */
export function nearestDishesQuery(
  origin: Point,
  filters: DishFilters,
  limit: number,
  offset: number,
  matching?: number,
) {
  const here = earth(origin);
  // The cut-off's box bounds the page's candidates; the delivery box would only mislead the plan.
  const where = dishWhere(filters, false);
  const needed = Math.min(offset + limit, matching ?? Number.POSITIVE_INFINITY);
  return sql<DishRow>`
    with cutoff as (
      select max(d) as d from (
        select ll_to_earth(f.lat, f.lon) <-> ${here} as d
        from foods f where ${where}
        order by ll_to_earth(f.lat, f.lon) <-> ${here}
        limit ${needed}
      ) knn
    )
    select ${DISH_COLUMNS(origin)}
    from cutoff, foods f join restaurants r on r.id = f.restaurant_id
    where ${where}
      -- the box lets the index find the candidates (a metre of slack against rounding in
      -- sec_to_gc); the exact test is the chord distance below
      and ll_to_earth(f.lat, f.lon) <@ earth_box(${here}, sec_to_gc(cutoff.d) + 1)
      and ll_to_earth(f.lat, f.lon) <-> ${here} <= cutoff.d
    order by ll_to_earth(f.lat, f.lon) <-> ${here}, f.id
    limit ${limit} offset ${offset}`;
}

export async function selectNearestDishes(
  db: Kysely<DB>,
  origin: Point,
  filters: DishFilters,
  limit: number,
  offset: number,
  matching?: number,
): Promise<DishRow[]> {
  return (await nearestDishesQuery(origin, filters, limit, offset, matching).execute(db)).rows;
}

/**
 * How many dishes match, counted no further than `cap`: an exact count reads every match
 * (all 100,000 dishes for the unfiltered list), while a page only needs to know the matches
 * up to a horizon beyond it.
 */
export async function countDishesUpTo(
  db: Kysely<DB>,
  filters: DishFilters,
  cap: number,
): Promise<number> {
  const { rows } = await countDishesQuery(filters, cap).execute(db);
  return rows[0]!.n;
}

/**
 * Whether any listed dish lies within the largest delivery radius of the point: the first row
 * through the location index ends it, and a customer far from every restaurant reads nothing.
 */
export async function anyDishWithinReach(db: Kysely<DB>, to: Point): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from foods f where f.listed
      and ll_to_earth(f.lat, f.lon) <@ earth_box(${earth(to)}, ${MAX_DELIVERY_RADIUS_M})) as found`.execute(
    db,
  );
  return rows[0]!.found;
}

/** The query countDishesUpTo runs, exported so a test can EXPLAIN it. */
export function countDishesQuery(filters: DishFilters, cap: number) {
  return sql<{ n: number }>`
    select count(*)::int as n from (select 1 from foods f where ${dishWhere(filters)} limit ${cap}) m`;
}

/** Category names of the given dishes, in the spec's category order. */
export async function selectDishCategories(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return [];
  return db
    .selectFrom('food_categories as fc')
    .innerJoin('categories as c', 'c.id', 'fc.category_id')
    .select(['fc.food_id', 'c.name'])
    .where('fc.food_id', 'in', foodIds)
    .orderBy('c.id')
    .execute();
}

export function selectCategoryByName(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function selectCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
}

/** A dish as a customer may see it: listed (approved restaurant, not deleted). */
export async function selectListedFood(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('foods as f')
    .innerJoin('restaurants as r', 'r.id', 'f.restaurant_id')
    .select([
      'f.id',
      'f.name',
      'f.description',
      'f.price',
      'f.image',
      'f.available',
      'f.sold_out_until',
      'r.id as restaurant_id',
      'r.name as restaurant_name',
      'r.image as restaurant_image',
      'r.address as restaurant_address',
      'r.lat as restaurant_lat',
      'r.lon as restaurant_lon',
      'r.opening_hours as restaurant_opening_hours',
      'r.phone as restaurant_phone',
      'r.email as restaurant_email',
      'r.is_active as restaurant_is_active',
      'r.paused_until as restaurant_paused_until',
      'r.delivery_radius_km as restaurant_delivery_radius_km',
    ])
    .where('f.id', '=', id)
    .where(sql<boolean>`f.listed`)
    .executeTakeFirst();
}

/**
 * The dish's choices still on the menu: its toppings (no group) and the options of its groups
 * still on it, in menu order, with what decides whether each can be chosen now.
 */
export function selectChoices(db: Kysely<DB>, foodId: number) {
  return db
    .selectFrom('toppings as t')
    .leftJoin('option_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.group_id', 't.name', 't.price', 't.available', 't.sold_out_until'])
    .where('t.food_id', '=', foodId)
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('t.group_id', 'is', null), eb('g.deleted_at', 'is', null)]))
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** The dish's option groups still on the menu, in menu order. */
export function selectOptionGroups(db: Kysely<DB>, foodId: number) {
  return db
    .selectFrom('option_groups')
    .select(['id', 'name', 'min_select', 'max_select'])
    .where('food_id', '=', foodId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

// --- Search: restaurants that have matching dishes ---

/** A restaurant of the search results, as both ways of finding them give it. */
export interface ResultRestaurantRow {
  id: number;
  name: string;
  address: string;
  image: string | null;
  is_active: boolean;
  distance_km: number;
}

export interface SearchRestaurantRow extends ResultRestaurantRow {
  min_price: number;
  total: number;
}

/**
 * One page of restaurants with at least one matching dish, each with its cheapest match,
 * ordered by distance or by that price; `total` is the number of such restaurants.
 */
export async function selectSearchRestaurants(
  db: Kysely<DB>,
  origin: Point,
  filters: DishFilters,
  sort: { by: 'distance' | 'price'; order: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<SearchRestaurantRow[]> {
  const direction = sql.raw(sort.order === 'desc' ? 'desc' : 'asc');
  const orderBy =
    sort.by === 'price'
      ? sql`m.min_price ${direction}, distance_km asc, r.id`
      : sql`distance_km ${direction}, r.id`;
  const { rows } = await sql<SearchRestaurantRow>`
    with m as (
      select f.restaurant_id, min(f.price) as min_price
      from foods f where ${dishWhere(filters)}
      group by f.restaurant_id
    )
    select r.id, r.name, r.address, r.image, r.is_active, m.min_price,
      earth_distance(ll_to_earth(r.lat, r.lon), ${earth(origin)}) / 1000 as distance_km,
      count(*) over ()::int as total
    from m join restaurants r on r.id = m.restaurant_id
    order by ${orderBy}
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * One restaurant's dishes are found through its own index: the delivery area is checked on
 * them without the box. The walk that uses this runs only when the probe found enough matches
 * among the nearest restaurants, so it stops after a few.
 */
const restaurantHasMatch = (filters: DishFilters) => sql`r.approval_status = 'approved'
  and exists (select 1 from foods f where f.restaurant_id = r.id and ${dishWhere(filters, false)})`;

/**
 * One page of restaurants with a matching dish, nearest first, for a common search ('pho'
 * matches tens of thousands of dishes): the restaurants are walked through their location
 * index and each is checked for one match, instead of grouping every match. Pages are cut in
 * (distance, id) order, as in nearestDishesQuery.
 */
export async function selectNearestMatchingRestaurants(
  db: Kysely<DB>,
  origin: Point,
  filters: DishFilters,
  limit: number,
  offset: number,
): Promise<ResultRestaurantRow[]> {
  const here = earth(origin);
  const matches = restaurantHasMatch(filters);
  // Unlike dishes, restaurants rarely share a point: the KNN rows are kept, and only the
  // restaurants exactly at the cut-off distance are looked up again (ties of the last place).
  const { rows } = await sql<ResultRestaurantRow>`
    with knn as materialized (
      select r.id, ll_to_earth(r.lat, r.lon) <-> ${here} as d
      from restaurants r where ${matches}
      order by ll_to_earth(r.lat, r.lon) <-> ${here}
      limit ${offset + limit}
    ), cutoff as (select max(d) as d from knn),
    ties as (
      select r.id, cutoff.d from cutoff, restaurants r
      where ll_to_earth(r.lat, r.lon) <@ earth_box(${here}, sec_to_gc(cutoff.d) + 1)
        and ll_to_earth(r.lat, r.lon) <-> ${here} = cutoff.d
        and r.id not in (select id from knn)
        and ${matches}
    ), found as (select * from knn union all select * from ties)
    select r.id, r.name, r.address, r.image, r.is_active,
      earth_distance(ll_to_earth(r.lat, r.lon), ${here}) / 1000 as distance_km
    from found join restaurants r on r.id = found.id
    order by found.d, r.id
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * Of the `nearest` approved restaurants, how many were looked at (fewer when there are fewer)
 * and how many have a matching dish: one index walk and at most `nearest` EXISTS checks.
 */
export async function countNearbyMatchingRestaurants(
  db: Kysely<DB>,
  origin: Point,
  filters: DishFilters,
  nearest: number,
): Promise<{ examined: number; matching: number }> {
  const { rows } = await sql<{ examined: number; matching: number }>`
    select count(*)::int as examined,
      count(*) filter (where exists (select 1 from foods f
        where f.restaurant_id = near.id and ${dishWhere(filters, false)}))::int as matching
    from (
      select r.id from restaurants r where r.approval_status = 'approved'
      order by ll_to_earth(r.lat, r.lon) <-> ${earth(origin)} limit ${nearest}
    ) near`.execute(db);
  return rows[0]!;
}

/** The matching dishes of some restaurants, name matches (then cheapest) first, `perRestaurant` each. */
export async function selectSearchedFoods(
  db: Kysely<DB>,
  origin: Point,
  filters: DishFilters,
  restaurantIds: number[],
  perRestaurant: number,
): Promise<DishRow[]> {
  if (!restaurantIds.length) return [];
  // The dish's own name first, then what came in by its restaurant or category.
  const rank = filters.text
    ? sql`case when ${nameMatch(filters.text.words)} then 0 else 1 end`
    : sql`0`;
  const { rows } = await sql<DishRow>`
    select * from (
      select ${DISH_COLUMNS(origin)},
        row_number() over (partition by f.restaurant_id order by ${rank}, f.price, f.id) as n
      from foods f join restaurants r on r.id = f.restaurant_id
      where ${dishWhere(filters, false)} and f.restaurant_id = any(${restaurantIds}::int[])
    ) ranked where n <= ${perRestaurant}
    order by restaurant_id, n`.execute(db);
  return rows;
}

// --- Saved dishes and restaurants (the customer's collection) ---

/** The listed dishes among `ids` (any order; hidden ones left out), as every dish list has them. */
export async function selectListedDishesByIds(
  db: Kysely<DB>,
  origin: Point,
  ids: number[],
): Promise<DishRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<DishRow>`
    select ${DISH_COLUMNS(origin)}
    from foods f join restaurants r on r.id = f.restaurant_id
    where f.id = any(${ids}::int[]) and f.listed`.execute(db);
  return rows;
}

/** The approved restaurants among `ids` (any order), as the search lists them. */
export async function selectApprovedRestaurantsByIds(
  db: Kysely<DB>,
  origin: Point,
  ids: number[],
): Promise<ResultRestaurantRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ResultRestaurantRow>`
    select r.id, r.name, r.address, r.image, r.is_active,
      earth_distance(ll_to_earth(r.lat, r.lon), ${earth(origin)}) / 1000 as distance_km
    from restaurants r
    where r.id = any(${ids}::int[]) and r.approval_status = 'approved'`.execute(db);
  return rows;
}

/**
 * Up to `perRestaurant` dishes on sale at `now` (listed, switched on, not sold out) of each
 * restaurant, best sellers first: the most portions over its delivered orders, found through
 * the orders' restaurant index in one grouping for all of them.
 */
export async function selectBestSellingDishes(
  db: Kysely<DB>,
  origin: Point,
  restaurantIds: number[],
  perRestaurant: number,
  now: Date,
): Promise<DishRow[]> {
  if (!restaurantIds.length) return [];
  const { rows } = await sql<DishRow>`
    with sold as (
      select oi.food_id, sum(oi.quantity) as portions
      from orders o join order_items oi on oi.order_id = o.id
      where o.restaurant_id = any(${restaurantIds}::int[]) and o.status = 'completed'
      group by oi.food_id
    )
    select * from (
      select ${DISH_COLUMNS(origin)},
        row_number() over (partition by f.restaurant_id
          order by coalesce(sold.portions, 0) desc, f.id) as n
      from foods f join restaurants r on r.id = f.restaurant_id
        left join sold on sold.food_id = f.id
      where f.restaurant_id = any(${restaurantIds}::int[]) and f.listed and f.available
        and (f.sold_out_until is null or f.sold_out_until <= ${now})
    ) ranked where n <= ${perRestaurant}
    order by restaurant_id, n`.execute(db);
  return rows;
}

// --- Restaurants ---

export interface RestaurantSummaryRow {
  id: number;
  name: string;
  address: string;
  image: string | null;
  logo: string | null;
  is_active: boolean;
  distance_km: number;
  rating: number | null;
  review_count: number;
}

const RESTAURANT_RATING = sql`(select round(avg(rv.rating)::numeric, 1) from reviews rv
    join foods rf on rf.id = rv.food_id where rf.restaurant_id = r.id) as rating,
  (select count(*)::int from reviews rv join foods rf on rf.id = rv.food_id
    where rf.restaurant_id = r.id) as review_count`;

/** Approved restaurants, nearest first (GiST KNN on the restaurants' coordinates). */
export async function selectNearestRestaurants(
  db: Kysely<DB>,
  origin: Point,
  limit: number,
  offset: number,
): Promise<RestaurantSummaryRow[]> {
  const { rows } = await sql<RestaurantSummaryRow>`
    select r.id, r.name, r.address, r.image, r.logo, r.is_active,
      earth_distance(ll_to_earth(r.lat, r.lon), ${earth(origin)}) / 1000 as distance_km,
      ${RESTAURANT_RATING}
    from restaurants r where r.approval_status = 'approved'
    order by ll_to_earth(r.lat, r.lon) <-> ${earth(origin)}, r.id
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

export async function countApprovedRestaurants(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from restaurants where approval_status = 'approved'`.execute(db);
  return rows[0]!.n;
}

/**
 * A few approved restaurants picked at random (the "similar restaurants" row); with
 * `deliversTo`, only those that deliver there (within the largest radius's box first, so the
 * location index bounds what is read).
 */
export async function selectRandomRestaurants(
  db: Kysely<DB>,
  origin: Point,
  limit: number,
  deliversTo?: Point,
) {
  const delivering = deliversTo
    ? sql`and ll_to_earth(r.lat, r.lon) <@ earth_box(${earth(deliversTo)}, ${MAX_DELIVERY_RADIUS_M})
        and earth_distance(ll_to_earth(r.lat, r.lon), ${earth(deliversTo)}) <= r.delivery_radius_km * 1000`
    : sql``;
  const { rows } = await sql<RestaurantSummaryRow>`
    select r.id, r.name, r.address, r.image, r.logo, r.is_active,
      earth_distance(ll_to_earth(r.lat, r.lon), ${earth(origin)}) / 1000 as distance_km,
      ${RESTAURANT_RATING}
    from restaurants r where r.approval_status = 'approved' ${delivering}
    order by random() limit ${limit}`.execute(db);
  return rows;
}

export function selectApprovedRestaurant(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('restaurants')
    .selectAll()
    .where('id', '=', id)
    .where('approval_status', '=', 'approved')
    .executeTakeFirst();
}

/**
 * Dishes count while not deleted rather than while `listed`: for an approved restaurant the two
 * agree, and its owner sees the menu of a restaurant still waiting for approval too.
 */
export async function selectRestaurantStats(db: Kysely<DB>, restaurantId: number) {
  const { rows } = await sql<{
    rating: number | null;
    review_count: number;
    food_count: number;
    completed_orders: number;
  }>`
    select
      (select round(avg(rv.rating)::numeric, 1) from reviews rv join foods f on f.id = rv.food_id
        where f.restaurant_id = ${restaurantId}) as rating,
      (select count(*)::int from reviews rv join foods f on f.id = rv.food_id
        where f.restaurant_id = ${restaurantId}) as review_count,
      (select count(*)::int from foods f where f.restaurant_id = ${restaurantId} and f.deleted_at is null) as food_count,
      (select count(*)::int from orders o
        where o.restaurant_id = ${restaurantId} and o.status = 'completed') as completed_orders
  `.execute(db);
  return rows[0]!;
}

/**
 * The restaurant's best dishes: the most sold over delivered (completed) orders, then the most
 * reviewed, so a new restaurant still shows its dishes in a stable order.
 */
export function selectTopFoods(db: Kysely<DB>, restaurantId: number, limit: number) {
  return db
    .selectFrom('foods as f')
    .select((eb) => [
      'f.id',
      'f.name',
      'f.image',
      'f.price',
      eb
        .selectFrom('order_items as oi')
        .innerJoin('orders as o', 'o.id', 'oi.order_id')
        .select(sql<number>`coalesce(sum(oi.quantity), 0)::int`.as('sold'))
        .whereRef('oi.food_id', '=', 'f.id')
        .where('o.status', '=', 'completed')
        .as('total_sold'),
      eb
        .selectFrom('reviews as rv')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('rv.food_id', '=', 'f.id')
        .as('reviews'),
    ])
    .where('f.restaurant_id', '=', restaurantId)
    .where('f.deleted_at', 'is', null)
    .orderBy('total_sold', 'desc')
    .orderBy('reviews', 'desc')
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

// --- The dish-name vocabulary (search) ---

export interface DishWordRow {
  word: string;
  folded: string;
  dishes: number;
}

/** The dish-name words that fold to any of `folded`, most used first (primary key order after). */
export async function selectDishWords(db: Kysely<DB>, folded: string[]): Promise<DishWordRow[]> {
  if (!folded.length) return [];
  const { rows } = await sql<DishWordRow>`
    select word, folded, dishes from dish_words
    where folded = any(${folded}::text[]) and dishes > 0
    order by dishes desc, word`.execute(db);
  return rows;
}

/**
 * Which of the candidate corrections of a slip name a listed dish together with the query's
 * other words (`banh xoe`: xèo does, xôi does not): one EXISTS per candidate, one round trip.
 */
export async function selectCorrectionsInContext(
  db: Kysely<DB>,
  candidates: { fold: string; readings: string[] }[],
  others: string[][],
): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const probes = candidates.map(
    (c) => sql`select ${c.fold}::text as fold where exists (select 1 from foods f
      where f.listed and ${nameMatch([c.readings, ...others])})`,
  );
  const { rows } = await sql<{ fold: string }>`${sql.join(probes, sql` union all `)}`.execute(db);
  return new Set(rows.map((row) => row.fold));
}

/**
 * The catalogue's generation (moved by triggers on every table the public catalogue reads). A
 * plain read, so on the embedded database its read cache answers it until any write.
 */
export async function selectCatalogueGeneration(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('catalogue_generation').select('n').executeTakeFirstOrThrow();
  return String(row.n);
}
