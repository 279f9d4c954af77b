import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import {
  DELIVERY_RADIUS_MESSAGE,
  OUT_OF_AREA_MESSAGE,
  PAUSE_INVALID_MESSAGE,
} from '#contract/store';
import { countDishesQuery, nearestDishesQuery } from '#server/modules/catalogue/catalogue.queries';
import { call } from '../helpers/auth';
import { ALWAYS_OPEN, insertCatalogue } from '../helpers/catalogue';
import { deposit } from '../helpers/money';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DELIVERY } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

/**
 * Store controls (docs/decisions/036-store-controls.md): the busy pause and its end by itself,
 * the delivery area in the lists, the cart and the order, and auto-accept.
 */

type Body = {
  success: boolean;
  code?: string;
  message?: string;
  data?: Record<string, unknown>;
  errors?: { path: string; message: string }[];
};

const HOAN_KIEM = { lat: 21.0285, lon: 105.8542 };
/** About 12 km north of Hồ Hoàn Kiếm: outside a 10 km radius, inside a 15 km one. */
const DONG_ANH = { lat: 21.1366, lon: 105.8542 };
/** Over 1,000 km away, in TP.HCM. */
const SAI_GON = { lat: 10.7769, lon: 106.7009 };
const MINUTE = 60_000;

/** 'HH:mm' in Vietnam (UTC+7 all year), ' ngày dd/MM' when not today there: as customers read it. */
function vietnamClock(at: Date, now = new Date()): string {
  const local = (d: Date) => new Date(d.getTime() + 7 * 60 * MINUTE);
  const two = (n: number) => String(n).padStart(2, '0');
  const a = local(at);
  const n = local(now);
  const hhmm = `${two(a.getUTCHours())}:${two(a.getUTCMinutes())}`;
  const sameDay = a.toISOString().slice(0, 10) === n.toISOString().slice(0, 10);
  return sameDay ? hhmm : `${hhmm} ngày ${two(a.getUTCDate())}/${two(a.getUTCMonth() + 1)}`;
}

const DAILY: OpeningHours = {
  mon: [{ open: '07:00', close: '22:00' }],
  tue: [{ open: '07:00', close: '22:00' }],
  wed: [{ open: '07:00', close: '22:00' }],
  thu: [{ open: '07:00', close: '22:00' }],
  fri: [{ open: '07:00', close: '22:00' }],
  sat: [{ open: '07:00', close: '22:00' }],
  sun: [{ open: '07:00', close: '22:00' }],
};

/** The next 07:00 in Vietnam strictly after `now` (07:00 there is 00:00 UTC of that day). */
function nextSevenAm(now: Date): Date {
  const local = new Date(now.getTime() + 7 * 60 * MINUTE);
  const candidate = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()),
  );
  return candidate.getTime() > now.getTime()
    ? candidate
    : new Date(candidate.getTime() + 24 * 60 * MINUTE);
}

let t: TestApp;
let hanoi: { id: number; dishes: Record<string, number> };
let dongAnh: { id: number; dishes: Record<string, number> };
let saigon: { id: number; dishes: Record<string, number> };
let owner: TestUser;
let staff: TestUser;
let customer: TestUser;

const send = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who?: TestUser,
  body?: unknown,
) =>
  call<Body>(t.app, method, url, {
    ...(who ? { token: who.token } : {}),
    ...(body !== undefined ? { body } : {}),
  });
const pause = (who: TestUser, body: unknown) =>
  send('PUT', '/api/staff/restaurant/pause/', who, body);
const reopen = (who: TestUser) => send('DELETE', '/api/staff/restaurant/pause/', who);
const addToCart = (foodId: number, extra: Record<string, unknown> = {}) =>
  send('POST', '/api/customer/cart/add/', customer, { food_id: foodId, quantity: 1, ...extra });
