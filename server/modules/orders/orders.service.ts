import type { Kysely } from 'kysely';
import type { OpeningHours } from '../../../contract/catalogue';
import type { Pagination } from '../../../contract/envelope';
import type { CreateOrderBody, Order, OrderItem } from '../../../contract/orders';
import type { DB, OrderStatus, Role } from '../../db/schema';
import { AppError } from '../../http/errors';
import { offsetOf, pagination } from '../../http/pagination';
import { publicFileUrl } from '../../storage/uploads';
import { emptyCart, lockCartForCheckout } from '../cart/cart.service';
import { isOpenAt } from '../catalogue/opening-hours';
import { evaluateCoupon, redeemCoupon, releaseCouponOfOrder } from '../coupons/coupons.service';
import { restaurantIdOfStaff } from '../workplace/workplace.service';
import {
  countOrders,
  insertOrder,
  insertOrderItems,
  selectCheckoutRestaurant,
  selectCustomerOrderForUpdate,
  selectOrder,
  selectOrderItems,
  selectOrders,
  updateOrderCancelled,
  type OrderRow,
  type OrderScope,
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
 * paused by its owner, or outside its opening hours (Asia/Ho_Chi_Minh).
 */
function assertTakesOrders(
  restaurant: Awaited<ReturnType<typeof selectCheckoutRestaurant>>,
  now: Date,
): void {
  if (restaurant?.approval_status !== 'approved') {
    throw new AppError('RESTAURANT_NOT_FOUND');
  }
  if (!restaurant.is_active) throw new AppError('RESTAURANT_PAUSED');
  if (!isOpenAt(restaurant.opening_hours as OpeningHours, now)) {
    throw new AppError('RESTAURANT_CLOSED');
  }
}

/**
 * POST /api/customer/orders/: the cart becomes a pending order in one transaction. The cart
 * row is locked first, so a second checkout of the same cart waits and then finds it empty:
 * one cart gives at most one order even without an Idempotency-Key.
 */
export async function createOrder(
  db: Kysely<DB>,
  customerId: number,
  body: CreateOrderBody,
  now = new Date(),
): Promise<Order> {
  const orderId = await db.transaction().execute(async (trx) => {
    const cart = await lockCartForCheckout(trx, customerId);
    if (!cart || cart.lines.length === 0) throw new AppError('CART_EMPTY');
    assertTakesOrders(await selectCheckoutRestaurant(trx, cart.restaurant_id), now);
    const unavailable = cart.lines.find((line) => !line.available);
    if (unavailable) {
      throw new AppError('FOOD_UNAVAILABLE', {
        message: `Món "${unavailable.food_name}" hiện không khả dụng. Vui lòng xóa món này khỏi giỏ hàng.`,
      });
    }
    // Prices as the server has them now, whatever the client showed.
    const subtotal = cart.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
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
    // The snapshot: later menu edits (names, prices, toppings) never change this order.
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
      })),
    );
    if (coupon) {
      await redeemCoupon(trx, { couponId: coupon.coupon.id, customerId, orderId: id, discount });
    }
    await emptyCart(trx, customerId);
    return id;
  });
  return findOrder(db, orderId, { customerId });
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
 * Who may cancel in which status: the one place to extend when paid orders become
 * cancellable with a refund (design.md section 5).
 */
const CANCELLABLE_BY_CUSTOMER: readonly OrderStatus[] = ['pending'];

/** PUT /api/customer/orders/{id}/cancel/: cancels and gives the coupon use back. */
export async function cancelOrderAsCustomer(
  db: Kysely<DB>,
  customerId: number,
  id: number,
  reason: string,
): Promise<Order> {
  await db.transaction().execute(async (trx) => {
    const order = await selectCustomerOrderForUpdate(trx, id, customerId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!CANCELLABLE_BY_CUSTOMER.includes(order.status)) {
      throw new AppError('ORDER_NOT_CANCELLABLE');
    }
    await updateOrderCancelled(trx, id, { reason, by: 'customer' });
    await releaseCouponOfOrder(trx, id);
  });
  return findOrder(db, id, { customerId });
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
