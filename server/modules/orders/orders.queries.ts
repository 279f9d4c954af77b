import { sql, type Insertable, type Kysely } from 'kysely';
import type { CancelledBy, DB, OrderItemsTable, OrdersTable, OrderStatus } from '#server/db/schema';

/** Which orders a reader may see: a customer's own, or a restaurant's. */
export interface OrderScope {
  customerId?: number;
  restaurantId?: number;
  /** Staff never see orders that are not paid yet (decision 010). */
  hidePending?: boolean;
  status?: OrderStatus | undefined;
}

/** What order creation checks about the restaurant of the cart. */
export function selectCheckoutRestaurant(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name', 'approval_status', 'is_active', 'opening_hours', 'paused_until'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertOrder(
  db: Kysely<DB>,
  values: Insertable<OrdersTable>,
): Promise<number> {
  const row = await db
    .insertInto('orders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderItems(
  db: Kysely<DB>,
  rows: Insertable<OrderItemsTable>[],
): Promise<void> {
  await db.insertInto('order_items').values(rows).execute();
}

function scoped(db: Kysely<DB>, scope: OrderScope) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
    .innerJoin('users as u', 'u.id', 'o.customer_id');
  if (scope.customerId !== undefined) query = query.where('o.customer_id', '=', scope.customerId);
  if (scope.restaurantId !== undefined) {
    query = query.where('o.restaurant_id', '=', scope.restaurantId);
  }
  if (scope.hidePending) query = query.where('o.status', '<>', 'pending');
  if (scope.status !== undefined) query = query.where('o.status', '=', scope.status);
  return query;
}

function selectOrderColumns(db: Kysely<DB>, scope: OrderScope) {
  return scoped(db, scope).select([
    'o.id',
    'o.status',
    'o.restaurant_id',
    'r.name as restaurant_name',
    'o.customer_id',
    'u.full_name as customer_full_name',
    'u.phone as customer_phone',
    'o.subtotal',
    'o.discount',
    'o.shipping_fee',
    'o.total_amount',
    'o.coupon_code',
    'o.delivery_address',
    'o.delivery_phone',
    'o.delivery_note',
    'o.cancel_reason',
    'o.created_at',
    'o.updated_at',
    'o.paid_at',
    'o.accepted_at',
    'o.done_at',
    'o.completed_at',
    'o.cancelled_at',
  ]);
}

export type OrderRow = Awaited<ReturnType<typeof selectOrder>> & {};

export function selectOrder(db: Kysely<DB>, id: number, scope: OrderScope) {
  return selectOrderColumns(db, scope).where('o.id', '=', id).executeTakeFirst();
}

/** Newest first (the (customer_id, id desc) and (restaurant_id, id desc) indexes). */
export function selectOrders(db: Kysely<DB>, scope: OrderScope, limit: number, offset: number) {
  return selectOrderColumns(db, scope)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrders(db: Kysely<DB>, scope: OrderScope): Promise<number> {
  const row = await scoped(db, scope)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The items of these orders. has_reviewed: a review of this very item exists (reviews carry
 * their order_item_id since migration 0005, unique, so the lookup is an index probe).
 */
export function selectOrderItems(db: Kysely<DB>, orderIds: number[]) {
  return db
    .selectFrom('order_items as oi')
    .select([
      'oi.id',
      'oi.order_id',
      'oi.food_id',
      'oi.food_name',
      'oi.food_image',
      'oi.price',
      'oi.quantity',
      'oi.subtotal',
      'oi.toppings',
      'oi.options',
      'oi.note',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reviews as rv')
            .select(sql`1`.as('one'))
            .whereRef('rv.order_item_id', '=', 'oi.id'),
        )
        .as('has_reviewed'),
    )
    .where('oi.order_id', 'in', orderIds)
    .orderBy('oi.order_id')
    .orderBy('oi.id')
    .execute();
}

/** A customer's order, its row locked until the transaction ends. */
export function selectCustomerOrderForUpdate(db: Kysely<DB>, id: number, customerId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'total_amount', 'restaurant_id'])
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateOrderCancelled(
  db: Kysely<DB>,
  id: number,
  cancel: { reason: string; by: CancelledBy; from: readonly OrderStatus[] },
): Promise<ChangedOrder | undefined> {
  return db
    .updateTable('orders')
    .set({
      status: 'cancelled',
      cancel_reason: cancel.reason,
      cancelled_by: cancel.by,
      cancelled_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', cancel.from)
    .returning(CHANGED_ORDER)
    .executeTakeFirst();
}

/** What a status change reports to its audience (the events module): the order as changed. */
const CHANGED_ORDER = ['id', 'customer_id', 'restaurant_id', 'status', 'total_amount'] as const;
export type ChangedOrder = Pick<OrderRow, (typeof CHANGED_ORDER)[number]>;

/** pending -> paid; the status condition makes a late payment of a cancelled order a no-op. */
export function updateOrderPaid(
  db: Kysely<DB>,
  id: number,
  now: Date,
): Promise<ChangedOrder | undefined> {
  return db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(CHANGED_ORDER)
    .executeTakeFirst();
}

/**
 * A restaurant's order with what fulfilment needs, its row locked until the transaction ends:
 * every status change takes this lock first, so pay, cancel and the staff actions queue up.
 */
export function selectRestaurantOrderForUpdate(db: Kysely<DB>, id: number, restaurantId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'customer_id', 'restaurant_id', 'total_amount'])
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Who receives a completed order's money: the restaurant's owner. */
export async function selectRestaurantOwnerId(db: Kysely<DB>, restaurantId: number) {
  const row = await db
    .selectFrom('restaurants')
    .select('owner_id')
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** The status times a fulfilment step stamps. */
export type StepColumn = 'accepted_at' | 'done_at' | 'completed_at';

/**
 * from -> to, only while the order is still in `from` (the row lock makes this the normal
 * case; the condition keeps a status from ever being skipped). False when nothing changed.
 */
export function updateOrderStep(
  db: Kysely<DB>,
  id: number,
  step: { from: OrderStatus; to: OrderStatus; stamp: StepColumn },
): Promise<ChangedOrder | undefined> {
  return db
    .updateTable('orders')
    .set({ status: step.to, [step.stamp]: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', step.from)
    .returning(CHANGED_ORDER)
    .executeTakeFirst();
}

/** What an order's notifications tell of it: its restaurant's name and how many dishes. */
export async function selectOrderNotice(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
    .select(['o.id', 'r.name as restaurant_name', 'o.total_amount'])
    .select((eb) =>
      eb
        .selectFrom('order_items as oi')
        .select(sql<number>`coalesce(sum(oi.quantity), 0)::int`.as('n'))
        .whereRef('oi.order_id', '=', 'o.id')
        .as('item_count'),
    )
    .where('o.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, item_count: row.item_count ?? 0 };
}
