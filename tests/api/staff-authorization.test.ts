import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Reply } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, paidOrder } from '../helpers/money';
import { newUser, ownerOf } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every staff-level route (/api/staff/*, /api/admin/*) against every kind of caller:
 * anonymous, a customer, the owner and the staff of restaurant A, the owner and the staff of
 * restaurant B, an admin. Calls aimed at A's dishes, orders, hours and team by anyone but A's
 * own people change nothing and leak nothing of A. The table is checked against the routes the
 * app really has, so a staff route added without a row here fails this test.
 */

type Actor = 'anonymous' | 'customer' | 'ownerA' | 'staffA' | 'ownerB' | 'staffB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'customer', 'ownerA', 'staffA', 'ownerB', 'staffB', 'admin'];
/** Everyone but A's own people first (their calls must change nothing), then A's people. */
const OUTSIDERS = ['anonymous', 'customer', 'ownerB', 'staffB', 'admin'] as const;
const INSIDERS = ['staffA', 'ownerA'] as const;

/**
 * - restaurant: works on the caller's own restaurant (owner or linked staff); others get their
 *   own restaurant's data, an admin has none;
 * - restaurant-id: names one of A's things by id: other restaurants get 404;
 * - owner / owner-id: the owner's own business (the team, creating the restaurant);
 * - self: the caller's own account or wallet;
 * - admin: approval and payouts.
 */
type Kind = 'restaurant' | 'restaurant-id' | 'owner' | 'owner-id' | 'self' | 'admin';

/** 'allowed': through the access rules (a 2xx, or a business refusal such as 400 or 409). */
type Outcome = 'allowed' | 401 | 403 | 404 | 'no-restaurant';

const OUTCOMES: Record<Kind, Record<Actor, Outcome>> = {
  restaurant: {
    anonymous: 401,
    customer: 403,
    ownerA: 'allowed',
    staffA: 'allowed',
    ownerB: 'allowed',
    staffB: 'allowed',
    admin: 'no-restaurant',
  },
  'restaurant-id': {
    anonymous: 401,
    customer: 403,
    ownerA: 'allowed',
    staffA: 'allowed',
    ownerB: 404,
    staffB: 404,
    admin: 'no-restaurant',
  },
  owner: {
    anonymous: 401,
    customer: 403,
    ownerA: 'allowed',
    staffA: 403,
    ownerB: 'allowed',
    staffB: 403,
    admin: 403,
  },
  'owner-id': {
    anonymous: 401,
    customer: 403,
    ownerA: 'allowed',
    staffA: 403,
    ownerB: 404,
    staffB: 403,
    admin: 403,
  },
  self: {
    anonymous: 401,
    customer: 403,
    ownerA: 'allowed',
    staffA: 'allowed',
    ownerB: 'allowed',
    staffB: 'allowed',
    admin: 'allowed',
  },
  admin: {
    anonymous: 401,
    customer: 403,
    ownerA: 403,
    staffA: 403,
    ownerB: 403,
    staffB: 403,
    admin: 'allowed',
  },
};

interface Ids {
  food: number;
  /** A topping of A's dish: the sold-out of one choice names it. */
  topping: number;
  order: number;
  member: number;
  restaurant: number;
  /** A third restaurant waiting for approval: the admin's to decide on, nobody else's. */
  pending: number;
  withdrawal: number;
  /** A's own coupon, and one of the platform's (every restaurant). */
  coupon: number;
  platformCoupon: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the OpenAPI document names it: '/api/staff/foods/{id}/'. */
  path: string;
  kind: Kind;
  url?: (ids: Ids) => string;
  body?: unknown;
}

const HOURS = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
    day,
    [{ open: '06:00', close: '23:00' }],
  ]),
);

