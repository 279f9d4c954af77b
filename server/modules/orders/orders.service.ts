import type { Kysely } from 'kysely';
import { ORDER_MAX_SUBTOTAL } from '#contract/cart-limits';
import type { OpeningHours } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import type { CreateOrderBody, Order, OrderItem } from '#contract/orders';
import { REORDERABLE_STATUSES, type ReorderBody, type ReorderResult } from '#contract/reorder';
import { retryingTransaction } from '#server/db/retrying-transaction';
import type { CancelledBy, DB, OrderStatus, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import { publicFileUrl } from '#server/storage/uploads';
import { emptyCart, lockCartForCheckout, refillCart, type PastLine } from '../cart/cart.service';
import { isOpenAt } from '../catalogue/opening-hours';
import { evaluateCoupon, redeemCoupon, releaseCouponOfOrder } from '../coupons/coupons.service';
import { recordOrderStatus } from '../events/events.service';
import type { KeepReply } from '../idempotency/idempotency.service';
import { lockAccounts, transfer } from '../ledger/ledger.service';
import {
  orderAcceptedMessage,
  orderCancelledForStaffMessage,
  orderCancelledMessage,
  orderCompletedMessage,
  orderDoneMessage,
  orderPaidMessage,
} from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import {
  assertDeliversTo,
  assertNotPaused,
  autoAccepts,
  deliveryPoint,
} from '../store/store.service';
import { restaurantIdOfStaff } from '../workplace/workplace.service';
import {
  countOrders,
  insertOrder,
  insertOrderItems,
  selectCheckoutRestaurant,
  selectCustomerOrderForUpdate,
  selectOrder,
  selectOrderItems,
  selectOrderNotice,
  selectOrders,
  selectRestaurantOrderForUpdate,
  selectRestaurantOwnerId,
  updateOrderCancelled,
  updateOrderStep,
  updateOrderPaid,
  type ChangedOrder,
  type OrderRow,
  type OrderScope,
  type StepColumn,
} from './orders.queries';

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function toOrders(db: Kysely<DB>, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await selectOrderItems(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, OrderItem[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push({
      id: item.id,
      food_id: item.food_id,
      food_name: item.food_name,
      food_image: publicFileUrl(item.food_image),
      price: item.price,
      quantity: item.quantity,
      subtotal: item.subtotal,
      toppings: item.toppings,
      options: item.options,
      note: item.note,
      has_reviewed: Boolean(item.has_reviewed),
    });
    byOrder.set(item.order_id, list);
  }
  return rows.map((row) => {
    const orderItems = byOrder.get(row.id) ?? [];
    return {
      id: row.id,
      status: row.status,
      restaurant_id: row.restaurant_id,
      restaurant_name: row.restaurant_name,
      customer_name: row.customer_full_name?.trim() || row.customer_phone || '',
      subtotal: row.subtotal,
      discount: row.discount,
      shipping_fee: row.shipping_fee,
      total_amount: row.total_amount,
      total: row.total_amount,
      coupon_code: row.coupon_code,
      item_count: orderItems.reduce((sum, item) => sum + item.quantity, 0),
      delivery_address: row.delivery_address,
      delivery_phone: row.delivery_phone,
      delivery_note: row.delivery_note,
      cancel_reason: row.cancel_reason,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      paid_at: iso(row.paid_at),
      accepted_at: iso(row.accepted_at),
      done_at: iso(row.done_at),
      completed_at: iso(row.completed_at),
      cancelled_at: iso(row.cancelled_at),
      items: orderItems,
    };
  });
}

async function findOrder(db: Kysely<DB>, id: number, scope: OrderScope): Promise<Order> {
  const row = await selectOrder(db, id, scope);
  // Someone else's order answers exactly like a missing one: ids reveal nothing.
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return (await toOrders(db, [row]))[0]!;
}

async function listOrders(
  db: Kysely<DB>,
  scope: OrderScope,
  page: number,
  perPage: number,
): Promise<{ items: Order[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([
    selectOrders(db, scope, perPage, offsetOf(page, perPage)),
    countOrders(db, scope),
  ]);
  return { items: await toOrders(db, rows), pagination: pagination(page, perPage, total) };
}

/**
 * Refuses an order the restaurant cannot take now: unapproved (customers never saw it),
 * paused by its owner, in a busy pause, or outside its opening hours (Asia/Ho_Chi_Minh).
 */
function assertTakesOrders(
  restaurant: Awaited<ReturnType<typeof selectCheckoutRestaurant>>,
  now: Date,
): void {
  if (restaurant?.approval_status !== 'approved') {
    throw new AppError('RESTAURANT_NOT_FOUND');
  }
  if (!restaurant.is_active) throw new AppError('RESTAURANT_PAUSED');
  assertNotPaused(restaurant.paused_until, now);
  if (!isOpenAt(restaurant.opening_hours as OpeningHours, now)) {
    throw new AppError('RESTAURANT_CLOSED');
  }
}

/**
 * POST /api/customer/orders/: the cart becomes a pending order in one transaction. The cart
 * row is locked first, so a second checkout of the same cart waits and then finds it empty:
 * one cart gives at most one order even without an Idempotency-Key. The order is read back
 * inside the transaction, so an idempotent call's reply (`keep`) commits with it.
 */
export async function createOrder(
  db: Kysely<DB>,
  customerId: number,
  body: CreateOrderBody,
  keep?: KeepReply<Order>,
  now = new Date(),
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const cart = await lockCartForCheckout(trx, customerId, now);
    if (!cart || cart.lines.length === 0) throw new AppError('CART_EMPTY');
    assertTakesOrders(await selectCheckoutRestaurant(trx, cart.restaurant_id), now);
    await assertDeliversTo(trx, cart.restaurant_id, deliveryPoint(body));
    const unavailable = cart.lines.find((line) => !line.available);
    if (unavailable && !unavailable.dish_available) {
      throw new AppError('FOOD_UNAVAILABLE', {
        message: `Món "${unavailable.food_name}" hiện không khả dụng. Vui lòng xóa món này khỏi giỏ hàng.`,
      });
    }
    // One of its choices changed since it was added (sold out, removed, a group now required).
    if (unavailable) {
      throw new AppError('OPTION_UNAVAILABLE', {
        message: `Món "${unavailable.food_name}": ${unavailable.unavailable_reason}. Vui lòng xóa món này khỏi giỏ hàng và chọn lại.`,
      });
    }
    // Prices as the server has them now, whatever the client showed.
    const subtotal = cart.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    // The cart caps its total, but prices may have risen since the dishes were added.
    if (subtotal > ORDER_MAX_SUBTOTAL) throw new AppError('ORDER_TOO_LARGE');
    const coupon = body.coupon_code
      ? await evaluateCoupon(trx, {
          code: body.coupon_code,
          customerId,
          orderAmount: subtotal,
          restaurantId: cart.restaurant_id,
          foodIds: cart.lines.map((line) => line.food_id),
          now,
          lock: true,
        })
      : null;
    const discount = coupon?.discount ?? 0;
    const id = await insertOrder(trx, {
      customer_id: customerId,
      restaurant_id: cart.restaurant_id,
      status: 'pending',
      subtotal,
      discount,
      shipping_fee: 0,
      total_amount: subtotal - discount,
      coupon_id: coupon?.coupon.id ?? null,
      coupon_code: coupon?.coupon.code ?? null,
      delivery_address: body.delivery_address,
      delivery_phone: body.delivery_phone,
      delivery_note: body.delivery_note ?? '',
    });
    // The snapshot: later menu edits (names, prices, toppings, groups) never change this order.
    await insertOrderItems(
      trx,
      cart.lines.map((line) => ({
        order_id: id,
        food_id: line.food_id,
        food_name: line.food_name,
        food_image: line.food_image,
        price: line.price,
        quantity: line.quantity,
        subtotal: line.price * line.quantity,
        toppings: JSON.stringify(
          line.toppings.map((t) => ({ id: t.id, name: t.name, price: t.price })),
        ),
        options: JSON.stringify(line.options),
        note: line.note,
      })),
    );
    if (coupon) {
      await redeemCoupon(trx, { couponId: coupon.coupon.id, customerId, orderId: id, discount });
    }
    await emptyCart(trx, customerId);
    const order = await findOrder(trx, id, { customerId });
    await keep?.(trx, order);
    return order;
  });
}

export function listCustomerOrders(
  db: Kysely<DB>,
  customerId: number,
  query: { page: number; per_page: number; status?: OrderStatus | undefined },
) {
  return listOrders(db, { customerId, status: query.status }, query.page, query.per_page);
}

export function getCustomerOrder(db: Kysely<DB>, customerId: number, id: number) {
  return findOrder(db, id, { customerId });
}

/**
 * POST /api/customer/orders/{id}/reorder/: the lines of a delivered or cancelled order back
 * into the cart (the cart's refillCart decides each line). Someone else's order is a 404 like
 * a missing one; an order still under way a 409.
 */
export async function reorder(
  db: Kysely<DB>,
  customerId: number,
  orderId: number,
  body: ReorderBody,
  keep?: KeepReply<ReorderResult>,
  now = new Date(),
): Promise<ReorderResult> {
  const order = await selectOrder(db, orderId, { customerId });
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (!(REORDERABLE_STATUSES as readonly OrderStatus[]).includes(order.status)) {
    throw new AppError('ORDER_NOT_REORDERABLE');
  }
  const lines: PastLine[] = (await selectOrderItems(db, [order.id])).map((item) => {
    // Orders before option groups kept their toppings alone; later ones keep every choice in
    // `options`, toppings included.
    const choices = new Map<number, { id: number; name: string }>();
    for (const c of [...item.options, ...item.toppings]) {
      if (!choices.has(c.id)) choices.set(c.id, { id: c.id, name: c.name });
    }
    return {
      food_id: item.food_id,
      food_name: item.food_name,
      choices: [...choices.values()],
      note: item.note,
      quantity: item.quantity,
      price: item.price,
    };
  });
  return refillCart(db, customerId, { restaurantId: order.restaurant_id, lines }, body, keep, now);
}

/** Cancelling one of these gives the customer's money back: it sits in escrow. */
const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'accepted', 'done'];

