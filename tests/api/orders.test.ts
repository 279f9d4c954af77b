import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateOrderReplySchema,
  OrderListReplySchema,
  OrderReplySchema,
  type Order,
} from '#contract/orders';
import { call } from '../helpers/auth';
import { ALWAYS_OPEN, insertCatalogue, NEVER_OPEN } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { setOrderStatus } from '../factories/orders';
import { newOwnerOf, newUser, type TestUser } from '../factories/users';

const DELIVERY = {
  delivery_address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  delivery_phone: '0987 654 321',
  delivery_note: 'Gọi trước khi giao',
};
const DELIVERY_REQUIRED = 'Vui lòng nhập địa chỉ và số điện thoại';

describe('orders (spec 7.4, 7.5)', () => {
  let t: TestApp;
  let pho: { id: number; dishes: Record<string, number> };
  let banhMi: { id: number; dishes: Record<string, number> };
  let closed: { id: number; dishes: Record<string, number> };
  let toppings: { trung: number; quay: number };

  const addToCart = async (
    user: TestUser,
    foodId: number,
    quantity = 1,
    toppingIds: number[] = [],
  ) => {
    const res = await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: user.token,
      body: { food_id: foodId, quantity, topping_ids: toppingIds },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const postOrder = (user: TestUser, body: Record<string, unknown> = DELIVERY, key?: string) =>
    call<ErrorBody & { data: unknown }>(t.app, 'POST', '/api/customer/orders/', {
      token: user.token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  const placeOrder = async (user: TestUser, body: Record<string, unknown> = DELIVERY) => {
    const res = await postOrder(user, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return CreateOrderReplySchema.parse(res.body).data.order;
  };

  const refusal = async (user: TestUser, body: Record<string, unknown> = DELIVERY) => {
    const res = await postOrder(user, body);
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    return { status: res.status, code: res.body.code, message: res.body.message };
  };

  const getOrder = (user: TestUser, id: number) =>
    call<ErrorBody & { data: Order }>(t.app, 'GET', `/api/customer/orders/${id}/`, {
      token: user.token,
    });

  const cancel = (user: TestUser, id: number, reason = 'Khách yêu cầu hủy') =>
    call<ErrorBody & { data: Order }>(t.app, 'PUT', `/api/customer/orders/${id}/cancel/`, {
      token: user.token,
      body: { reason },
    });

  const cartOf = async (user: TestUser) =>
    (
      await call<{ data: { items: { food_id: number; quantity: number }[] } }>(
        t.app,
        'GET',
        '/api/customer/cart/',
        { token: user.token },
      )
    ).body.data.items;

  const countOrdersOf = async (user: TestUser) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('customer_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).n;

  const couponUse = (code: string) =>
    t.database.db
      .selectFrom('coupons')
      .select(['id', 'used_count'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          {
            name: 'Phở bò',
            price: 50_000,
            toppings: [
              { name: 'Thêm trứng', price: 5_000 },
              { name: 'Quẩy', price: 3_000 },
            ],
          },
          { name: 'Phở gà', price: 45_000 },
          { name: 'Nước chanh', price: 15_000 },
          { name: 'Trà đá', price: 5_000 },
        ],
      },
      {
        name: 'Bánh Mì Phố Huế',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh mì', price: 25_000 }],
      },
      {
        name: 'Quán Đêm',
        lat: 21.03,
        lon: 105.85,
        hours: NEVER_OPEN,
        dishes: [{ name: 'Cháo sườn', price: 35_000 }],
      },
    ]);
    pho = created[0]!;
    banhMi = created[1]!;
    closed = created[2]!;
    const rows = await t.database.db
      .selectFrom('toppings')
      .select(['id', 'name'])
      .where('food_id', '=', pho.dishes['Phở bò']!)
      .execute();
    toppings = {
      trung: rows.find((r) => r.name === 'Thêm trứng')!.id,
      quay: rows.find((r) => r.name === 'Quẩy')!.id,
    };
    await t.database.db
      .insertInto('coupons')
      .values([
        {
          code: 'CHAOBAN',
          kind: 'percent',
          value: 20,
          max_discount: 30_000,
          min_order: 50_000,
          starts_at: new Date(Date.now() - 86_400_000),
        },
        {
          code: 'MOTLAN',
          kind: 'fixed',
          value: 10_000,
          per_customer_limit: 1,
          starts_at: new Date(Date.now() - 86_400_000),
        },
        {
          code: 'CUOICUNG',
          kind: 'fixed',
          value: 5_000,
          usage_limit: 1,
          starts_at: new Date(Date.now() - 86_400_000),
        },
        {
          code: 'BANHMI',
          kind: 'fixed',
          value: 5_000,
          restaurant_id: banhMi.id,
          starts_at: new Date(Date.now() - 86_400_000),
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  describe('creating an order', () => {
    it('refuses an empty cart with "Giỏ hàng trống"', async () => {
      const alice = await newUser(t, 'customer');
      expect(await refusal(alice)).toEqual({
        status: 400,
        code: 'CART_EMPTY',
        message: 'Giỏ hàng trống',
      });
    });

    it('refuses a missing or blank address or phone, and a malformed phone', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      const { delivery_address, delivery_phone } = DELIVERY;
      for (const body of [
        { delivery_phone },
        { delivery_address },
        { delivery_address: '   ', delivery_phone },
        { delivery_address, delivery_phone: '' },
        {},
      ]) {
        expect(await refusal(alice, body)).toEqual({
          status: 400,
          code: 'VALIDATION_ERROR',
          message: DELIVERY_REQUIRED,
        });
      }
      for (const phone of ['12345', '0987abc321', '09876543210123']) {
        expect(await refusal(alice, { delivery_address, delivery_phone: phone })).toMatchObject({
          status: 400,
          message: 'Số điện thoại không hợp lệ',
        });
      }
      expect(await refusal(alice, { ...DELIVERY, coupon_code: 'ab cd' })).toMatchObject({
        status: 400,
        message: 'Mã giảm giá không hợp lệ',
      });
      expect(await cartOf(alice)).toHaveLength(1);
      expect(await countOrdersOf(alice)).toBe(0);
    });

    it('turns the cart into a pending order with a snapshot, then empties the cart', async () => {
      const alice = await newUser(t, 'customer', { full_name: 'Nguyễn Thị Ánh' });
      await addToCart(alice, pho.dishes['Phở bò']!, 2, [toppings.quay, toppings.trung]);
      await addToCart(alice, pho.dishes['Phở gà']!, 1);
      const res = await postOrder(alice);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const reply = CreateOrderReplySchema.parse(res.body);
      const order = reply.data.order;
      expect(reply.data.id).toBe(order.id);
      expect(order).toMatchObject({
        status: 'pending',
        restaurant_id: pho.id,
        restaurant_name: 'Phở Hàng Bạc',
        customer_name: 'Nguyễn Thị Ánh',
        subtotal: 2 * 58_000 + 45_000,
        discount: 0,
        shipping_fee: 0,
        total_amount: 161_000,
        total: 161_000,
        coupon_code: null,
        item_count: 3,
        delivery_address: DELIVERY.delivery_address,
        delivery_phone: '0987654321',
        delivery_note: 'Gọi trước khi giao',
        cancel_reason: null,
        paid_at: null,
        cancelled_at: null,
      });
      expect(order.items).toEqual([
        {
          id: expect.any(Number),
          food_id: pho.dishes['Phở bò'],
          food_name: 'Phở bò',
          food_image: null,
          price: 58_000,
          quantity: 2,
          subtotal: 116_000,
          toppings: [
            { id: toppings.trung, name: 'Thêm trứng', price: 5_000 },
            { id: toppings.quay, name: 'Quẩy', price: 3_000 },
          ],
          options: [
            { id: toppings.trung, group: 'Topping', name: 'Thêm trứng', price: 5_000 },
            { id: toppings.quay, group: 'Topping', name: 'Quẩy', price: 3_000 },
          ],
          note: '',
          has_reviewed: false,
        },
        {
          id: expect.any(Number),
          food_id: pho.dishes['Phở gà'],
          food_name: 'Phở gà',
          food_image: null,
          price: 45_000,
          quantity: 1,
          subtotal: 45_000,
          toppings: [],
          options: [],
          note: '',
          has_reviewed: false,
        },
      ]);
      expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
      expect(await cartOf(alice)).toEqual([]);
      // The emptied cart takes another restaurant's dish without a conflict.
      await addToCart(alice, banhMi.dishes['Bánh mì']!);
    });

    it('keeps the snapshot when the menu changes afterwards', async () => {
      const alice = await newUser(t, 'customer');
      await t.database.db
        .insertInto('foods')
        .values({ restaurant_id: pho.id, name: 'Bún chả', price: 40_000, image: 'dishes/bun.webp' })
        .execute();
      const bunCha = (
        await t.database.db
          .selectFrom('foods')
          .select('id')
          .where('name', '=', 'Bún chả')
          .executeTakeFirstOrThrow()
      ).id;
      await addToCart(alice, bunCha, 2);
      await addToCart(alice, pho.dishes['Phở bò']!, 1, [toppings.trung]);
      const placed = await placeOrder(alice);
      expect(placed.items[0]!.food_image).toBe('/uploads/dishes/bun.webp');

      await t.database.db
        .updateTable('foods')
        .set({ price: 99_000, name: 'Bún chả (mới)', image: null })
        .where('id', '=', bunCha)
        .execute();
      await t.database.db
        .updateTable('toppings')
        .set({ price: 9_000, name: 'Trứng gà ta' })
        .where('id', '=', toppings.trung)
        .execute();
      const res = await getOrder(alice, placed.id);
      expect(res.status).toBe(200);
      const order = OrderReplySchema.parse(res.body).data;
      expect(order.subtotal).toBe(80_000 + 55_000);
      expect(order.items.map((i) => [i.food_name, i.price, i.food_image, i.toppings])).toEqual([
        ['Bún chả', 40_000, '/uploads/dishes/bun.webp', []],
        ['Phở bò', 55_000, null, [{ id: toppings.trung, name: 'Thêm trứng', price: 5_000 }]],
      ]);
      await t.database.db
        .updateTable('toppings')
        .set({ price: 5_000, name: 'Thêm trứng' })
        .where('id', '=', toppings.trung)
        .execute();
    });

    it('refuses a restaurant that is closed now, keeping the cart', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, closed.dishes['Cháo sườn']!);
      expect(await refusal(alice)).toEqual({
        status: 409,
        code: 'RESTAURANT_CLOSED',
        message: 'Nhà hàng hiện đã đóng cửa. Vui lòng đặt món trong giờ mở cửa.',
      });
      expect(await cartOf(alice)).toHaveLength(1);
      await t.database.db
        .updateTable('restaurants')
        .set({ opening_hours: JSON.stringify(ALWAYS_OPEN) })
        .where('id', '=', closed.id)
        .execute();
      await placeOrder(alice);
      await t.database.db
        .updateTable('restaurants')
        .set({ opening_hours: JSON.stringify(NEVER_OPEN) })
        .where('id', '=', closed.id)
        .execute();
    });

    it('refuses a paused or unapproved restaurant', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, banhMi.dishes['Bánh mì']!);
      const setRestaurant = (values: {
        is_active?: boolean;
        approval_status?: 'pending' | 'approved';
      }) =>
        t.database.db.updateTable('restaurants').set(values).where('id', '=', banhMi.id).execute();

      await setRestaurant({ is_active: false });
      expect(await refusal(alice)).toEqual({
        status: 409,
        code: 'RESTAURANT_PAUSED',
        message: 'Nhà hàng đang tạm ngừng nhận đơn',
      });
      await setRestaurant({ is_active: true, approval_status: 'pending' });
      expect(await refusal(alice)).toMatchObject({ status: 404, code: 'RESTAURANT_NOT_FOUND' });
      await setRestaurant({ approval_status: 'approved' });
      expect(await countOrdersOf(alice)).toBe(0);
      expect(await cartOf(alice)).toHaveLength(1);
    });

    it('refuses a dish that stopped selling, naming it', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      await addToCart(alice, pho.dishes['Nước chanh']!);
      await t.database.db
        .updateTable('foods')
        .set({ available: false })
        .where('id', '=', pho.dishes['Nước chanh']!)
        .execute();
      try {
        expect(await refusal(alice)).toEqual({
          status: 409,
          code: 'FOOD_UNAVAILABLE',
          message: 'Món "Nước chanh" hiện không khả dụng. Vui lòng xóa món này khỏi giỏ hàng.',
        });
        expect(await countOrdersOf(alice)).toBe(0);
      } finally {
        await t.database.db
          .updateTable('foods')
          .set({ available: true })
          .where('id', '=', pho.dishes['Nước chanh']!)
          .execute();
      }
    });

    it('answers the same POST with one Idempotency-Key once: one order, the same id', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!, 2);
      const first = await postOrder(alice, DELIVERY, 'order-key-1');
      const second = await postOrder(alice, DELIVERY, 'order-key-1');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(CreateOrderReplySchema.parse(second.body).data.id).toBe(
        CreateOrderReplySchema.parse(first.body).data.id,
      );
      expect(await countOrdersOf(alice)).toBe(1);
    });

    it('makes one order of one cart when two checkouts run at once without a key', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!, 1);
      await addToCart(alice, pho.dishes['Trà đá']!, 2);
      const replies = await Promise.all([postOrder(alice), postOrder(alice)]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([201, 400]);
      expect(replies.find((r) => r.status === 400)!.body.message).toBe('Giỏ hàng trống');
      expect(await countOrdersOf(alice)).toBe(1);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from order_items
        where order_id in (select id from orders where customer_id = ${alice.id})`.execute(
        t.database.db,
      );
      expect(rows[0]!.n).toBe(2);
    });
  });

  describe('coupons on orders', () => {
    it('applies the coupon to the server subtotal and redeems it once; cancelling gives it back', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở bò']!, 3);
      const before = await couponUse('CHAOBAN');
      const order = await placeOrder(alice, { ...DELIVERY, coupon_code: '  chaoban ' });
      expect(order).toMatchObject({
        subtotal: 150_000,
        discount: 30_000,
        total_amount: 120_000,
        coupon_code: 'CHAOBAN',
      });
      expect((await couponUse('CHAOBAN')).used_count).toBe(before.used_count + 1);
      const redemptions = await t.database.db
        .selectFrom('coupon_redemptions')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(redemptions).toMatchObject([
        { coupon_id: before.id, customer_id: alice.id, discount: 30_000, released_at: null },
      ]);

      const cancelled = await cancel(alice, order.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe('Đã hủy đơn');
      expect(OrderReplySchema.parse(cancelled.body).data).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Khách yêu cầu hủy',
        cancelled_at: expect.any(String),
      });
      expect((await couponUse('CHAOBAN')).used_count).toBe(before.used_count);
      const released = await t.database.db
        .selectFrom('coupon_redemptions')
        .select('released_at')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(released.released_at).toBeInstanceOf(Date);
      const row = await t.database.db
        .selectFrom('orders')
        .select(['cancelled_by', 'status'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ cancelled_by: 'customer', status: 'cancelled' });
    });

    it('treats a blank coupon code as none', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      const order = await placeOrder(alice, { ...DELIVERY, coupon_code: '   ' });
      expect(order).toMatchObject({ discount: 0, coupon_code: null, total_amount: 45_000 });
    });

    it('refuses an order whose coupon does not fit, keeping the cart and the coupon', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Trà đá']!, 2);
      expect(await refusal(alice, { ...DELIVERY, coupon_code: 'chaoban' })).toEqual({
        status: 400,
        code: 'COUPON_MIN_ORDER',
        message: 'Đơn hàng tối thiểu 50.000 ₫ để dùng mã này',
      });
      expect(await refusal(alice, { ...DELIVERY, coupon_code: 'BANHMI' })).toMatchObject({
        code: 'COUPON_WRONG_RESTAURANT',
      });
      expect(await refusal(alice, { ...DELIVERY, coupon_code: 'KHONGCO' })).toMatchObject({
        status: 404,
        code: 'COUPON_NOT_FOUND',
      });
      expect(await countOrdersOf(alice)).toBe(0);
      expect(await cartOf(alice)).toHaveLength(1);
    });

    it('holds a customer to their own limit until the order using it is cancelled', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      const first = await placeOrder(alice, { ...DELIVERY, coupon_code: 'MOTLAN' });
      expect(first.discount).toBe(10_000);
      await addToCart(alice, pho.dishes['Phở gà']!);
      expect(await refusal(alice, { ...DELIVERY, coupon_code: 'MOTLAN' })).toMatchObject({
        code: 'COUPON_CUSTOMER_LIMIT',
        message: 'Bạn đã dùng hết lượt của mã giảm giá này',
      });
      expect((await cancel(alice, first.id)).status).toBe(200);
      expect((await placeOrder(alice, { ...DELIVERY, coupon_code: 'MOTLAN' })).discount).toBe(
        10_000,
      );
    });

    it('gives the last use of a coupon to one of several customers ordering at once', async () => {
      const customers = await Promise.all(Array.from({ length: 6 }, () => newUser(t, 'customer')));
      for (const user of customers) await addToCart(user, pho.dishes['Phở gà']!);
      const replies = await Promise.all(
        customers.map((user) => postOrder(user, { ...DELIVERY, coupon_code: 'CUOICUNG' })),
      );
      expect(
        replies.map((r) => r.status).sort(),
        JSON.stringify(replies.map((r) => r.body)),
      ).toEqual([201, 400, 400, 400, 400, 400]);
      for (const refused of replies.filter((r) => r.status === 400)) {
        expect(refused.body.code).toBe('COUPON_USED_UP');
      }
      expect((await couponUse('CUOICUNG')).used_count).toBe(1);
    });
  });

  describe("reading and cancelling one's orders", () => {
    it('lists my orders newest first, by page and by status', async () => {
      const alice = await newUser(t, 'customer');
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        await addToCart(alice, pho.dishes['Phở gà']!, i + 1);
        ids.push((await placeOrder(alice)).id);
      }
      await setOrderStatus(t, ids[0]!, 'paid');
      const list = async (query: string) => {
        const res = await call(t.app, 'GET', `/api/customer/orders/${query}`, {
          token: alice.token,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return OrderListReplySchema.parse(res.body).data;
      };
      const all = await list('');
      expect(all.items.map((o) => o.id)).toEqual([...ids].reverse());
      expect(all.items.map((o) => o.item_count)).toEqual([3, 2, 1]);
      expect(all.pagination).toMatchObject({ page: 1, per_page: 10, total: 3, has_next: false });
      const page2 = await list('?page=2&per_page=2');
      expect(page2.items.map((o) => o.id)).toEqual([ids[0]]);
      expect(page2.pagination).toMatchObject({ total: 3, total_pages: 2, has_next: false });
      expect((await list('?page=1&per_page=2')).pagination.has_next).toBe(true);
      expect((await list('?status=paid')).items.map((o) => o.id)).toEqual([ids[0]]);
      expect((await list('?status=pending')).items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
      const bad = await call(t.app, 'GET', '/api/customer/orders/?status=lost&per_page=500', {
        token: alice.token,
      });
      expect(bad.status).toBe(400);
    });

    it("hides another customer's order: B reads or cancels A's order -> 404, A's order unchanged", async () => {
      const [alice, bob] = [await newUser(t, 'customer'), await newUser(t, 'customer')];
      await addToCart(alice, pho.dishes['Phở gà']!);
      const order = await placeOrder(alice);

      const read = await getOrder(bob, order.id);
      expect(read.status).toBe(404);
      expect(read.body).toMatchObject({
        code: 'ORDER_NOT_FOUND',
        message: 'Không tìm thấy đơn hàng',
      });
      const cancelled = await cancel(bob, order.id);
      expect(cancelled.status).toBe(404);
      expect(cancelled.body.code).toBe('ORDER_NOT_FOUND');
      const list = await call(t.app, 'GET', '/api/customer/orders/', { token: bob.token });
      expect(OrderListReplySchema.parse(list.body).data.items).toEqual([]);

      const mine = await getOrder(alice, order.id);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual(order);
      expect((await getOrder(alice, 999_999)).status).toBe(404);
      expect(
        (await call(t.app, 'GET', '/api/customer/orders/abc/', { token: alice.token })).status,
      ).toBe(400);
    });

    it('cancels only before acceptance: a second cancel and an accepted order get 409', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      const order = await placeOrder(alice);
      expect((await cancel(alice, order.id)).status).toBe(200);
      const again = await cancel(alice, order.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'ORDER_NOT_CANCELLABLE',
        message: 'Đơn hàng không thể hủy ở trạng thái hiện tại',
      });

      await addToCart(alice, pho.dishes['Phở gà']!);
      // A paid order is cancellable until accepted (the refund is tested in fulfilment).
      const accepted = await placeOrder(alice);
      await setOrderStatus(t, accepted.id, 'accepted');
      expect((await cancel(alice, accepted.id)).status).toBe(409);
      expect((await getOrder(alice, accepted.id)).body.data.status).toBe('accepted');
    });

    it('needs a reason to cancel', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      const order = await placeOrder(alice);
      const res = await cancel(alice, order.id, '   ');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Vui lòng nhập lý do hủy đơn');
      expect((await getOrder(alice, order.id)).body.data.status).toBe('pending');
    });

    it('marks an item reviewed when a review of that very item exists', async () => {
      const alice = await newUser(t, 'customer');
      await addToCart(alice, pho.dishes['Phở gà']!);
      await addToCart(alice, pho.dishes['Trà đá']!);
      const order = await placeOrder(alice);
      expect(order.items.map((i) => i.has_reviewed)).toEqual([false, false]);
      // A review of the dish tied to no item (seeded before reviews had one) marks nothing;
      // the review of the Trà đá item marks that item only (reviews.test.ts covers the rest).
      await t.database.db
        .insertInto('reviews')
        .values([
          { food_id: pho.dishes['Phở gà']!, customer_id: alice.id, rating: 4 },
          {
            food_id: pho.dishes['Trà đá']!,
            customer_id: alice.id,
            rating: 5,
            order_item_id: order.items[1]!.id,
          },
        ])
        .execute();
      const items = (await getOrder(alice, order.id)).body.data.items;
      expect(items.map((i) => [i.food_name, i.has_reviewed])).toEqual([
        ['Phở gà', false],
        ['Trà đá', true],
      ]);
    });
  });

  describe('staff (GET /api/staff/orders/)', () => {
    let pending: Order;
    let paid: Order;
    let otherPaid: Order;

    beforeAll(async () => {
      const alice = await newUser(t, 'customer', { full_name: 'Trần Văn Khách' });
      await addToCart(alice, pho.dishes['Phở gà']!);
      pending = await placeOrder(alice);
      await addToCart(alice, pho.dishes['Phở bò']!, 2);
      paid = await placeOrder(alice);
      await setOrderStatus(t, paid.id, 'paid');
      await addToCart(alice, banhMi.dishes['Bánh mì']!);
      otherPaid = await placeOrder(alice);
      await setOrderStatus(t, otherPaid.id, 'accepted');
    });

    const staffList = (user: TestUser, query = '') =>
      call<ErrorBody & { data: unknown }>(t.app, 'GET', `/api/staff/orders/${query}`, {
        token: user.token,
      });
    const staffDetail = (user: TestUser, id: number) =>
      call<ErrorBody & { data: unknown }>(t.app, 'GET', `/api/staff/orders/${id}/`, {
        token: user.token,
      });

    it("shows the owner and the staff their restaurant's paid orders, never pending ones", async () => {
      const owner = await newOwnerOf(t, pho.id);
      const staff = await newUser(t, 'staff', { restaurant_id: pho.id });
      for (const user of [owner, staff]) {
        const res = await staffList(user);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const data = OrderListReplySchema.parse(res.body).data;
        const ids = data.items.map((o) => o.id);
        expect(ids).toContain(paid.id);
        expect(ids).not.toContain(pending.id);
        expect(ids).not.toContain(otherPaid.id);
        expect(data.items.every((o) => o.status !== 'pending' && o.restaurant_id === pho.id)).toBe(
          true,
        );

        const detail = await staffDetail(user, paid.id);
        expect(detail.status).toBe(200);
        expect(OrderReplySchema.parse(detail.body).data).toMatchObject({
          id: paid.id,
          status: 'paid',
          customer_name: 'Trần Văn Khách',
          total_amount: 100_000,
        });
        const hidden = await staffDetail(user, pending.id);
        expect(hidden.status).toBe(404);
        expect(hidden.body.code).toBe('ORDER_NOT_FOUND');
        expect(
          OrderListReplySchema.parse((await staffList(user, '?status=pending')).body).data.items,
        ).toEqual([]);
      }
    });

    it("keeps another restaurant's orders from its staff", async () => {
      const other = await newOwnerOf(t, banhMi.id);
      const list = OrderListReplySchema.parse((await staffList(other)).body).data;
      expect(list.items.map((o) => o.id)).toEqual([otherPaid.id]);
      expect((await staffDetail(other, paid.id)).status).toBe(404);
      const otherStaff = await newUser(t, 'staff', { restaurant_id: banhMi.id });
      expect((await staffDetail(otherStaff, paid.id)).status).toBe(404);
      expect((await staffDetail(otherStaff, otherPaid.id)).status).toBe(200);
    });

    it('answers an admin, or an owner or staff without a restaurant, with RESTAURANT_NOT_LINKED', async () => {
      for (const user of [
        await newUser(t, 'admin'),
        await newUser(t, 'owner'),
        await newUser(t, 'staff'),
      ]) {
        for (const res of [await staffList(user), await staffDetail(user, paid.id)]) {
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({
            code: 'RESTAURANT_NOT_LINKED',
            message: 'Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.',
          });
        }
      }
    });

    it('keeps customers off the staff routes and staff off the customer ones', async () => {
      const alice = await newUser(t, 'customer');
      for (const res of [await staffList(alice), await staffDetail(alice, paid.id)]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      const staff = await newUser(t, 'staff', { restaurant_id: pho.id });
      expect((await getOrder(staff, paid.id)).status).toBe(403);
      expect((await postOrder(staff)).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/staff/orders/')).status).toBe(401);
    });
  });
});
