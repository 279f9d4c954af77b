import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAVORITE_FOODS_FULL_MESSAGE,
  FAVORITE_RESTAURANTS_FULL_MESSAGE,
  FavoritesReplySchema,
  FavoriteStateReplySchema,
  type Favorites,
} from '#contract/favorites';
import { FoodListReplySchema } from '#contract/catalogue';
import { call } from '../helpers/auth';
import { earthDistanceKm, insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import { placeOrder, setOrderStatus } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

type Json = Record<string, unknown>;

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof insertCatalogue>>;
const dish: Record<string, number> = {};
const restaurant: Record<string, number> = {};

const HOME = { lat: 21.0285, lon: 105.8542 };

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [
        { name: 'Phở bò', price: 50_000, categories: ['Món chính'] },
        { name: 'Phở gà', price: 45_000 },
        { name: 'Phở cuốn', price: 60_000 },
        { name: 'Phở chiên', price: 55_000 },
        { name: 'Nước chanh', price: 15_000, available: false },
        { name: 'Phở trộn', price: 40_000 },
        { name: 'Món đã xoá', price: 10_000, deleted: true },
      ],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25_000 }],
    },
    {
      name: 'Quán Chờ Duyệt',
      lat: 21.03,
      lon: 105.85,
      approval: 'pending',
      dishes: [{ name: 'Bún chờ duyệt', price: 30_000 }],
    },
  ]);
  for (const r of catalogue) {
    Object.assign(dish, r.dishes);
    restaurant[r.name] = r.id;
  }
});
afterAll(() => t.close());

const favorites = (token: string | undefined, query = '') =>
  call<Json>(t.app, 'GET', `/api/customer/favorites/${query}`, token ? { token } : {});
const put = (token: string | undefined, kind: string, id: number | string) =>
  call<Json>(t.app, 'PUT', `/api/customer/favorites/${kind}/${id}/`, token ? { token } : {});
const del = (token: string | undefined, kind: string, id: number | string) =>
  call<Json>(t.app, 'DELETE', `/api/customer/favorites/${kind}/${id}/`, token ? { token } : {});