const TABLE: Row[] = [
  { method: 'GET', path: '/api/staff/foods/', kind: 'restaurant' },
  {
    method: 'POST',
    path: '/api/staff/foods/',
    kind: 'restaurant',
    body: { name: 'Nem rán', price: 30_000 },
  },
  { method: 'GET', path: '/api/staff/foods/{id}/', kind: 'restaurant-id' },
  {
    method: 'PUT',
    path: '/api/staff/foods/{id}/',
    kind: 'restaurant-id',
    body: { price: 61_000 },
  },
  { method: 'PUT', path: '/api/staff/foods/{id}/toggle/', kind: 'restaurant-id' },
  {
    method: 'PUT',
    path: '/api/staff/foods/{id}/sold-out/',
    kind: 'restaurant-id',
    body: { sold_out: true },
  },
  {
    method: 'PUT',
    path: '/api/staff/foods/{id}/options/{option_id}/sold-out/',
    kind: 'restaurant-id',
    url: (ids) => `/api/staff/foods/${ids.food}/options/${ids.topping}/sold-out/`,
    body: { sold_out: true },
  },
  { method: 'DELETE', path: '/api/staff/foods/{id}/', kind: 'restaurant-id' },
  { method: 'GET', path: '/api/staff/reviews/', kind: 'restaurant' },
  { method: 'GET', path: '/api/staff/orders/', kind: 'restaurant' },
  { method: 'GET', path: '/api/staff/orders/{id}/', kind: 'restaurant-id' },
  { method: 'PUT', path: '/api/staff/orders/{id}/accept/', kind: 'restaurant-id' },
  { method: 'PUT', path: '/api/staff/orders/{id}/done/', kind: 'restaurant-id' },
  { method: 'PUT', path: '/api/staff/orders/{id}/complete/', kind: 'restaurant-id' },
  {
    method: 'PUT',
    path: '/api/staff/orders/{id}/cancel/',
    kind: 'restaurant-id',
    body: { reason: 'Hết nguyên liệu' },
  },
  {
    method: 'GET',
    path: '/api/staff/revenue/',
    kind: 'restaurant',
    url: () => '/api/staff/revenue/?start_date=2026-11-01&end_date=2026-11-30',
  },
  { method: 'GET', path: '/api/staff/restaurant/', kind: 'restaurant' },
  {
    method: 'PUT',
    path: '/api/staff/restaurant/',
    kind: 'restaurant',
    body: { description: 'Đổi mô tả' },
  },
  {
    method: 'PUT',
    path: '/api/staff/restaurant/hours/',
    kind: 'restaurant',
    body: { opening_hours: HOURS },
  },
  { method: 'PUT', path: '/api/staff/restaurant/toggle/', kind: 'restaurant' },
  {
    method: 'PUT',
    path: '/api/staff/restaurant/pause/',
    kind: 'restaurant',
    body: { minutes: 15 },
  },
  { method: 'DELETE', path: '/api/staff/restaurant/pause/', kind: 'restaurant' },
  {
    method: 'POST',
    path: '/api/staff/restaurant/create/',
    kind: 'owner',
    body: {
      name: 'Quán Thứ Hai',
      address: 'Hoàn Kiếm, Hà Nội',
      phone: '0912345678',
      email: 'quan2@example.com',
    },
  },
  { method: 'GET', path: '/api/staff/members/', kind: 'owner' },
  {
    method: 'POST',
    path: '/api/staff/members/',
    kind: 'owner',
    body: {
      username: 'bep_truong',
      password: 'Bep-truong-2026',
      first_name: 'An',
      last_name: 'Lê',
    },
  },
  {
    method: 'DELETE',
    path: '/api/staff/members/{id}/',
    kind: 'owner-id',
    url: (ids) => `/api/staff/members/${ids.member}/`,
  },
  { method: 'GET', path: '/api/staff/profile/', kind: 'self' },
  { method: 'PUT', path: '/api/staff/profile/', kind: 'self', body: { address: 'Hà Nội' } },
  { method: 'POST', path: '/api/staff/payment/deposit/', kind: 'self', body: { amount: 50_000 } },
  { method: 'POST', path: '/api/staff/payment/withdraw/', kind: 'self', body: { amount: 1_000 } },
  { method: 'GET', path: '/api/admin/restaurants/', kind: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/restaurants/{id}/approve/',
    kind: 'admin',
    url: (ids) => `/api/admin/restaurants/${ids.pending}/approve/`,
  },
  {
    method: 'PUT',
    path: '/api/admin/restaurants/{id}/reject/',
    kind: 'admin',
    url: (ids) => `/api/admin/restaurants/${ids.pending}/reject/`,
    body: { reason: 'Thiếu giấy phép' },
  },
  // The admin pauses the pending restaurant (never A), then resumes it.
  {
    method: 'PUT',
    path: '/api/admin/restaurants/{id}/pause/',
    kind: 'admin',
    url: (ids) => `/api/admin/restaurants/${ids.pending}/pause/`,
    body: { reason: 'Bán hàng giả' },
  },
  {
    method: 'PUT',
    path: '/api/admin/restaurants/{id}/resume/',
    kind: 'admin',
    url: (ids) => `/api/admin/restaurants/${ids.pending}/resume/`,
  },
  {
    method: 'GET',
    path: '/api/admin/money/',
    kind: 'admin',
    url: () => '/api/admin/money/?start_date=2026-11-01&end_date=2026-11-30',
  },
  { method: 'POST', path: '/api/admin/money/check/', kind: 'admin' },
  // Payouts: the list, the accountant's CSV, and the two decisions (paid needs the reference).
  { method: 'GET', path: '/api/admin/withdrawals/', kind: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/withdrawals/export.csv',
    kind: 'admin',
    url: () => '/api/admin/withdrawals/export.csv?start_date=2026-01-01&end_date=2026-12-31',
  },
  {
    method: 'PUT',
    path: '/api/admin/withdrawals/{id}/paid/',
    kind: 'admin',
    url: (ids) => `/api/admin/withdrawals/${ids.withdrawal}/paid/`,
    body: { reference: 'FT26331000001' },
  },
  {
    method: 'PUT',
    path: '/api/admin/withdrawals/{id}/reject/',
    kind: 'admin',
    url: (ids) => `/api/admin/withdrawals/${ids.withdrawal}/reject/`,
    body: { reason: 'Sai số tài khoản' },
  },
  // Coupons: the platform's (admin) and each restaurant's (its owner; its staff read them).
  { method: 'GET', path: '/api/admin/coupons/', kind: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/coupons/',
    kind: 'admin',
    body: { code: 'NENTANG50', type: 'percent', value: 50, max_discount: 20_000 },
  },
  {
    method: 'PUT',
    path: '/api/admin/coupons/{id}/',
    kind: 'admin',
    url: (ids) => `/api/admin/coupons/${ids.platformCoupon}/`,
    body: { paused: true },
  },
  { method: 'GET', path: '/api/staff/coupons/', kind: 'restaurant' },
  {
    method: 'POST',
    path: '/api/staff/coupons/',
    kind: 'owner',
    body: { code: 'QUANMINH', type: 'fixed', value: 10_000 },
  },
  {
    method: 'PUT',
    path: '/api/staff/coupons/{id}/',
    kind: 'owner-id',
    url: (ids) => `/api/staff/coupons/${ids.coupon}/`,
    body: { value: 15_000, usage_limit: 100 },
  },
  // Users and the audit log: the admin locks A's staff member, then unlocks them again.
  { method: 'GET', path: '/api/admin/users/', kind: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/users/{id}/',
    kind: 'admin',
    url: (ids) => `/api/admin/users/${ids.member}/`,
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}/lock/',
    kind: 'admin',
    url: (ids) => `/api/admin/users/${ids.member}/lock/`,
    body: { reason: 'Kiểm tra quyền' },
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}/unlock/',
    kind: 'admin',
    url: (ids) => `/api/admin/users/${ids.member}/unlock/`,
  },
  { method: 'GET', path: '/api/admin/audit/', kind: 'admin' },
];

