import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, FoodsTable } from '#server/db/schema';

/** A dish as its restaurant edits it: never a deleted one. */
export interface StaffFoodRow {
  id: number;
  restaurant_id: number;
  name: string;
  description: string;
  price: number;
  image: string | null;
  available: boolean;
  sold_out_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const FOOD_COLUMNS = [
  'f.id',
  'f.restaurant_id',
  'f.name',
  'f.description',
  'f.price',
  'f.image',
  'f.available',
  'f.sold_out_until',
  'f.created_at',
  'f.updated_at',
] as const;

/** LIKE treats % and _ as wildcards: a dish called "100% bò" is searched for literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function menuQuery(db: Kysely<DB>, restaurantId: number, q: string | undefined) {
  let query = db
    .selectFrom('foods as f')
    .where('f.restaurant_id', '=', restaurantId)
    .where('f.deleted_at', 'is', null);
  if (q) {
    // Diacritics and case folded on both sides, as the catalogue does ('bun bo' finds 'Bún bò',
    // 'dau' finds 'đậu'); one restaurant's menu is small, so no index is needed here.
    query = query.where(
      sql<boolean>`lower(immutable_unaccent(f.name))
        like '%' || lower(immutable_unaccent(${likeLiteral(q)})) || '%'`,
    );
  }
  return query;
}

/** Newest first, so a dish just added is on the first page. */
export function selectMenuPage(
  db: Kysely<DB>,
  restaurantId: number,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<StaffFoodRow[]> {
  return menuQuery(db, restaurantId, q)
    .select(FOOD_COLUMNS)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMenu(
  db: Kysely<DB>,
  restaurantId: number,
  q: string | undefined,
): Promise<number> {
  const row = await menuQuery(db, restaurantId, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectMenuFood(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<StaffFoodRow | undefined> {
  return menuQuery(db, restaurantId, undefined)
    .select(FOOD_COLUMNS)
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** The same, row-locked: concurrent edits of one dish (and its toppings) run one after the other. */
export function lockMenuFood(
  trx: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<{ id: number; image: string | null } | undefined> {
  return menuQuery(trx, restaurantId, undefined)
    .select(['f.id', 'f.image'])
    .where('f.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertFood(
  trx: Kysely<DB>,
  values: {
    restaurant_id: number;
    name: string;
    description: string;
    price: number;
    image: string | null;
    available: boolean;
  },
): Promise<number> {
  const row = await trx
    .insertInto('foods')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Also stamps updated_at: a change of toppings or categories alone is an edit of the dish too. */
export async function updateFood(
  trx: Kysely<DB>,
  id: number,
  values: Omit<Updateable<FoodsTable>, 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('foods')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Soft delete: order items keep pointing at the row. The picture goes with the dish (orders
 * keep their own snapshot of it). False when there was nothing to delete.
 */
export async function softDeleteFood(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .updateTable('foods')
    .set({ deleted_at: sql<Date>`now()`, image: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Flips `available` in one statement, so two quick taps flip it twice rather than once. */
export async function flipFoodAvailable(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .updateTable('foods')
    .set({ available: sql<boolean>`not available`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// --- Categories ---

export function selectFoodCategories(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return Promise.resolve([]);
  return db
    .selectFrom('food_categories as fc')
    .innerJoin('categories as c', 'c.id', 'fc.category_id')
    .select(['fc.food_id', 'c.id', 'c.name'])
    .where('fc.food_id', 'in', foodIds)
    .orderBy('c.id')
    .execute();
}

/** Makes the dish's categories exactly `categoryIds`, touching only the rows that change. */
export async function replaceFoodCategories(
  trx: Kysely<DB>,
  foodId: number,
  categoryIds: number[],
): Promise<void> {
  let removal = trx.deleteFrom('food_categories').where('food_id', '=', foodId);
  if (categoryIds.length) removal = removal.where('category_id', 'not in', categoryIds);
  await removal.execute();
  if (!categoryIds.length) return;
  await trx
    .insertInto('food_categories')
    .values(categoryIds.map((category_id) => ({ food_id: foodId, category_id })))
    .onConflict((oc) => oc.columns(['food_id', 'category_id']).doNothing())
    .execute();
}

// --- Toppings ---

/** The toppings still on the menu, in menu order (the rows of no group: options are not toppings). */
export function selectMenuToppings(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return Promise.resolve([]);
  return db
    .selectFrom('toppings')
    .select(['food_id', 'id', 'name', 'price'])
    .where('food_id', 'in', foodIds)
    .where('group_id', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('food_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function selectMenuToppingIds(trx: Kysely<DB>, foodId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('toppings')
    .select('id')
    .where('food_id', '=', foodId)
    .where('group_id', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function updateTopping(
  trx: Kysely<DB>,
  id: number,
  values: { name: string; price: number; position: number },
): Promise<void> {
  await trx.updateTable('toppings').set(values).where('id', '=', id).execute();
}

export async function insertToppings(
  trx: Kysely<DB>,
  foodId: number,
  toppings: { name: string; price: number; position: number }[],
): Promise<void> {
  if (!toppings.length) return;
  await trx
    .insertInto('toppings')
    .values(toppings.map((topping) => ({ food_id: foodId, ...topping })))
    .execute();
}

/**
 * Takes toppings off the menu without deleting them: cart lines and order snapshots that
 * name them stay readable.
 */
export async function softDeleteToppings(trx: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx
    .updateTable('toppings')
    .set({ deleted_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

// --- Option groups (their options are rows of `toppings` with a group_id) ---

/** The groups still on the menu, in menu order. */
export function selectMenuOptionGroups(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return Promise.resolve([]);
  return db
    .selectFrom('option_groups')
    .select(['id', 'food_id', 'name', 'min_select', 'max_select'])
    .where('food_id', 'in', foodIds)
    .where('deleted_at', 'is', null)
    .orderBy('food_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The options still on the menu (of groups still on it), in menu order. */
export function selectMenuOptions(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return Promise.resolve([]);
  return db
    .selectFrom('toppings as t')
    .innerJoin('option_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.group_id', 't.name', 't.price', 't.available', 't.sold_out_until'])
    .where('t.food_id', 'in', foodIds)
    .where('t.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** Ids of the dish's groups and options still on the menu, as a whole-list edit starts from. */
export async function selectMenuOptionIds(trx: Kysely<DB>, foodId: number) {
  const [groups, options] = await Promise.all([
    trx
      .selectFrom('option_groups')
      .select('id')
      .where('food_id', '=', foodId)
      .where('deleted_at', 'is', null)
      .execute(),
    trx
      .selectFrom('toppings')
      .select('id')
      .where('food_id', '=', foodId)
      .where('group_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  return { groupIds: groups.map((row) => row.id), optionIds: options.map((row) => row.id) };
}

export interface GroupValues {
  name: string;
  min_select: number;
  max_select: number;
  position: number;
}

export async function insertOptionGroup(
  trx: Kysely<DB>,
  foodId: number,
  values: GroupValues,
): Promise<number> {
  const row = await trx
    .insertInto('option_groups')
    .values({ food_id: foodId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOptionGroup(
  trx: Kysely<DB>,
  id: number,
  values: GroupValues,
): Promise<void> {
  await trx.updateTable('option_groups').set(values).where('id', '=', id).execute();
}

/** Groups left out of the list: kept as rows, so past carts and orders still name them. */
export async function softDeleteOptionGroups(trx: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx
    .updateTable('option_groups')
    .set({ deleted_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export interface OptionValues {
  group_id: number;
  name: string;
  price: number;
  available: boolean;
  position: number;
}

export async function updateOption(
  trx: Kysely<DB>,
  id: number,
  values: OptionValues,
): Promise<void> {
  await trx.updateTable('toppings').set(values).where('id', '=', id).execute();
}

export async function insertOptions(
  trx: Kysely<DB>,
  foodId: number,
  options: OptionValues[],
): Promise<void> {
  if (!options.length) return;
  await trx
    .insertInto('toppings')
    .values(options.map((option) => ({ food_id: foodId, ...option })))
    .execute();
}

// --- Sold out for today ---

/** The dish's restaurant's hours, to know when 'hết hôm nay' ends. */
export async function selectRestaurantHours(db: Kysely<DB>, restaurantId: number) {
  const row = await db
    .selectFrom('restaurants')
    .select('opening_hours')
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return row.opening_hours;
}

/** False when the restaurant has no such dish on its menu. */
export async function setFoodSoldOut(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
  until: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('foods')
    .set({ sold_out_until: until, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * One option or topping of the dish, still on the menu (its group too). False when the dish has
 * no such choice.
 */
export async function setOptionSoldOut(
  db: Kysely<DB>,
  foodId: number,
  optionId: number,
  until: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('toppings')
    .set({ sold_out_until: until })
    .where('id', '=', optionId)
    .where('food_id', '=', foodId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('group_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('option_groups as g')
            .select(sql`1`.as('one'))
            .whereRef('g.id', '=', 'toppings.group_id')
            .where('g.deleted_at', 'is', null),
        ),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