const cartOf = async () => (await send('GET', '/api/customer/cart/', customer)).body.data;
const orderCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('customer_id', '=', customer.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const setRestaurant = (id: number, values: Record<string, unknown>) =>
  t.database.db.updateTable('restaurants').set(values).where('id', '=', id).execute();

beforeAll(async () => {
  t = await createTestApp();
  const made = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Trống',
      ...HOAN_KIEM,
      dishes: [
        { name: 'Phở bò tái', price: 55_000 },
        { name: 'Phở gà', price: 50_000 },
      ],
    },
    { name: 'Bún chả Đông Anh', ...DONG_ANH, dishes: [{ name: 'Bún chả que tre', price: 45_000 }] },
    { name: 'Cơm tấm Sài Gòn', ...SAI_GON, dishes: [{ name: 'Cơm tấm sườn', price: 40_000 }] },
  ]);
  [hanoi, dongAnh, saigon] = [made[0]!, made[1]!, made[2]!];
  owner = await ownerOf(t, hanoi.id);
  staff = await newUser(t, 'staff', { restaurant_id: hanoi.id });
  customer = await newUser(t, 'customer');
}, 60_000);

afterAll(() => t.close());

beforeEach(async () => {
  await setRestaurant(hanoi.id, {
    paused_until: null,
    opening_hours: JSON.stringify(ALWAYS_OPEN),
    auto_accept: false,
    delivery_radius_km: 10,
  });
  await setRestaurant(dongAnh.id, { delivery_radius_km: 10 });
  await send('DELETE', '/api/customer/cart/clear/', customer);
});