/** The path with A's ids filled in. */
function urlOf(row: Row, ids: Ids): string {
  if (row.url) return row.url(ids);
  const id = row.path.startsWith('/api/staff/foods/') ? ids.food : ids.order;
  return row.path.replace('{id}', String(id));
}

/** Restaurant A's name, dish and order carry it, so a leak of A's data is easy to spot. */
const MARKER = 'Quán Riêng Của A';

describe('authorization of every staff and admin route', () => {
  let t: TestApp;
  let ids: Ids;
  const tokens = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    t = await createTestApp();
    const [a, b, c] = await insertCatalogue(t.database.db, [
      {
        name: MARKER,
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          { name: `Phở ${MARKER}`, price: 60_000, toppings: [{ name: 'Quẩy', price: 3_000 }] },
        ],
      },
      {
        name: 'Quán B',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh cuốn', price: 35_000 }],
      },
      { name: 'Quán Mới Mở', lat: 21.03, lon: 105.85, approval: 'pending', dishes: [] },
    ]);
    const ownerA = await ownerOf(t, a!.id);
    const customer = await newUser(t, 'customer');
    tokens.anonymous = undefined;
    tokens.customer = customer.token;
    tokens.ownerA = ownerA.token;
    tokens.staffA = (await newUser(t, 'staff', { restaurant_id: a!.id })).token;
    tokens.ownerB = (await ownerOf(t, b!.id)).token;
    tokens.staffB = (await newUser(t, 'staff', { restaurant_id: b!.id })).token;
    tokens.admin = (await newUser(t, 'admin')).token;

    const order = await paidOrder(t, customer, a!.dishes[`Phở ${MARKER}`]!);
    const member = await newUser(t, 'staff', { restaurant_id: a!.id });
    await deposit(t, ownerA.id, 100_000);
    const withdrawn = await call<{ data: { withdrawal: { id: number } } }>(
      t.app,
      'POST',
      '/api/staff/payment/withdraw/',
      { token: ownerA.token, body: { amount: 20_000 } },
    );
    expect(withdrawn.status).toBe(200);
    const topping = await t.database.db
      .selectFrom('toppings')
      .select('id')
      .where('food_id', '=', a!.dishes[`Phở ${MARKER}`]!)
      .executeTakeFirstOrThrow();
    ids = {
      food: a!.dishes[`Phở ${MARKER}`]!,
      topping: topping.id,
      order: order.id,
      member: member.id,
      restaurant: a!.id,
      pending: c!.id,
      withdrawal: withdrawn.body.data.withdrawal.id,
      ...(await insertCoupons(a!.id)),
    };
  });
  afterAll(() => t.close());

  async function insertCoupons(restaurantId: number) {
    const insert = (code: string, restaurant_id: number | null) =>
      t.database.db
        .insertInto('coupons')
        .values({ code, kind: 'fixed', value: 10_000, restaurant_id })
        .returning('id')
        .executeTakeFirstOrThrow();
    return {
      coupon: (await insert('RIENGCUAA', restaurantId)).id,
      platformCoupon: (await insert('CHOMOINGUOI', null)).id,
    };
  }

  const send = async (row: Row, actor: Actor): Promise<Reply<{ code?: string }>> => {
    const token = tokens[actor];
    if (row.path.endsWith('.csv')) {
      // A download: CSV for whoever may have it, the JSON refusal for everyone else.
      const res = await t.app.inject({
        method: row.method,
        url: urlOf(row, ids),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const json = String(res.headers['content-type']).startsWith('application/json');
      return {
        status: res.statusCode,
        body: json ? res.json<{ code?: string }>() : {},
        headers: res.headers,
      };
    }
    return call(t.app, row.method, urlOf(row, ids), {
      ...(token ? { token } : {}),
      ...(row.body !== undefined ? { body: row.body } : {}),
    });
  };

  /** Everything of A that a call could change. */
  const snapshotOfA = async () => {
    const db = t.database.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('restaurants').selectAll().where('id', '=', ids.restaurant).execute(),
        db.selectFrom('foods').selectAll().where('restaurant_id', '=', ids.restaurant).execute(),
        db.selectFrom('toppings').selectAll().where('food_id', '=', ids.food).execute(),
        db.selectFrom('orders').selectAll().where('restaurant_id', '=', ids.restaurant).execute(),
        db.selectFrom('coupons').selectAll().where('restaurant_id', '=', ids.restaurant).execute(),
        db
          .selectFrom('users')
          .select(['id', 'restaurant_id'])
          .where('restaurant_id', '=', ids.restaurant)
          .orderBy('id')
          .execute(),
      ]),
    );
  };

  it('has a row for every staff-level route the app serves, and no row for a route it lacks', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/staff/') || path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const listed = TABLE.map((row) => `${row.method} ${row.path}`).sort();
    expect(listed).toEqual(served);
    expect([...OUTSIDERS, ...INSIDERS].sort()).toEqual([...ACTORS].sort());
  });

  it("refuses everyone outside A's people on A's things, changing and revealing nothing", async () => {
    const before = await snapshotOfA();
    const wrong: string[] = [];
    for (const row of TABLE) {
      for (const actor of OUTSIDERS) {
        const expected = OUTCOMES[row.kind][actor];
        const reply = await send(row, actor);
        const what = `${actor} ${row.method} ${row.path}: ${reply.status} ${JSON.stringify(reply.body)}`;
        if (expected === 'allowed') {
          if ([401, 403, 404].includes(reply.status) || reply.status >= 500) wrong.push(what);
        } else if (expected === 'no-restaurant') {
          if (![403, 404].includes(reply.status)) wrong.push(what);
          else if (!['RESTAURANT_NONE', 'RESTAURANT_NOT_LINKED'].includes(reply.body.code ?? '')) {
            wrong.push(what);
          }
        } else if (reply.status !== expected) {
          wrong.push(what);
        }
        // Admin lists of restaurants and withdrawals are the admin's to see.
        if (row.kind !== 'admin' && JSON.stringify(reply.body).includes(MARKER)) {
          wrong.push(`${what} (shows A's data)`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOfA()).toBe(before);
  });

  it("lets A's owner and staff through, each to what their role allows", async () => {
    const wrong: string[] = [];
    // DELETE of the dish last, so the calls before it still find the dish.
    const ordered = [...TABLE].sort(
      (x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'),
    );
    for (const row of ordered) {
      for (const actor of INSIDERS) {
        const expected = OUTCOMES[row.kind][actor];
        const reply = await send(row, actor);
        const what = `${actor} ${row.method} ${row.path}: ${reply.status} ${JSON.stringify(reply.body)}`;
        if (expected === 'allowed') {
          if ([401, 403].includes(reply.status) || reply.status >= 500) wrong.push(what);
          // A 404 is right only once the thing is gone (the dish the staff member deleted).
          if (reply.status === 404 && !(row.method === 'DELETE' && actor === 'ownerA')) {
            wrong.push(what);
          }
        } else if (reply.status !== expected) {
          wrong.push(what);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
