import { expect } from 'vitest';
import { CreateOrderReplySchema, type Order } from '#contract/orders';
import { call } from '../helpers/auth';
import type { TestApp } from '../helpers/test-app';
import type { TestUser } from './users';

export const DELIVERY = {
  delivery_address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  delivery_phone: '0987654321',
};

/** One cart line of an order: the dish and how many. */
export type OrderLine = readonly [foodId: number, quantity: number];

/**
 * A pending order through the real cart and order API: one dish (`quantity` of it) or several
 * lines, optionally with a coupon.
 */
export async function placeOrder(
  t: TestApp,
  customer: Pick<TestUser, 'token'>,
  food: number | readonly OrderLine[],
  quantity = 1,
  couponCode?: string,
): Promise<Order> {
  const lines: readonly OrderLine[] = typeof food === 'number' ? [[food, quantity]] : food;
  for (const [foodId, count] of lines) {
    const added = await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: { food_id: foodId, quantity: count, topping_ids: [] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const res = await call(t.app, 'POST', '/api/customer/orders/', {
    token: customer.token,
    body: { ...DELIVERY, ...(couponCode ? { coupon_code: couponCode } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CreateOrderReplySchema.parse(res.body).data.order;
}

/**
 * Moves an order to `status` directly, stamping completed_at on completion: for suites whose
 * subject is not fulfilment (which has its own tests through the API).
 */
export async function setOrderStatus(
  t: TestApp,
  orderId: number,
  status: Order['status'],
): Promise<void> {
  await t.database.db
    .updateTable('orders')
    .set({ status, ...(status === 'completed' ? { completed_at: new Date() } : {}) })
    .where('id', '=', orderId)
    .execute();
}

/** An order's status as stored. */
export async function orderStatus(t: TestApp, orderId: number): Promise<Order['status']> {
  const row = await t.database.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}