/**
 * Who may cancel in which status (design.md section 5): the customer until the restaurant has
 * accepted; staff at any point before completion once the order is paid.
 */
const CANCELLABLE_BY_CUSTOMER: readonly OrderStatus[] = ['pending', 'paid'];
const CANCELLABLE_BY_STAFF: readonly OrderStatus[] = PAID_STATUSES;

/** What each status a step reaches tells the customer. */
const STEP_MESSAGES = {
  accepted: orderAcceptedMessage,
  done: orderDoneMessage,
  completed: orderCompletedMessage,
} as const;

/**
 * The notifications of a status change, in its transaction: a paid order is news for the
 * restaurant's team, each staff step for the customer.
 */
async function notifyOrderStatus(trx: Kysely<DB>, changed: ChangedOrder): Promise<void> {
  if (changed.status === 'paid') {
    const notice = await selectOrderNotice(trx, changed.id);
    await notify(trx, { restaurantId: changed.restaurant_id }, orderPaidMessage(notice));
  } else if (changed.status in STEP_MESSAGES) {
    const message = STEP_MESSAGES[changed.status as keyof typeof STEP_MESSAGES];
    await notify(trx, [changed.customer_id], message(await selectOrderNotice(trx, changed.id)));
  }
}

/**
 * The notifications of a cancel. The customer hears of it unless they cancelled it themselves
 * and got nothing back (nothing they do not know); the restaurant's team hears of it only if
 * the order had reached them (it was paid), except whoever of them cancelled it.
 */