describe('the busy pause', () => {
  it.each([15, 30, 60])(
    'pauses for %i minutes from now, and every reply says until when',
    async (minutes) => {
      const before = Date.now();
      const res = await pause(owner, { minutes });
      const after = Date.now();
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Đã tạm ngưng nhận đơn');
      const data = res.body.data as StaffRestaurant;
      const until = new Date(data.paused_until!).getTime();
      expect(until).toBeGreaterThanOrEqual(before + minutes * MINUTE);
      expect(until).toBeLessThanOrEqual(after + minutes * MINUTE);
      // Open every hour of the week: it takes orders again exactly when the pause ends.
      expect(data).toMatchObject({ is_open_now: false, opens_at: data.paused_until });

      const detail = (await send('GET', `/api/restaurant/${hanoi.id}/detail`)).body.data!;
      expect(detail).toMatchObject({
        is_open_now: false,
        paused_until: data.paused_until,
        opens_at: data.paused_until,
        delivery_radius_km: 10,
      });
      const food = (await send('GET', `/api/food/${hanoi.dishes['Phở gà']}/`)).body.data!;
      expect(food.restaurant).toMatchObject({
        is_open_now: false,
        paused_until: data.paused_until,
        opens_at: data.paused_until,
        delivery_radius_km: 10,
      });
      const list = (await send('GET', `/api/food/?lat=${HOAN_KIEM.lat}&lon=${HOAN_KIEM.lon}`)).body
        .data as { items: { restaurant: Record<string, unknown> }[] };
      expect(list.items[0]!.restaurant).toMatchObject({
        id: hanoi.id,
        is_open_now: false,
        opens_at: data.paused_until,
      });
    },
  );

  it('pauses until the next opening in Vietnam, and the kitchen staff may pause too', async () => {
    await setRestaurant(hanoi.id, { opening_hours: JSON.stringify(DAILY) });
    const now = new Date();
    const res = await pause(staff, { until_next_opening: true });
    expect(res.status).toBe(200);
    const expected = nextSevenAm(now).toISOString();
    expect(res.body.data).toMatchObject({
      paused_until: expected,
      opens_at: expected,
      is_open_now: false,
    });
  });

  it('refuses to wait for an opening that never comes', async () => {
    await setRestaurant(hanoi.id, { opening_hours: JSON.stringify(ALWAYS_OPEN) });
    const res = await pause(owner, { until_next_opening: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'RESTAURANT_NO_OPENING',
      message: 'Nhà hàng chưa có giờ mở cửa để mở lại. Hãy chọn tạm ngưng 15, 30 hoặc 60 phút.',
    });
    expect((await send('GET', '/api/staff/restaurant/', owner)).body.data!.paused_until).toBeNull();
  });

  it.each([
    ['0 minutes', { minutes: 0 }],
    ['45 minutes', { minutes: 45 }],
    ["'15' as text", { minutes: '15' }],
    ['an empty body', {}],
    ['until_next_opening false', { until_next_opening: false }],
    ['both fields', { minutes: 15, until_next_opening: true }],
  ])('refuses %s with the contract message, pausing nothing', async (_label, body) => {
    const res = await pause(owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: PAUSE_INVALID_MESSAGE });
    expect((await send('GET', '/api/staff/restaurant/', owner)).body.data!.paused_until).toBeNull();
  });

  it("reopens at once with 'Mở lại ngay'", async () => {
    await pause(owner, { minutes: 60 });
    const res = await reopen(staff);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã mở lại nhận đơn');
    expect(res.body.data).toMatchObject({ paused_until: null, opens_at: null, is_open_now: true });
    expect((await addToCart(hanoi.dishes['Phở gà']!)).status).toBe(200);
  });

  it('ends by itself: a pause whose end has passed is no pause', async () => {
    await setRestaurant(hanoi.id, { paused_until: new Date(Date.now() - MINUTE) });
    const detail = (await send('GET', `/api/restaurant/${hanoi.id}/detail`)).body.data!;
    expect(detail).toMatchObject({ paused_until: null, opens_at: null, is_open_now: true });
  });

  it('refuses the add and the order while paused, then lets the order through once the pause has ended', async () => {
    expect((await addToCart(hanoi.dishes['Phở gà']!)).status).toBe(200);
    const cartBefore = await cartOf();
    const paused = (await pause(owner, { minutes: 15 })).body.data as StaffRestaurant;
    const message = `Quán đang tạm ngưng nhận đơn, mở lại lúc ${vietnamClock(new Date(paused.paused_until!))}`;

    const add = await addToCart(hanoi.dishes['Phở bò tái']!);
    expect(add.status).toBe(409);
    expect(add.body).toEqual({ success: false, code: 'RESTAURANT_BUSY', message });
    expect(await cartOf()).toEqual(cartBefore);

    const order = await send('POST', '/api/customer/orders/', customer, DELIVERY);
    expect(order.status).toBe(409);
    expect(order.body).toEqual({ success: false, code: 'RESTAURANT_BUSY', message });
    expect(await cartOf()).toEqual(cartBefore);
    const orders = await orderCount();

    // The pause runs out during checkout: no job, no write, the clock alone ends it.
    await setRestaurant(hanoi.id, { paused_until: new Date(Date.now() - 1000) });
    const placed = await send('POST', '/api/customer/orders/', customer, DELIVERY);
    expect(placed.status).toBe(201);
    expect(await orderCount()).toBe(orders + 1);
  });

  it('still lets a closed restaurant fill carts (the order refuses it), unlike a paused one', async () => {
    await setRestaurant(hanoi.id, {
      opening_hours: JSON.stringify({
        mon: [],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      }),
    });
    expect((await addToCart(hanoi.dishes['Phở gà']!)).status).toBe(200);
    const order = await send('POST', '/api/customer/orders/', customer, DELIVERY);
    expect(order.status).toBe(409);
    expect(order.body.code).toBe('RESTAURANT_CLOSED');
  });
});

