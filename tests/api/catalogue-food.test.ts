import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FoodListReplySchema,
  FoodReplySchema,
  SearchReplySchema,
  type Dish,
} from '#contract/catalogue';
import { countDishesQuery, nearestDishesQuery } from '#server/modules/catalogue/catalogue.queries';
import { DEFAULT_ORIGIN } from '#server/modules/catalogue/catalogue.service';
import { call } from '../helpers/auth';
import { earthDistanceKm, insertCatalogue, NEVER_OPEN } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Around Hồ Hoàn Kiếm; the customer stands at the lake.
const ME = { lat: 21.0287, lon: 105.8523 };

describe('dishes for customers (GET /api/food/)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof insertCatalogue>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          {
            name: 'Phở bò',
            price: 50000,
            categories: ['Món chính', 'Mì'],
            toppings: [
              { name: 'Thêm trứng', price: 5000 },
              { name: 'Quẩy', price: 5000 },
            ],
          },
          { name: 'Phở gà', price: 45000, categories: ['Món chính'] },
          { name: 'Nước chanh', price: 15000, categories: ['Đồ ăn vặt'], available: false },
          { name: 'Món đã xoá', price: 10000, deleted: true },
        ],
      },
      {
        name: 'Bánh Mì Phố Huế',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [
          { name: 'Bánh mì', price: 25000, categories: ['Món ăn nhanh', 'Món ăn đường phố'] },
          { name: 'Đậu hũ chiên sả', price: 30000, categories: ['Đồ ăn vặt'] },
        ],
      },
      {
        name: 'Bún Bò Cầu Giấy',
        lat: 21.0362,
        lon: 105.7906,
        dishes: [{ name: 'Bún bò Huế', price: 55000, categories: ['Món chính'] }],
      },
      {
        name: 'Chè Tạm Nghỉ',
        lat: 21.03,
        lon: 105.85,
        active: false,
        hours: NEVER_OPEN,
        dishes: [{ name: 'Chè ba màu', price: 20000, categories: ['Tráng miệng'] }],
      },
      {
        name: 'Quán Chờ Duyệt',
        lat: 21.0288,
        lon: 105.8524,
        approval: 'pending',
        dishes: [{ name: 'Phở bò đặc biệt chờ duyệt', price: 90000, categories: ['Món chính'] }],
      },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await call(t.app, 'GET', `/api/food/?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return FoodListReplySchema.parse(res.body).data;
  };
  const names = (items: Dish[]) => items.map((d) => d.name);

  it('orders dishes nearest first, as a reference computation does', async () => {
    const data = await list(`lat=${ME.lat}&lon=${ME.lon}&per_page=50`);
    const coords: Record<string, { lat: number; lon: number }> = {
      'Phở Hàng Bạc': { lat: 21.0343, lon: 105.8531 },
      'Bánh Mì Phố Huế': { lat: 21.0125, lon: 105.8513 },
      'Bún Bò Cầu Giấy': { lat: 21.0362, lon: 105.7906 },
      'Chè Tạm Nghỉ': { lat: 21.03, lon: 105.85 },
    };
    const expected = [...data.items].sort(
      (a, b) =>
        earthDistanceKm(ME, coords[a.restaurant.name]!) -
          earthDistanceKm(ME, coords[b.restaurant.name]!) || a.id - b.id,
    );
    expect(names(data.items)).toEqual(names(expected));
    for (const dish of data.items) {
      expect(dish.distance_km).toBeCloseTo(earthDistanceKm(ME, coords[dish.restaurant.name]!), 2);
    }
  });

  it('shows the fields of spec section 3, paused restaurants and unavailable dishes as such', async () => {
    const data = await list(`lat=${ME.lat}&lon=${ME.lon}&per_page=50`);
    const pho = data.items.find((d) => d.name === 'Phở bò')!;
    expect(pho).toMatchObject({
      price: 50000,
      available: true,
      categories: ['Món chính', 'Mì'],
      restaurant: { name: 'Phở Hàng Bạc', is_active: true },
    });
    expect(data.items.find((d) => d.name === 'Nước chanh')?.available).toBe(false);
    expect(data.items.find((d) => d.name === 'Chè ba màu')?.restaurant.is_active).toBe(false);
  });

  it('never shows dishes of unapproved restaurants or deleted dishes', async () => {
    const all = names((await list('per_page=50')).items);
    expect(all).not.toContain('Phở bò đặc biệt chờ duyệt');
    expect(all).not.toContain('Món đã xoá');
    expect(all).toHaveLength(7);
  });

  it('measures from the city centre (Hồ Hoàn Kiếm) without a location', async () => {
    const data = await list('per_page=1');
    expect(data.items[0]!.restaurant.name).toBe('Chè Tạm Nghỉ');
    expect(data.items[0]!.distance_km).toBeCloseTo(
      earthDistanceKm(DEFAULT_ORIGIN, { lat: 21.03, lon: 105.85 }),
      2,
    );
  });

  it('pages with meta.total_pages and has_next', async () => {
    const first = await list('per_page=3&page=1');
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: 7, total_pages: 3 });
    expect(first.pagination).toEqual({
      page: 1,
      per_page: 3,
      total: 7,
      total_exact: true,
      total_pages: 3,
      has_next: true,
    });
    const last = await list('per_page=3&page=3');
    expect(last.items).toHaveLength(1);
    expect(last.pagination.has_next).toBe(false);
    const seen = new Set(
      [...first.items, ...(await list('per_page=3&page=2')).items, ...last.items].map((d) => d.id),
    );
    expect(seen.size).toBe(7);
    expect((await list('per_page=3&page=9')).items).toEqual([]);
  });

  it.each([
    ['pho', 'Phở bò'],
    ['PHỞ BÒ', 'Phở bò'],
    ['banh mi', 'Bánh mì'],
    ['dau hu', 'Đậu hũ chiên sả'],
    ['đậu hũ', 'Đậu hũ chiên sả'],
    ['phoo', 'Phở bò'],
    ['bun bo', 'Bún bò Huế'],
    ['mon an nhanh', 'Bánh mì'],
    ['pho hue', 'Bánh mì'],
  ])('finds %j: %s', async (q, expected) => {
    expect(names((await list(`q=${encodeURIComponent(q)}&per_page=50`)).items)).toContain(expected);
  });

  it("does not match 'pho bo' to 'bún bò'", async () => {
    expect(
      names((await list(`q=${encodeURIComponent('bun bo')}&per_page=50`)).items),
    ).not.toContain('Phở bò');
  });

  it('filters by category name and by restaurant', async () => {
    expect(names((await list(`category=${encodeURIComponent('Tráng miệng')}`)).items)).toEqual([
      'Chè ba màu',
    ]);
    const menu = await list(`restaurant_id=${ids[1]!.id}`);
    expect(names(menu.items).sort()).toEqual(['Bánh mì', 'Đậu hũ chiên sả']);
  });

  it.each([["'; drop table foods; --"], ['%_'], ['.*[(\\'], ['phở%']])(
    'treats %j as plain text',
    async (q) => {
      const data = await list(`q=${encodeURIComponent(q)}`);
      expect(Array.isArray(data.items)).toBe(true);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from foods`.execute(
        t.database.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    },
  );

  it.each([
    ['lat=91&lon=105', 'Vĩ độ không hợp lệ'],
    ['lat=abc&lon=105', 'Vĩ độ không hợp lệ'],
    ['lat=21&lon=200', 'Kinh độ không hợp lệ'],
    ['lat=21', 'Vui lòng gửi cả vĩ độ (lat) và kinh độ (lon)'],
    ['page=0', 'Số trang phải là số nguyên dương'],
    ['page=-1', 'Số trang phải là số nguyên dương'],
    ['page=1.5', 'Số trang phải là số nguyên dương'],
    ['per_page=51', 'Số mục mỗi trang phải từ 1 đến 50'],
    ['category=Pizza', 'Danh mục không tồn tại: Pizza'],
    ['q=<5,000 characters>', 'Từ khóa tìm kiếm tối đa 200 ký tự'],
  ])('refuses %s with 400', async (label, message) => {
    const query = label.replace('<5,000 characters>', 'a'.repeat(5000));
    const res = await call(t.app, 'GET', `/api/food/?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('gives the dish detail with its restaurant block and toppings', async () => {
    const res = await call(t.app, 'GET', `/api/food/${ids[0]!.dishes['Phở bò']}/`);
    expect(res.status).toBe(200);
    const food = FoodReplySchema.parse(res.body).data;
    expect(food).toMatchObject({
      name: 'Phở bò',
      categories: ['Món chính', 'Mì'],
      available: true,
      review_count: 0,
      rating: null,
      restaurant: {
        name: 'Phở Hàng Bạc',
        address: '1 Phố Phở Hàng Bạc, Hà Nội',
        is_open_now: true,
      },
    });
    expect(food.toppings.map((t) => [t.name, t.price])).toEqual([
      ['Thêm trứng', 5000],
      ['Quẩy', 5000],
    ]);
    const paused = FoodReplySchema.parse(
      (await call(t.app, 'GET', `/api/food/${ids[3]!.dishes['Chè ba màu']}/`)).body,
    ).data;
    expect(paused.restaurant).toMatchObject({ is_active: false, is_open_now: false });
  });

  it.each([
    ['an unapproved restaurant', () => ids[4]!.dishes['Phở bò đặc biệt chờ duyệt']!],
    ['a deleted dish', () => ids[0]!.dishes['Món đã xoá']!],
    ['an unknown id', () => 999_999],
  ])('answers 404 "Không tìm thấy món ăn" for %s', async (_label, id) => {
    const res = await call(t.app, 'GET', `/api/food/${id()}/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      code: 'FOOD_NOT_FOUND',
      message: 'Không tìm thấy món ăn',
    });
  });

  it('refuses a malformed id with 400', async () => {
    expect((await call(t.app, 'GET', '/api/food/abc/')).status).toBe(400);
  });
});