async function notifyOrderCancelled(
  trx: Kysely<DB>,
  cancelled: ChangedOrder,
  cancel: { reason: string; by: CancelledBy; actorId: number; wasPaid: boolean; refunded: number },
): Promise<void> {
  const notice = await selectOrderNotice(trx, cancelled.id);
  if (cancel.by !== 'customer' || cancel.refunded > 0) {
    await notify(
      trx,
      [cancelled.customer_id],
      orderCancelledMessage(notice, cancel.reason, cancel.refunded),
    );
  }
  if (cancel.wasPaid) {
    await notify(
      trx,
      { restaurantId: cancelled.restaurant_id, except: cancel.actorId },
      orderCancelledForStaffMessage(notice, cancel.reason, cancel.refunded),
    );
  }
}

/**
 * The one way an order is cancelled, inside the transaction that holds its row lock: the
 * status, the coupon use back and, when it was paid, the full refund from escrow, all or
 * nothing. The refund's business key makes a second refund of the same order impossible.
 */
async function cancelLockedOrder(
  trx: Kysely<DB>,
  order: { id: number; status: OrderStatus; total_amount: number; customer_id: number },
  cancel: { reason: string; by: CancelledBy; actorId: number; from: readonly OrderStatus[] },
): Promise<void> {
  const cancelled = await updateOrderCancelled(trx, order.id, cancel);
  if (!cancelled) {
    throw new AppError(
      cancel.by === 'customer' ? 'ORDER_NOT_CANCELLABLE' : 'ORDER_TRANSITION_INVALID',
    );
  }
  await recordOrderStatus(trx, cancelled);
  await releaseCouponOfOrder(trx, order.id);
  const wasPaid = PAID_STATUSES.includes(order.status);
  // A 100 % coupon makes a paid order of 0 đồng: nothing went into escrow, nothing comes back.
  const refunded = wasPaid ? order.total_amount : 0;
  if (refunded > 0) {
    await transfer(trx, {
      key: `order:${order.id}:refund`,
      from: { platform: 'escrow' },
      to: { wallet: order.customer_id },
      amount: order.total_amount,
      kind: 'refund',
      orderId: order.id,
    });
  }
  await notifyOrderCancelled(trx, cancelled, {
    reason: cancel.reason,
    by: cancel.by,
    actorId: cancel.actorId,
    wasPaid,
    refunded,
  });
}