describe('the delivery area', () => {
  const near = { lat: 21.03, lon: 105.85 };

  it('refuses an add from outside the area, changing nothing', async () => {
    expect((await addToCart(hanoi.dishes['Phở gà']!, near)).status).toBe(200);
    const before = await cartOf();
    const res = await addToCart(hanoi.dishes['Phở bò tái']!, SAI_GON);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'OUT_OF_DELIVERY_AREA',
      message: OUT_OF_AREA_MESSAGE,
    });
    expect(await cartOf()).toEqual(before);
  });

  it('checks nothing without a location (spec clients)', async () => {
    expect((await addToCart(saigon.dishes['Cơm tấm sườn']!)).status).toBe(200);
  });

  it('refuses the order to a point outside the area, keeping the cart and placing nothing', async () => {
    expect((await addToCart(hanoi.dishes['Phở gà']!)).status).toBe(200);
    const before = await cartOf();
    const orders = await orderCount();
    const res = await send('POST', '/api/customer/orders/', customer, { ...DELIVERY, ...DONG_ANH });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'OUT_OF_DELIVERY_AREA',
      message: OUT_OF_AREA_MESSAGE,
    });
    expect(await cartOf()).toEqual(before);
    expect(await orderCount()).toBe(orders);

    const half = await send('POST', '/api/customer/orders/', customer, { ...DELIVERY, lat: 21.03 });
    expect(half.status).toBe(400);
    expect(half.body.code).toBe('LOCATION_INCOMPLETE');

    const placed = await send('POST', '/api/customer/orders/', customer, { ...DELIVERY, ...near });
    expect(placed.status).toBe(201);
  });

  it('lists near Hà Nội only what delivers there; without a location, everything', async () => {
    const restaurantsOf = async (url: string) => {
      const data = (await send('GET', url, customer)).body.data as {
        items: { restaurant?: { id: number }; id?: number }[];
      };
      return new Set(data.items.map((item) => item.restaurant?.id ?? item.id));
    };
    const at = `lat=${near.lat}&lon=${near.lon}`;
    expect(await restaurantsOf(`/api/food/?${at}`)).toEqual(new Set([hanoi.id]));
    expect(await restaurantsOf(`/api/search/?q=pho&${at}`)).toEqual(new Set([hanoi.id]));
    expect(await restaurantsOf(`/api/search/?q=com&${at}`)).toEqual(new Set());
    expect(await restaurantsOf(`/api/customer/restaurant/random/?per_page=10&${at}`)).toEqual(
      new Set([hanoi.id]),
    );
    expect(await restaurantsOf('/api/food/')).toEqual(new Set([hanoi.id, dongAnh.id, saigon.id]));
    // A restaurant's own menu is shown whole: its page tells the customer it does not deliver.
    expect(await restaurantsOf(`/api/food/?restaurant_id=${saigon.id}&${at}`)).toEqual(
      new Set([saigon.id]),
    );
    expect(await restaurantsOf('/api/search/?q=com')).toEqual(new Set([saigon.id]));
    expect(await restaurantsOf('/api/customer/restaurant/random/?per_page=10')).toEqual(
      new Set([hanoi.id, dongAnh.id, saigon.id]),
    );

    // Đông Anh's owner delivers farther: its dishes come into the list at once.
    const far = await send('PUT', '/api/staff/restaurant/', await ownerOf(t, dongAnh.id), {
      delivery_radius_km: 15,
    });
    expect(far.status).toBe(200);
    expect(far.body.data!.delivery_radius_km).toBe(15);
    expect(await restaurantsOf(`/api/food/?${at}`)).toEqual(new Set([hanoi.id, dongAnh.id]));
    expect(await restaurantsOf(`/api/search/?q=bun&${at}`)).toEqual(new Set([dongAnh.id]));
    expect(await restaurantsOf(`/api/customer/restaurant/random/?per_page=10&${at}`)).toEqual(
      new Set([hanoi.id, dongAnh.id]),
    );
    expect((await addToCart(dongAnh.dishes['Bún chả que tre']!, near)).status).toBe(200);
  });

  it('finds nothing for a customer far from every restaurant, with the same empty page as any search', async () => {
    const far = (await send('GET', '/api/search/?q=pho&lat=16.0544&lon=108.2022')).body.data;
    const none = (await send('GET', '/api/search/?q=khongcomonnaynhe')).body.data;
    expect(far).toEqual(none);
    expect(far).toMatchObject({ items: [] });
  });

  it('lists nothing to a customer far from every restaurant', async () => {
    const data = (await send('GET', '/api/food/?lat=16.0544&lon=108.2022')).body.data as {
      items: unknown[];
      pagination: { total: number };
    };
    expect(data.items).toEqual([]);
    expect(data.pagination.total).toBe(0);
  });

  it.each([
    ['0', 0],
    ['51', 51],
    ['1.5', 1.5],
    ["'abc'", 'abc'],
  ])(
    'refuses a radius of %s with the contract message, changing nothing',
    async (_label, value) => {
      const res = await send('PUT', '/api/staff/restaurant/', owner, { delivery_radius_km: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: DELIVERY_RADIUS_MESSAGE,
      });
      expect(res.body.errors).toContainEqual({
        path: 'delivery_radius_km',
        message: DELIVERY_RADIUS_MESSAGE,
      });
      expect(
        (await send('GET', '/api/staff/restaurant/', owner)).body.data!.delivery_radius_km,
      ).toBe(10);
    },
  );

  it('takes the radius and auto-accept from a multipart form, and on create', async () => {
    const form = multipart({ delivery_radius_km: '25', auto_accept: 'true' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/restaurant/',
      headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Body>().data).toMatchObject({ delivery_radius_km: 25, auto_accept: true });

    const newcomer = await newUser(t, 'owner');
    const created = await send('POST', '/api/staff/restaurant/create/', newcomer, {
      name: 'Chè Hà Nội',
      address: '5 Hàng Gai, Hoàn Kiếm, Hà Nội',
      phone: '0912345670',
      email: 'che@example.vn',
      lat: 21.0325,
      lon: 105.8502,
      delivery_radius_km: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      delivery_radius_km: 3,
      auto_accept: false,
      paused_until: null,
    });
  });
});

