import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderReplySchema, type OrderStatus } from '#contract/orders';
import {
  DATE_INVALID_MESSAGE,
  DATE_RANGE_MESSAGE,
  DATE_RANGE_TOO_LONG_MESSAGE,
  RevenueReplySchema,
  type RevenueSummary,
} from '#contract/revenue';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { newOwnerOf, newUser, type TestUser } from '../factories/users';

const DELIVERY = { delivery_address: '12 Lý Thường Kiệt, Hà Nội', delivery_phone: '0912345678' };

describe('revenue (GET /api/staff/revenue/, spec 2.17, 7.5)', () => {
  let t: TestApp;
  let pho: { id: number; dishes: Record<string, number> };
  let banhMi: { id: number; dishes: Record<string, number> };
  let phoOwner: TestUser;
  let phoStaff: TestUser;
  let banhMiOwner: TestUser;
  let customer: TestUser;

  /**
   * An order through the real cart and order API, then moved to `status` directly (fulfilment
   * has its own tests), completed at `completedAt` ('...+07:00', a moment in Vietnam).
   */
  const order = async (
    foodId: number,
    quantity: number,
    status: OrderStatus,
    completedAt: string | null,
  ) => {
    const added = await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: { food_id: foodId, quantity, topping_ids: [] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const res = await call(t.app, 'POST', '/api/customer/orders/', {
      token: customer.token,
      body: DELIVERY,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = CreateOrderReplySchema.parse(res.body).data.order;
    await t.database.db
      .updateTable('orders')
      .set({ status, completed_at: completedAt === null ? null : new Date(completedAt) })
      .where('id', '=', created.id)
      .execute();
    return created;
  };

  const revenue = (user: TestUser, query: string) =>
    call<ErrorBody & { data: RevenueSummary }>(t.app, 'GET', `/api/staff/revenue/${query}`, {
      token: user.token,
    });

  const summary = async (user: TestUser, start: string, end: string) => {
    const res = await revenue(user, `?start_date=${start}&end_date=${end}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RevenueReplySchema.parse(res.body).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [{ name: 'Phở bò', price: 50_000 }],
      },
      {
        name: 'Bánh Mì Phố Huế',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh mì', price: 25_000 }],
      },
    ]);
    pho = created[0]!;
    banhMi = created[1]!;
    phoOwner = await newOwnerOf(t, pho.id);
    phoStaff = await newUser(t, 'staff', { restaurant_id: pho.id });
    banhMiOwner = await newOwnerOf(t, banhMi.id);
    customer = await newUser(t, 'customer');

    const bo = pho.dishes['Phở bò']!;
    // 23:30 on the 1st in Vietnam (16:30 UTC): the 1st.
    await order(bo, 1, 'completed', '2026-03-01T23:30:00+07:00');
    // Local midnight opening the 1st is 17:00 UTC on 28 February: still the 1st.
    await order(bo, 2, 'completed', '2026-03-01T00:00:00+07:00');
    // 00:30 on the 2nd in Vietnam is 17:30 UTC on the 1st: the 2nd.
    await order(bo, 3, 'completed', '2026-03-02T00:30:00+07:00');
    // The last moment of the 4th.
    await order(bo, 4, 'completed', '2026-03-04T23:59:59.999+07:00');
    // Just outside 1st-4th on either side.
    await order(bo, 5, 'completed', '2026-02-28T23:59:59.999+07:00');
    await order(bo, 6, 'completed', '2026-03-05T00:00:00+07:00');
    // Not completed: never revenue, whatever their timestamps say.
    await order(bo, 7, 'cancelled', '2026-03-02T12:00:00+07:00');
    await order(bo, 8, 'done', null);
    await order(bo, 9, 'paid', null);
    await order(bo, 10, 'pending', null);
    // Another restaurant's completed order on the 2nd.
    await order(banhMi.dishes['Bánh mì']!, 1, 'completed', '2026-03-02T10:00:00+07:00');
  });

  afterAll(async () => {
    await t.close();
  });

  it('sums completed orders per day in Asia/Ho_Chi_Minh, every day present', async () => {
    const data = await summary(phoOwner, '2026-03-01', '2026-03-04');
    expect(data).toEqual({
      order_count: 4,
      total_revenue: 500_000,
      daily_revenue: [
        { date: '2026-03-01', revenue: 150_000, orders: 2 },
        { date: '2026-03-02', revenue: 150_000, orders: 1 },
        { date: '2026-03-03', revenue: 0, orders: 0 },
        { date: '2026-03-04', revenue: 200_000, orders: 1 },
      ],
    });
  });

  it('takes both dates inclusively: the neighbours join when the range widens', async () => {
    const data = await summary(phoOwner, '2026-02-28', '2026-03-05');
    expect(data.daily_revenue.map((d) => [d.date, d.revenue, d.orders])).toEqual([
      ['2026-02-28', 250_000, 1],
      ['2026-03-01', 150_000, 2],
      ['2026-03-02', 150_000, 1],
      ['2026-03-03', 0, 0],
      ['2026-03-04', 200_000, 1],
      ['2026-03-05', 300_000, 1],
    ]);
    expect([data.order_count, data.total_revenue]).toEqual([6, 1_050_000]);
  });

  it('answers a single day, and an empty range with zeros', async () => {
    expect(await summary(phoOwner, '2026-03-02', '2026-03-02')).toEqual({
      order_count: 1,
      total_revenue: 150_000,
      daily_revenue: [{ date: '2026-03-02', revenue: 150_000, orders: 1 }],
    });
    const quiet = await summary(phoOwner, '2026-01-30', '2026-02-02');
    expect(quiet).toEqual({
      order_count: 0,
      total_revenue: 0,
      daily_revenue: ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'].map((date) => ({
        date,
        revenue: 0,
        orders: 0,
      })),
    });
  });

  it('gives a linked staff member the same figures as the owner', async () => {
    expect(await summary(phoStaff, '2026-03-01', '2026-03-04')).toEqual(
      await summary(phoOwner, '2026-03-01', '2026-03-04'),
    );
  });

  it("shows another restaurant's staff their own orders only", async () => {
    const data = await summary(banhMiOwner, '2026-03-01', '2026-03-04');
    expect(data).toEqual({
      order_count: 1,
      total_revenue: 25_000,
      daily_revenue: [
        { date: '2026-03-01', revenue: 0, orders: 0 },
        { date: '2026-03-02', revenue: 25_000, orders: 1 },
        { date: '2026-03-03', revenue: 0, orders: 0 },
        { date: '2026-03-04', revenue: 0, orders: 0 },
      ],
    });
  });

  it('accepts up to 366 days (a leap year) and crosses month and year ends', async () => {
    const year = await summary(phoOwner, '2024-01-01', '2024-12-31');
    expect(year.daily_revenue).toHaveLength(366);
    expect(year.daily_revenue[59]!.date).toBe('2024-02-29');
    expect(year.daily_revenue.at(-1)!.date).toBe('2024-12-31');
    const newYear = await summary(phoOwner, '2025-12-31', '2026-01-01');
    expect(newYear.daily_revenue.map((d) => d.date)).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('refuses malformed, impossible, reversed and too long ranges with 400', async () => {
    const cases: [string, string][] = [
      ['?start_date=2026-3-01&end_date=2026-03-04', DATE_INVALID_MESSAGE],
      ['?start_date=01/03/2026&end_date=2026-03-04', DATE_INVALID_MESSAGE],
      ['?start_date=2026-03-01&end_date=hôm nay', DATE_INVALID_MESSAGE],
      ['?start_date=2026-03-01T00:00&end_date=2026-03-04', DATE_INVALID_MESSAGE],
      ['?start_date=2026-02-30&end_date=2026-03-04', DATE_INVALID_MESSAGE],
      ['?start_date=2025-02-29&end_date=2025-03-04', DATE_INVALID_MESSAGE],
      ['?start_date=2026-13-01&end_date=2026-13-02', DATE_INVALID_MESSAGE],
      ['?start_date=0000-01-01&end_date=0000-01-02', DATE_INVALID_MESSAGE],
      ['?start_date=2026-03-01', DATE_INVALID_MESSAGE],
      ['?end_date=2026-03-01', DATE_INVALID_MESSAGE],
      ['', DATE_INVALID_MESSAGE],
      ['?start_date=2026-03-05&end_date=2026-03-04', DATE_RANGE_MESSAGE],
      ['?start_date=2025-01-01&end_date=2026-01-02', DATE_RANGE_TOO_LONG_MESSAGE],
      ['?start_date=0001-01-01&end_date=9999-12-31', DATE_RANGE_TOO_LONG_MESSAGE],
    ];
    for (const [query, message] of cases) {
      const res = await revenue(phoOwner, encodeURI(query));
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
      expect(res.body.message, query).toBe(message);
    }
  });

  it('refuses customers (403) and staff-level accounts without a restaurant (RESTAURANT_NOT_LINKED)', async () => {
    const asCustomer = await revenue(customer, '?start_date=2026-03-01&end_date=2026-03-04');
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe('FORBIDDEN');
    for (const user of [
      await newUser(t, 'staff'),
      await newUser(t, 'owner'),
      await newUser(t, 'admin'),
    ]) {
      const res = await revenue(user, '?start_date=2026-03-01&end_date=2026-03-04');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('RESTAURANT_NOT_LINKED');
      expect(res.body.message).toBe('Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.');
    }
    const anonymous = await call<ErrorBody>(
      t.app,
      'GET',
      '/api/staff/revenue/?start_date=2026-03-01&end_date=2026-03-04',
    );
    expect(anonymous.status).toBe(401);
  });
});