/** PUT /api/customer/orders/{id}/cancel/: cancels, refunds a paid order, frees the coupon. */
export async function cancelOrderAsCustomer(
  db: Kysely<DB>,
  customerId: number,
  id: number,
  reason: string,
  keep?: KeepReply<Order>,
): Promise<Order> {
  return retryingTransaction(db, async (trx) => {
    const order = await lockCustomerOrder(trx, customerId, id);
    if (!CANCELLABLE_BY_CUSTOMER.includes(order.status)) {
      throw new AppError('ORDER_NOT_CANCELLABLE');
    }
    await cancelLockedOrder(
      trx,
      { ...order, customer_id: customerId },
      { reason, by: 'customer', actorId: customerId, from: CANCELLABLE_BY_CUSTOMER },
    );
    const cancelled = await findOrder(trx, id, { customerId });
    await keep?.(trx, cancelled);
    return cancelled;
  });
}

/** Locks the customer's order row (for update) inside trx; ORDER_NOT_FOUND when not theirs. */
export async function lockCustomerOrder(
  trx: Kysely<DB>,
  customerId: number,
  orderId: number,
): Promise<{ id: number; status: OrderStatus; total_amount: number; restaurant_id: number }> {
  const order = await selectCustomerOrderForUpdate(trx, orderId, customerId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/**
 * pending -> paid (conditional update), announced to the kitchen and the customer in the same
 * transaction; false when the order was no longer pending.
 */
export async function markOrderPaid(
  trx: Kysely<DB>,
  orderId: number,
  now = new Date(),
): Promise<boolean> {
  const paid = await updateOrderPaid(trx, orderId, now);
  if (paid) {
    await recordOrderStatus(trx, paid);
    await notifyOrderStatus(trx, paid);
    // Auto-accept: the kitchen has still been told of the new order (above); the customer
    // then sees it accepted, as if a staff member had tapped 'accept' at once.
    if (await autoAccepts(trx, paid.restaurant_id)) {
      const accepted = await updateOrderStep(trx, orderId, STEPS.accept);
      if (accepted) {
        await recordOrderStatus(trx, accepted);
        await notifyOrderStatus(trx, accepted);
      }
    }
  }
  return paid !== undefined;
}

type StaffUser = { id: number; role: Role };

/** GET /api/staff/orders/: the caller's restaurant's orders, never the unpaid ones. */
export async function listStaffOrders(
  db: Kysely<DB>,
  user: StaffUser,
  query: { page: number; per_page: number; status?: OrderStatus | undefined },
) {
  const restaurantId = await restaurantIdOfStaff(db, user);
  return listOrders(
    db,
    { restaurantId, hidePending: true, status: query.status },
    query.page,
    query.per_page,
  );
}

export async function getStaffOrder(db: Kysely<DB>, user: StaffUser, id: number) {
  const restaurantId = await restaurantIdOfStaff(db, user);
  return findOrder(db, id, { restaurantId, hidePending: true });
}

/** The staff steps of spec section 4: each from exactly one status. */
const STEPS = {
  accept: { from: 'paid', to: 'accepted', stamp: 'accepted_at' },
  done: { from: 'accepted', to: 'done', stamp: 'done_at' },
  complete: { from: 'done', to: 'completed', stamp: 'completed_at' },
} as const satisfies Record<string, { from: OrderStatus; to: OrderStatus; stamp: StepColumn }>;

export type FulfilmentStep = keyof typeof STEPS;

type LockedOrder = NonNullable<Awaited<ReturnType<typeof selectRestaurantOrderForUpdate>>>;

/**
 * Runs `change` on one of the caller's restaurant's orders under its row lock. Another
 * restaurant's order is ORDER_NOT_FOUND, exactly like a missing one.
 */
async function withStaffOrder(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
  change: (trx: Kysely<DB>, order: LockedOrder) => Promise<void>,
): Promise<Order> {
  const restaurantId = await restaurantIdOfStaff(db, user);
  await retryingTransaction(db, async (trx) => {
    const order = await selectRestaurantOrderForUpdate(trx, id, restaurantId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    await change(trx, order);
  });
  return findOrder(db, id, { restaurantId });
}

/**
 * A completed order's money leaves escrow: the commission (floor of the configured percent,
 * when above 0) to the platform, the rest to the restaurant owner's wallet. Keyed per order,
 * so a completion can never pay twice.
 */
async function settleOrder(trx: Kysely<DB>, order: LockedOrder, commissionPercent: number) {
  // A 100 % coupon order put nothing in escrow: there is nothing to share out.
  if (order.total_amount === 0) return;
  const commission = Math.floor((order.total_amount * commissionPercent) / 100);
  const ownerShare = order.total_amount - commission;
  const owner = { wallet: await selectRestaurantOwnerId(trx, order.restaurant_id) };
  // Two transfers: their three accounts are locked together, in the ledger's order.
  await lockAccounts(trx, [{ platform: 'escrow' }, owner, { platform: 'commission' }]);
  if (ownerShare > 0) {
    await transfer(trx, {
      key: `order:${order.id}:settle`,
      from: { platform: 'escrow' },
      to: owner,
      amount: ownerShare,
      kind: 'settlement',
      orderId: order.id,
    });
  }
  if (commission > 0) {
    await transfer(trx, {
      key: `order:${order.id}:commission`,
      from: { platform: 'escrow' },
      to: { platform: 'commission' },
      amount: commission,
      kind: 'commission',
      orderId: order.id,
    });
  }
}

/**
 * PUT /api/staff/orders/{id}/accept|done|complete/: one step forward from the status it needs,
 * else ORDER_TRANSITION_INVALID. Completion settles the money in the same transaction.
 */
export function advanceStaffOrder(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
  step: FulfilmentStep,
  options: { commissionPercent: number },
): Promise<Order> {
  return withStaffOrder(db, user, id, async (trx, order) => {
    const { from, to, stamp } = STEPS[step];
    const changed =
      order.status === from ? await updateOrderStep(trx, id, { from, to, stamp }) : undefined;
    if (!changed) throw new AppError('ORDER_TRANSITION_INVALID');
    await recordOrderStatus(trx, changed);
    await notifyOrderStatus(trx, changed);
    if (step === 'complete') await settleOrder(trx, order, options.commissionPercent);
  });
}

/** PUT /api/staff/orders/{id}/cancel/: a paid, accepted or done order, fully refunded. */
export function cancelOrderAsStaff(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
  reason: string,
): Promise<Order> {
  return withStaffOrder(db, user, id, async (trx, order) => {
    if (!CANCELLABLE_BY_STAFF.includes(order.status)) {
      throw new AppError('ORDER_TRANSITION_INVALID');
    }
    await cancelLockedOrder(trx, order, {
      reason,
      by: 'staff',
      actorId: user.id,
      from: CANCELLABLE_BY_STAFF,
    });
  });
}