describe('store settings of a rejected restaurant', () => {
  it('are saved without sending it back to the approval queue', async () => {
    const [rejected] = await insertCatalogue(t.database.db, [
      { name: 'Quán Bị Từ Chối', ...HOAN_KIEM, approval: 'rejected', dishes: [] },
    ]);
    const its = await ownerOf(t, rejected!.id);
    const res = await send('PUT', '/api/staff/restaurant/', its, {
      auto_accept: true,
      delivery_radius_km: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      approval_status: 'rejected',
      auto_accept: true,
      delivery_radius_km: 5,
    });
    const edited = await send('PUT', '/api/staff/restaurant/', its, { description: 'Đã sửa' });
    expect(edited.body.data!.approval_status).toBe('pending');
  });
});

describe('auto-accept', () => {
  const payOrder = async () => {
    expect((await addToCart(hanoi.dishes['Phở gà']!)).status).toBe(200);
    const placed = await send('POST', '/api/customer/orders/', customer, DELIVERY);
    expect(placed.status).toBe(201);
    const order = (placed.body.data as { order: { id: number; total_amount: number } }).order;
    await deposit(t, customer.id, order.total_amount);
    const paid = await send('POST', '/api/payment/order/pay/', customer, { order_id: order.id });
    expect(paid.status).toBe(200);
    return order.id;
  };
  const eventsOf = (orderId: number) =>
    t.database.db
      .selectFrom('events')
      .select(['type', 'user_id', 'restaurant_id', sql<string>`payload->>'status'`.as('status')])
      .where(sql<string>`payload->>'order_id'`, '=', String(orderId))
      .orderBy('id')
      .execute();

  it('accepts a paid order at once, still announcing the new order to the kitchen', async () => {
    const set = await send('PUT', '/api/staff/restaurant/', owner, { auto_accept: true });
    expect(set.body.data!.auto_accept).toBe(true);
    const id = await payOrder();

    const order = (await send('GET', `/api/customer/orders/${id}/`, customer)).body.data!;
    expect(order.status).toBe('accepted');
    const row = await t.database.db
      .selectFrom('orders')
      .select(['paid_at', 'accepted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.paid_at).not.toBeNull();
    expect(row.accepted_at).not.toBeNull();

    const events = await eventsOf(id);
    // The kitchen's ring (order.created) comes with the paid status, then the acceptance.
    expect(events).toContainEqual({
      type: 'order.created',
      user_id: null,
      restaurant_id: hanoi.id,
      status: 'paid',
    });
    expect(events.filter((e) => e.user_id === customer.id).map((e) => e.status)).toEqual([
      'paid',
      'accepted',
    ]);
    const staffNews = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', staff.id)
      .execute();
    expect(staffNews.length).toBeGreaterThan(0);
    const customerNews = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', customer.id)
      .execute();
    expect(customerNews.length).toBeGreaterThan(0);
  });

  it('leaves a paid order waiting for the kitchen without it', async () => {
    const id = await payOrder();
    const order = (await send('GET', `/api/customer/orders/${id}/`, customer)).body.data!;
    expect(order.status).toBe('paid');
    expect((await eventsOf(id)).map((e) => e.status)).not.toContain('accepted');
  });
});

describe('the delivery-area query plan', () => {
  let plan: TestApp;
  beforeAll(async () => {
    plan = await createTestApp();
    // 10,000 dishes over 200 restaurants around Hà Nội, so the planner has a real choice.
    await sql`insert into users (role, username, password_hash)
      select 'owner', 'area_owner_' || g, 'x' from generate_series(1, 200) g`.execute(
      plan.database.db,
    );
    await sql`insert into restaurants (owner_id, name, address, lat, lon, phone, email, opening_hours, approval_status)
      select u.id, 'Quán ' || u.id, 'Hà Nội', 20.9 + (u.id % 97) * 0.003, 105.7 + (u.id % 89) * 0.003,
        '0900000000', 'x@example.vn', '{}'::jsonb, 'approved'
      from users u where u.username like 'area_owner_%'`.execute(plan.database.db);
    // Bulk fixture: the per-row triggers are bypassed and their columns written directly.
    await plan.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into foods (restaurant_id, name, price, lat, lon, listed, search_text, delivery_radius_km)
        select r.id, 'Món ' || g, 10000 + g, r.lat, r.lon, true, 'mon ' || g, 10
        from restaurants r, generate_series(1, ${50}::int) g`.execute(trx);
    });
    await sql`analyze`.execute(plan.database.db);
  }, 120_000);
  afterAll(() => plan.close());

  it('bounds the count by the largest radius: a customer in TP.HCM reads no dish of Hà Nội', async () => {
    const query = countDishesQuery({ deliversTo: SAI_GON }, 1000);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off)
      ${query}`.execute(plan.database.db);
    const text = rows.map((row) => row['QUERY PLAN']).join('\n');
    // The dishes' location index, with the box of 50 km as its index condition...
    expect(text).toMatch(/Index Cond: \(\(ll_to_earth\(lat, lon\)\)::cube <@ '/);
    expect(text).toMatch(/foods_location/);
    // ...so no dish is read at all.
    expect(text).not.toMatch(/Seq Scan on foods/);
    const scans = [...text.matchAll(/on foods(?: \w+)? \(actual rows=([\d.]+)/g)];
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.every((m) => Number(m[1]) === 0)).toBe(true);
    // With nothing counted, the list never runs its nearest-first scan.
    const res = await call<Body>(
      plan.app,
      'GET',
      `/api/food/?lat=${SAI_GON.lat}&lon=${SAI_GON.lon}`,
    );
    expect((res.body.data as { items: unknown[] }).items).toEqual([]);
  });

  it('near Hà Nội keeps the nearest-first KNN scan, capped by the exact count', async () => {
    const query = nearestDishesQuery(HOAN_KIEM, { deliversTo: HOAN_KIEM }, 20, 0, 5);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(
      plan.database.db,
    );
    const text = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(
      /Index Scan using foods_location on foods \w+[^\n]*\n\s+Order By: [^\n]*<->/,
    );
    // The count's cap is the KNN's limit.
    expect(text).toMatch(/Limit[^\n]*\n(?:[^\n]*\n)*?\s+-> {2}Index Scan using foods_location/);
    expect(text).not.toMatch(/Seq Scan on foods/);
    const { rows: listed } = await nearestDishesQuery(
      HOAN_KIEM,
      { deliversTo: HOAN_KIEM },
      20,
      0,
    ).execute(plan.database.db);
    expect(listed).toHaveLength(20);
    expect(listed.every((row) => row.distance_km <= 10)).toBe(true);
  });
});
