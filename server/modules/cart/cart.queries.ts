import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/**
 * Makes sure the customer has a cart row and locks it until the transaction ends: every cart
 * mutation (and checkout) starts here, so two tabs of one customer take turns instead of
 * both reading "no such line" and both inserting. Returns the restaurant it is bound to.
 */
export async function lockCart(
  trx: Kysely<DB>,
  customerId: number,
): Promise<{ restaurant_id: number | null }> {
  await trx
    .insertInto('carts')
    .values({ customer_id: customerId, restaurant_id: null })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  return trx
    .selectFrom('carts')
    .select('restaurant_id')
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks the cart row if there is one (checkout must not create a cart to find it empty). */
export function lockExistingCart(trx: Kysely<DB>, customerId: number) {
  return trx
    .selectFrom('carts')
    .select('restaurant_id')
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

export function selectCart(db: Kysely<DB>, customerId: number) {
  return db
    .selectFrom('carts as c')
    .leftJoin('restaurants as r', 'r.id', 'c.restaurant_id')
    .select(['c.restaurant_id', 'r.name as restaurant_name'])
    .where('c.customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function bindCart(
  trx: Kysely<DB>,
  customerId: number,
  restaurantId: number | null,
): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ restaurant_id: restaurantId, updated_at: sql<Date>`now()` })
    .where('customer_id', '=', customerId)
    .execute();
}

/** A dish whatever its state, with what deciding whether it may go in a cart needs. */
export function selectDishForCart(db: Kysely<DB>, foodId: number) {
  return db
    .selectFrom('foods as f')
    .innerJoin('restaurants as r', 'r.id', 'f.restaurant_id')
    .select([
      'f.id',
      'f.name',
      'f.price',
      'f.available',
      'f.sold_out_until',
      'f.deleted_at',
      'f.restaurant_id',
      'r.is_active as restaurant_is_active',
      'r.approval_status as restaurant_approval',
      'r.paused_until as restaurant_paused_until',
    ])
    .where('f.id', '=', foodId)
    .executeTakeFirst();
}

/** What a restaurant-wide refusal of a reorder depends on: visibility, switch, pause, hours. */
export function selectRestaurantForCart(db: Kysely<DB>, restaurantId: number) {
  return db
    .selectFrom('restaurants')
    .select(['id', 'approval_status', 'is_active', 'paused_until', 'opening_hours'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}

/**
 * The dish's choices still on the menu: its toppings (no group) and the options of its groups
 * still on it, with what deciding whether each may be chosen needs.
 */
export function selectDishChoices(db: Kysely<DB>, foodId: number) {
  return db
    .selectFrom('toppings as t')
    .leftJoin('option_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.group_id', 't.name', 't.price', 't.available', 't.sold_out_until'])
    .where('t.food_id', '=', foodId)
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('t.group_id', 'is', null), eb('g.deleted_at', 'is', null)]))
    .execute();
}

/** The option groups still on the menu of these dishes, in menu order. */
export function selectDishGroups(db: Kysely<DB>, foodIds: number[]) {
  if (!foodIds.length) return Promise.resolve([]);
  return db
    .selectFrom('option_groups')
    .select(['id', 'food_id', 'name', 'min_select', 'max_select'])
    .where('food_id', 'in', foodIds)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function countLines(db: Kysely<DB>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What makes a cart line: the dish, its choices (sorted, distinct) and the note. */
export interface LineKey {
  foodId: number;
  optionIds: number[];
  note: string;
}

/** The line holding this dish with exactly these choices and this note. */
export function selectLine(db: Kysely<DB>, customerId: number, key: LineKey) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('customer_id', '=', customerId)
    .where('food_id', '=', key.foodId)
    .where('option_ids', '=', sql<number[]>`${key.optionIds}::int[]`)
    .where('note', '=', key.note)
    .executeTakeFirst();
}

/** A new line, or more of the same line: the unique (customer, dish, choices, note) key decides. */
export async function addToLine(
  trx: Kysely<DB>,
  customerId: number,
  key: LineKey,
  quantity: number,
): Promise<void> {
  await trx
    .insertInto('cart_items')
    .values({
      customer_id: customerId,
      food_id: key.foodId,
      option_ids: sql<number[]>`${key.optionIds}::int[]`,
      note: key.note,
      quantity,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'food_id', 'option_ids', 'note'])
        .doUpdateSet({ quantity: sql<number>`cart_items.quantity + excluded.quantity` }),
    )
    .execute();
}

/** False when the customer has no such line (another customer's id included). */
export async function setLineQuantity(
  trx: Kysely<DB>,
  customerId: number,
  itemId: number,
  quantity: number,
): Promise<boolean> {
  const row = await trx
    .updateTable('cart_items')
    .set({ quantity })
    .where('id', '=', itemId)
    .where('customer_id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** False when the customer has no such line (another customer's id included). */
export async function deleteLine(
  trx: Kysely<DB>,
  customerId: number,
  itemId: number,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('cart_items')
    .where('id', '=', itemId)
    .where('customer_id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteLines(trx: Kysely<DB>, customerId: number): Promise<void> {
  await trx.deleteFrom('cart_items').where('customer_id', '=', customerId).execute();
}

export interface LineRow {
  id: number;
  food_id: number;
  /** Toppings and options, sorted, distinct. */
  option_ids: number[];
  note: string;
  quantity: number;
  food_name: string;
  /** As stored: an upload name or an owner's URL. */
  food_image: string | null;
  base_price: number;
  restaurant_id: number;
  restaurant_name: string;
  /** The dish is on sale now: available, not deleted, its restaurant approved and active. */
  sellable: boolean;
  /** 'Hết hôm nay' until then (compared with the clock by the service). */
  sold_out_until: Date | null;
}

/**
 * The customer's lines in the order they were first added, with today's dish data. `lockDishes`
 * (checkout) holds the dishes' rows FOR SHARE until the order commits: an edit of a dish waits
 * for it, so the picture the order keeps is never deleted by an edit that read no order yet.
 */
export function selectLines(
  db: Kysely<DB>,
  customerId: number,
  lockDishes = false,
): Promise<LineRow[]> {
  const query = db
    .selectFrom('cart_items as ci')
    .innerJoin('foods as f', 'f.id', 'ci.food_id')
    .innerJoin('restaurants as r', 'r.id', 'f.restaurant_id')
    .select([
      'ci.id',
      'ci.food_id',
      'ci.option_ids',
      'ci.note',
      'ci.quantity',
      'f.name as food_name',
      'f.image as food_image',
      'f.price as base_price',
      'r.id as restaurant_id',
      'r.name as restaurant_name',
      sql<boolean>`f.available and f.deleted_at is null
        and r.is_active and r.approval_status = 'approved'`.as('sellable'),
      'f.sold_out_until',
    ])
    .where('ci.customer_id', '=', customerId)
    .orderBy('ci.created_at')
    .orderBy('ci.id');
  return (lockDishes ? query.forShare('f') : query).execute();
}

/**
 * Toppings and options by id, removed ones included (a line may hold one removed since), with
 * their group (null for a topping), in menu order: groups in the dish's order, then toppings.
 */
export function selectChoicesByIds(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('toppings as t')
    .leftJoin('option_groups as g', 'g.id', 't.group_id')
    .select([
      't.id',
      't.food_id',
      't.group_id',
      't.name',
      't.price',
      't.available',
      't.sold_out_until',
      't.deleted_at',
      'g.name as group_name',
      'g.deleted_at as group_deleted_at',
    ])
    .where('t.id', 'in', ids)
    .orderBy(sql`g.position is null`)
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}