describe('the nearest-dishes query plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 20,000 dishes over 200 restaurants around Hà Nội, so the planner has a real choice.
    await sql`insert into users (role, username, password_hash)
      select 'owner', 'plan_owner_' || g, 'x' from generate_series(1, 200) g`.execute(
      t.database.db,
    );
    await sql`insert into restaurants (owner_id, name, address, lat, lon, phone, email, opening_hours, approval_status)
      select u.id, 'Quán ' || u.id, 'Hà Nội', 20.9 + (u.id % 97) * 0.003, 105.7 + (u.id % 89) * 0.003,
        '0900000000', 'x@example.vn', '{}'::jsonb, 'approved'
      from users u where u.username like 'plan_owner_%'`.execute(t.database.db);
    // Bulk fixture: the per-row triggers are bypassed and their columns written directly.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into foods (restaurant_id, name, price, lat, lon, listed, search_text)
        select r.id, 'Món ' || g, 10000 + g, r.lat, r.lon, true, 'mon ' || g
        from restaurants r, generate_series(1, ${100}::int) g`.execute(trx);
      await sql`insert into dish_words (word, folded, dishes) values ('món', 'mon', 20000)`.execute(
        trx,
      );
    });
    await sql`analyze`.execute(t.database.db);
  }, 120_000);
  afterAll(() => t.close());

  it('counts a long list only ten pages ahead, and says so', async () => {
    const res = await call(t.app, 'GET', '/api/food/?lat=21.03&lon=105.85&page=2&per_page=10');
    const { meta, pagination } = FoodListReplySchema.parse(res.body).data;
    expect(pagination).toEqual({
      page: 2,
      per_page: 10,
      total: 121,
      total_exact: false,
      total_pages: 13,
      has_next: true,
    });
    expect(meta.total_pages).toBe(13);
  });

  it('walks the restaurants nearest first for a common search, pages never overlapping', async () => {
    const here = { lat: 21.03, lon: 105.85 };
    // 20,000 dishes match 'mon': far more than the grouping path is used for.
    const page = async (n: number) =>
      SearchReplySchema.parse(
        (await call(t.app, 'GET', `/api/search/?q=mon&lat=${here.lat}&lon=${here.lon}&page=${n}`))
          .body,
      ).data;
    const [first, second] = [await page(1), await page(2)];
    const { rows } = await sql<{ id: number }>`
      select id from restaurants where name like 'Quán %'
      order by earth_distance(ll_to_earth(lat, lon), ll_to_earth(${here.lat}, ${here.lon})), id
      limit 20`.execute(t.database.db);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(first.items[0]!.searched_foods.length).toBeGreaterThan(0);
    expect(first.pagination).toMatchObject({ total_exact: false, has_next: true });
    expect(first.pages).toBeGreaterThan(1);
  });

  it('is a KNN index scan, never a sequential scan of the dishes', async () => {
    const query = nearestDishesQuery({ lat: 21.03, lon: 105.85 }, {}, 10, 0);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(t.database.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    // The KNN scan (ordered by the distance operator) finds the cut-off distance...
    expect(plan).toMatch(
      /Index Scan using foods_location on foods \w+[^\n]*\n\s+Order By: [^\n]*<->/,
    );
    // ...and the page's candidates come through the same index, never from reading every dish.
    expect(plan).toMatch(
      /Index Scan on foods_location|Index Scan using foods_location on foods f\b/,
    );
    expect(plan).not.toMatch(/Seq Scan on foods/);
  });

  it('finds dishes by the words of their names through the GIN index, never a scan of the dishes', async () => {
    const query = countDishesQuery(
      {
        text: {
          words: [['món'], ['123']],
          restaurant: { phrase: ' mon 123 ', folded: true, partial: false },
          category: { phrase: ' mon 123 ', folded: true, partial: true },
        },
      },
      1000,
    );
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(t.database.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Bitmap Index Scan on foods_name_words/);
    expect(plan).not.toMatch(/Seq Scan on foods\b/);
  });
});