async function read(token: string, query = ''): Promise<Favorites> {
  const res = await favorites(token, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return FavoritesReplySchema.parse(res.body).data;
}

function state(res: { status: number; body: Json }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return FavoriteStateReplySchema.parse(res.body);
}

async function savedCount(customer: TestUser, table: 'favorite_foods' | 'favorite_restaurants') {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where customer_id = ${customer.id}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
}

describe('saving and reading (GET, PUT, DELETE /api/customer/favorites/)', () => {
  it('starts empty, privately: never kept by a shared cache', async () => {
    const customer = await newUser(t, 'customer');
    const res = await favorites(customer.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Thành công',
      data: { foods: [], restaurants: [] },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('saves a dish and lists it in the home list’s shape, with its distance from lat/lon', async () => {
    const customer = await newUser(t, 'customer');
    const saved = state(await put(customer.token, 'foods', dish['Phở bò']!));
    expect(saved).toEqual({
      success: true,
      message: 'Đã lưu vào bộ sưu tập',
      data: { kind: 'foods', id: dish['Phở bò'], saved: true },
    });
    const query = `?lat=${HOME.lat}&lon=${HOME.lon}`;
    const { foods, restaurants } = await read(customer.token, query);
    expect(restaurants).toEqual([]);
    // Exactly what the catalogue's own list says of the dish, from the same point.
    const list = FoodListReplySchema.parse(
      (
        await call(
          t.app,
          'GET',
          `/api/food/?restaurant_id=${restaurant['Phở Hàng Bạc']}&lat=${HOME.lat}&lon=${HOME.lon}`,
        )
      ).body,
    ).data.items;
    expect(foods).toEqual([list.find((d) => d.id === dish['Phở bò'])]);
    expect(foods[0]!.categories).toEqual(['Món chính']);
    expect(foods[0]!.distance_km).toBeCloseTo(
      earthDistanceKm(HOME, { lat: 21.0343, lon: 105.8531 }),
      2,
    );
    // Without a location, from the catalogue's default origin (Hồ Hoàn Kiếm, the same point).
    expect((await read(customer.token)).foods[0]!.distance_km).toBe(foods[0]!.distance_km);
    // Elsewhere, another distance.
    const far = await read(customer.token, '?lat=10.7769&lon=106.7009');
    expect(far.foods[0]!.distance_km).toBeGreaterThan(1000);
  });

  it('lists the most recently saved first; saving again keeps one row and its place', async () => {
    const customer = await newUser(t, 'customer');
    for (const name of ['Phở bò', 'Phở gà', 'Bánh mì'])
      state(await put(customer.token, 'foods', dish[name]!));
    const names = async () => (await read(customer.token)).foods.map((f) => f.name);
    expect(await names()).toEqual(['Bánh mì', 'Phở gà', 'Phở bò']);
    state(await put(customer.token, 'foods', dish['Phở bò']!));
    state(await put(customer.token, 'foods', dish['Phở bò']!));
    expect(await names()).toEqual(['Bánh mì', 'Phở gà', 'Phở bò']);
    expect(await savedCount(customer, 'favorite_foods')).toBe(3);
  });

  it('removes idempotently: removing what is not saved, or does not exist, is 200 saved false', async () => {
    const customer = await newUser(t, 'customer');
    state(await put(customer.token, 'foods', dish['Phở gà']!));
    state(await put(customer.token, 'restaurants', restaurant['Bánh Mì Phố Huế']!));
    const removed = state(await del(customer.token, 'foods', dish['Phở gà']!));
    expect(removed).toEqual({
      success: true,
      message: 'Đã bỏ khỏi bộ sưu tập',
      data: { kind: 'foods', id: dish['Phở gà'], saved: false },
    });
    expect(state(await del(customer.token, 'foods', dish['Phở gà']!)).data.saved).toBe(false);
    expect(state(await del(customer.token, 'foods', 999_999)).data).toEqual({
      kind: 'foods',
      id: 999_999,
      saved: false,
    });
    expect(state(await del(customer.token, 'restaurants', 999_999)).data.saved).toBe(false);
    expect((await read(customer.token)).foods).toEqual([]);
    state(await del(customer.token, 'restaurants', restaurant['Bánh Mì Phố Huế']!));
    expect(await read(customer.token)).toEqual({ foods: [], restaurants: [] });
  });

  it('is per customer: one’s collection never shows in another’s reply', async () => {
    const a = await newUser(t, 'customer');
    const b = await newUser(t, 'customer');
    state(await put(a.token, 'foods', dish['Phở cuốn']!));
    expect((await read(a.token)).foods.map((f) => f.name)).toEqual(['Phở cuốn']);
    expect((await read(b.token)).foods).toEqual([]);
    state(await put(b.token, 'foods', dish['Phở chiên']!));
    expect((await read(b.token)).foods.map((f) => f.name)).toEqual(['Phở chiên']);
    expect((await read(a.token)).foods.map((f) => f.name)).toEqual(['Phở cuốn']);
  });
});

describe('bad ids and what customers cannot see', () => {
  it.each([['-1'], ['0'], ['1000000000000'], ['2147483648'], ['abc'], ['1.5']])(
    'refuses the id %s with 400 and the id message, on every route',
    async (id) => {
      const customer = await newUser(t, 'customer');
      for (const kind of ['foods', 'restaurants']) {
        for (const res of [
          await put(customer.token, kind, id),
          await del(customer.token, kind, id),
        ]) {
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({
            success: false,
            code: 'VALIDATION_ERROR',
            message: 'Mã không hợp lệ',
          });
        }
      }
      expect(await savedCount(customer, 'favorite_foods')).toBe(0);
    },
  );

  it('refuses to save a dish that does not exist, is deleted, or whose restaurant is not approved (404)', async () => {
    const customer = await newUser(t, 'customer');
    for (const id of [999_999, dish['Món đã xoá']!, dish['Bún chờ duyệt']!]) {
      const res = await put(customer.token, 'foods', id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        code: 'FOOD_NOT_FOUND',
        message: 'Không tìm thấy món ăn',
      });
    }
    for (const id of [999_999, restaurant['Quán Chờ Duyệt']!]) {
      const res = await put(customer.token, 'restaurants', id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        code: 'RESTAURANT_NOT_FOUND',
        message: 'Không tìm thấy nhà hàng',
      });
    }
    expect(await savedCount(customer, 'favorite_foods')).toBe(0);
    expect(await savedCount(customer, 'favorite_restaurants')).toBe(0);
  });

  it('refuses anonymous callers (401) and staff-level accounts (403) on every route', async () => {
    const [r] = catalogue;
    const owner = await ownerOf(t, r!.id);
    const staff = await newUser(t, 'staff', { restaurant_id: r!.id });
    const admin = await newUser(t, 'admin');
    const routes = [
      () => favorites(undefined),
      () => put(undefined, 'foods', dish['Phở bò']!),
      () => del(undefined, 'restaurants', r!.id),
    ];
    for (const route of routes) {
      const res = await route();
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    for (const who of [owner, staff, admin]) {
      for (const res of [
        await favorites(who.token),
        await put(who.token, 'foods', dish['Phở bò']!),
        await put(who.token, 'restaurants', r!.id),
        await del(who.token, 'foods', dish['Phở bò']!),
        await del(who.token, 'restaurants', r!.id),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('refuses lat without lon', async () => {
    const customer = await newUser(t, 'customer');
    const res = await favorites(customer.token, '?lat=21.03');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'LOCATION_INCOMPLETE' });
  });
});

describe('hidden items stay saved', () => {
  it('leaves a deleted dish or an unapproved restaurant out of the reply, and brings them back', async () => {
    const [r] = await insertCatalogue(t.database.db, [
      {
        name: 'Bún Chả Tạm Ẩn',
        lat: 21.03,
        lon: 105.85,
        dishes: [
          { name: 'Bún chả', price: 40_000 },
          { name: 'Nem rán', price: 30_000 },
        ],
      },
    ]);
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    state(await put(customer.token, 'foods', r!.dishes['Bún chả']!));
    state(await put(customer.token, 'foods', r!.dishes['Nem rán']!));
    state(await put(customer.token, 'restaurants', r!.id));
    const shown = async () => {
      const data = await read(customer.token);
      return {
        foods: data.foods.map((f) => f.name),
        restaurants: data.restaurants.map((x) => x.name),
      };
    };
    expect(await shown()).toEqual({
      foods: ['Nem rán', 'Bún chả'],
      restaurants: ['Bún Chả Tạm Ẩn'],
    });

    // Switched off: still listed, as not available.
    await db
      .updateTable('foods')
      .set({ available: false })
      .where('id', '=', r!.dishes['Nem rán']!)
      .execute();
    const off = await read(customer.token);
    expect(off.foods.map((f) => [f.name, f.available])).toEqual([
      ['Nem rán', false],
      ['Bún chả', true],
    ]);

    await db
      .updateTable('foods')
      .set({ deleted_at: new Date() })
      .where('id', '=', r!.dishes['Bún chả']!)
      .execute();
    expect(await shown()).toEqual({ foods: ['Nem rán'], restaurants: ['Bún Chả Tạm Ẩn'] });

    await db
      .updateTable('restaurants')
      .set({ approval_status: 'pending' })
      .where('id', '=', r!.id)
      .execute();
    expect(await shown()).toEqual({ foods: [], restaurants: [] });
    expect(await savedCount(customer, 'favorite_foods')).toBe(2);
    expect(await savedCount(customer, 'favorite_restaurants')).toBe(1);

    await db
      .updateTable('restaurants')
      .set({ approval_status: 'approved' })
      .where('id', '=', r!.id)
      .execute();
    await db
      .updateTable('foods')
      .set({ deleted_at: null })
      .where('id', '=', r!.dishes['Bún chả']!)
      .execute();
    expect(await shown()).toEqual({
      foods: ['Nem rán', 'Bún chả'],
      restaurants: ['Bún Chả Tạm Ẩn'],
    });
  });
});

describe('saved restaurants', () => {
  it('come in the search’s shape with up to 3 dishes on sale, best sellers first', async () => {
    const db = t.database.db;
    const id = restaurant['Phở Hàng Bạc']!;
    // Sales over delivered orders: Phở trộn 3, Phở cuốn 2; a cancelled order does not count.
    const buyer = await newUser(t, 'customer');
    const sold = await placeOrder(t, buyer, [
      [dish['Phở trộn']!, 3],
      [dish['Phở cuốn']!, 2],
    ]);
    await setOrderStatus(t, sold.id, 'completed');
    const cancelled = await placeOrder(t, buyer, dish['Phở gà']!, 9);
    await setOrderStatus(t, cancelled.id, 'cancelled');
    // Sold out for today: not on sale, however well it sells.
    const later = new Date(Date.now() + 3_600_000);
    await db
      .updateTable('foods')
      .set({ sold_out_until: later })
      .where('id', '=', dish['Phở trộn']!)
      .execute();
    try {
      const customer = await newUser(t, 'customer');
      state(await put(customer.token, 'restaurants', id));
      state(await put(customer.token, 'restaurants', restaurant['Bánh Mì Phố Huế']!));
      const { restaurants, foods } = await read(customer.token, `?lat=${HOME.lat}&lon=${HOME.lon}`);
      expect(foods).toEqual([]);
      expect(restaurants.map((r) => r.name)).toEqual(['Bánh Mì Phố Huế', 'Phở Hàng Bạc']);
      const pho = restaurants[1]!;
      expect(pho).toMatchObject({
        id,
        name: 'Phở Hàng Bạc',
        address: '1 Phố Phở Hàng Bạc, Hà Nội',
        image_url: null,
        is_active: true,
      });
      expect(pho.distance_km).toBeCloseTo(
        earthDistanceKm(HOME, { lat: 21.0343, lon: 105.8531 }),
        2,
      );
      // Phở cuốn sold 2; then unsold dishes by id (Phở bò, Phở gà); Nước chanh is off, Phở trộn
      // sold out, Món đã xoá deleted.
      expect(pho.searched_foods.map((f) => f.name)).toEqual(['Phở cuốn', 'Phở bò', 'Phở gà']);
      expect(pho.searched_foods.every((f) => f.available && f.restaurant.id === id)).toBe(true);
      expect(restaurants[0]!.searched_foods.map((f) => f.name)).toEqual(['Bánh mì']);
    } finally {
      await db
        .updateTable('foods')
        .set({ sold_out_until: null })
        .where('id', '=', dish['Phở trộn']!)
        .execute();
    }
    const customer = await newUser(t, 'customer');
    state(await put(customer.token, 'restaurants', id));
    const [pho] = (await read(customer.token)).restaurants;
    expect(pho!.searched_foods.map((f) => f.name)).toEqual(['Phở trộn', 'Phở cuốn', 'Phở bò']);
  });
});

describe('at most 500 of each kind', () => {
  it('refuses the 501st dish with a clear message, writing nothing; a saved one may be saved again', async () => {
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    const [r] = await insertCatalogue(db, [
      {
        name: 'Quán Năm Trăm Món',
        lat: 21.02,
        lon: 105.84,
        dishes: [{ name: 'Món lẻ', price: 10_000 }],
      },
    ]);
    // 500 dishes and 500 saves, one statement each.
    await sql`
      with made as (
        insert into foods (restaurant_id, name, price)
        select ${r!.id}, 'Món ' || g, 10000 from generate_series(1, 500) g
        returning id
      )
      insert into favorite_foods (customer_id, food_id) select ${customer.id}, id from made`.execute(
      db,
    );
    expect(await savedCount(customer, 'favorite_foods')).toBe(500);
    const res = await put(customer.token, 'foods', r!.dishes['Món lẻ']!);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'FAVORITES_FULL',
      message: FAVORITE_FOODS_FULL_MESSAGE,
    });
    expect(FAVORITE_FOODS_FULL_MESSAGE).toBe(
      'Bộ sưu tập đã đủ 500 món. Hãy bỏ bớt món cũ trước khi lưu thêm.',
    );
    expect(await savedCount(customer, 'favorite_foods')).toBe(500);
    // Hidden saves count too: the limit is on saved rows.
    const { rows } = await sql<{ food_id: number }>`
      select food_id from favorite_foods where customer_id = ${customer.id} limit 1`.execute(db);
    const oneSaved = rows[0]!.food_id;
    state(await put(customer.token, 'foods', oneSaved));
    expect(await savedCount(customer, 'favorite_foods')).toBe(500);
    // The reply lists them all, in a fixed number of queries.
    expect((await read(customer.token)).foods).toHaveLength(500);
    state(await del(customer.token, 'foods', oneSaved));
    state(await put(customer.token, 'foods', r!.dishes['Món lẻ']!));
    expect(await savedCount(customer, 'favorite_foods')).toBe(500);
  });

  it('refuses the 501st restaurant with its own message', async () => {
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    await sql`
      with owners as (
        insert into users (role, username, password_hash)
        select 'owner', 'chu_quan_luu_' || g, 'x' from generate_series(1, 500) g
        returning id
      ), made as (
        insert into restaurants (owner_id, name, address, lat, lon, phone, email, opening_hours, approval_status)
        select id, 'Quán ' || id, 'Hà Nội', 21.0, 105.8, '0900000000', 'q@example.vn', '{}', 'approved'
        from owners
        returning id
      )
      insert into favorite_restaurants (customer_id, restaurant_id)
      select ${customer.id}, id from made`.execute(db);
    const res = await put(customer.token, 'restaurants', restaurant['Bánh Mì Phố Huế']!);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'FAVORITES_FULL',
      message: FAVORITE_RESTAURANTS_FULL_MESSAGE,
    });
    expect(await savedCount(customer, 'favorite_restaurants')).toBe(500);
    // The other kind has its own 500.
    state(await put(customer.token, 'foods', dish['Bánh mì']!));
  });

  it(`lets two saves at once at 499 make 500, never 501 (${testLane()})`, async () => {
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    const [r] = await insertCatalogue(db, [
      {
        name: 'Quán Đua Nhau',
        lat: 21.02,
        lon: 105.84,
        dishes: [
          { name: 'Món A', price: 10_000 },
          { name: 'Món B', price: 10_000 },
          { name: 'Món C', price: 10_000 },
        ],
      },
    ]);
    await sql`
      with made as (
        insert into foods (restaurant_id, name, price)
        select ${r!.id}, 'Món đua ' || g, 10000 from generate_series(1, 499) g
        returning id
      )
      insert into favorite_foods (customer_id, food_id) select ${customer.id}, id from made`.execute(
      db,
    );
    const replies = await Promise.all(
      ['Món A', 'Món B', 'Món C'].map((name) => put(customer.token, 'foods', r!.dishes[name]!)),
    );
    expect(replies.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(await savedCount(customer, 'favorite_foods')).toBe(500);
  });
});

describe('GET /api/docs', () => {
  it('lists every reply the collection routes can give', async () => {
    const doc = (
      await call<{ paths: Record<string, Record<string, { responses: Json }>> }>(
        t.app,
        'GET',
        '/api/docs',
      )
    ).body;
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses('/api/customer/favorites/', 'get')).toEqual(['200', '400', '401', '403']);
    for (const kind of ['foods', 'restaurants']) {
      const path = `/api/customer/favorites/${kind}/{id}/`;
      expect(statuses(path, 'put')).toEqual(['200', '400', '401', '403', '404', '409', '413']);
      expect(statuses(path, 'delete')).toEqual(['200', '400', '401', '403', '413']);
    }
  });
});
