import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RestaurantListReplySchema,
  RestaurantReplySchema,
  ReviewListReplySchema,
  SearchReplySchema,
} from '#contract/catalogue';
import { GeoReverseReplySchema, GeoSearchReplySchema } from '#contract/geo';
import { call, signInCustomer } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ME = { lat: 21.0287, lon: 105.8523 };

describe('search, restaurants and reviews', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof insertCatalogue>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Gần',
        lat: 21.03,
        lon: 105.853,
        dishes: [
          { name: 'Phở bò', price: 60000, categories: ['Món chính'] },
          { name: 'Phở gà', price: 50000, categories: ['Món chính'] },
          { name: 'Trà đá', price: 5000, categories: ['Đồ ăn vặt'] },
        ],
      },
      {
        name: 'Phở Xa Rẻ',
        lat: 21.06,
        lon: 105.8,
        dishes: [{ name: 'Phở bò', price: 35000, categories: ['Món chính', 'Món ăn đường phố'] }],
      },
      {
        name: 'Bánh Mì Giữa',
        lat: 21.04,
        lon: 105.84,
        dishes: [{ name: 'Bánh mì', price: 20000, categories: ['Món ăn nhanh'] }],
      },
      {
        name: 'Phở Chưa Duyệt',
        lat: 21.0287,
        lon: 105.8523,
        approval: 'pending',
        dishes: [{ name: 'Phở bò', price: 10000, categories: ['Món chính'] }],
      },
    ]);
    const customer = await signInCustomer(t.app, '0931234567');
    token = customer.tokens.access_token;
    await sql`update users set full_name = 'Lan' where id = ${customer.customer.id}`.execute(
      t.database.db,
    );
    const phoBo = ids[0]!.dishes['Phở bò']!;
    for (let i = 0; i < 7; i++) {
      await sql`insert into reviews (food_id, customer_id, rating, comment, created_at)
        values (${phoBo}, ${customer.customer.id}, ${(i % 5) + 1}, ${`Lần ${i}`}, now() - make_interval(hours => ${i}))`.execute(
        t.database.db,
      );
    }
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const res = await call(t.app, 'GET', `/api/search/?lat=${ME.lat}&lon=${ME.lon}&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return SearchReplySchema.parse(res.body).data;
  };

  it('groups matching dishes by restaurant, nearest first, never an unapproved one', async () => {
    const data = await search('q=pho');
    expect(data.items.map((r) => r.name)).toEqual(['Phở Gần', 'Phở Xa Rẻ']);
    // One word that names dishes does not bring in the rest of a restaurant whose name has it:
    // its tea is no answer to 'pho'. Cheapest first.
    expect(data.items[0]!.searched_foods.map((f) => f.name)).toEqual(['Phở gà', 'Phở bò']);
    expect(data.items[0]!.distance_km).toBeLessThan(data.items[1]!.distance_km);
    expect(data.pages).toBe(1);
    expect(data.pagination).toMatchObject({ total: 2, has_next: false });
  });

  it('sorts by the cheapest matching dish', async () => {
    const data = await search('q=pho%20bo&sort_by=price&sort_order=asc');
    expect(data.items.map((r) => r.name)).toEqual(['Phở Xa Rẻ', 'Phở Gần']);
  });

  it('filters by price range and by categories (comma-joined)', async () => {
    expect((await search('q=pho%20bo&min_price=55000')).items.map((r) => r.name)).toEqual([
      'Phở Gần',
    ]);
    expect((await search('q=pho%20bo&max_price=40000')).items.map((r) => r.name)).toEqual([
      'Phở Xa Rẻ',
    ]);
    const streetOrFast = await search(
      `categories=${encodeURIComponent('Món ăn đường phố,Món ăn nhanh')}`,
    );
    expect(streetOrFast.items.map((r) => r.name).sort()).toEqual(['Bánh Mì Giữa', 'Phở Xa Rẻ']);
  });

  it('pages restaurants with data.pages', async () => {
    const first = await search('per_page=2');
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(2);
    const second = await search('per_page=2&page=2');
    expect(second.items).toHaveLength(1);
    expect(second.pagination.has_next).toBe(false);
  });

  it('takes an empty q as no query: every approved restaurant (the client always sends q)', async () => {
    const all = await search('per_page=10');
    const blank = await search('per_page=10&q=');
    expect(blank.items.map((r) => r.name)).toEqual(all.items.map((r) => r.name));
    expect(blank.items).toHaveLength(3);
  });

  it('takes a query that matches nothing for a typo', async () => {
    expect((await search('q=phoo')).items.map((r) => r.name)).toEqual(['Phở Gần', 'Phở Xa Rẻ']);
  });

  it('answers nothing found with an empty list', async () => {
    const data = await search('q=pizza%20hai%20san');
    expect(data).toMatchObject({ items: [], pages: 0 });
  });

  it.each([
    ['min_price=50000&max_price=10000', 'Giá tối thiểu không được lớn hơn giá tối đa'],
    ['sort_by=rating', 'Kiểu sắp xếp không hợp lệ'],
    ['categories=Pizza', 'Danh mục không tồn tại: Pizza'],
    ['min_price=-5', 'Giá tối thiểu không hợp lệ'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await call(t.app, 'GET', `/api/search/?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('lists approved restaurants nearest first', async () => {
    const res = await call(t.app, 'GET', `/api/restaurant/public/?lat=${ME.lat}&lon=${ME.lon}`);
    const data = RestaurantListReplySchema.parse(res.body).data;
    expect(data.items.map((r) => r.name)).toEqual(['Phở Gần', 'Bánh Mì Giữa', 'Phở Xa Rẻ']);
    // Ratings 1,2,3,4,5,1,2: 18 / 7 = 2.57, one decimal.
    expect(data.items[0]).toMatchObject({ review_count: 7, rating: 2.6 });
  });

  it('gives every field of the restaurant detail, and 404 for an unapproved one', async () => {
    const res = await call(t.app, 'GET', `/api/restaurant/${ids[0]!.id}/detail`);
    expect(res.status).toBe(200);
    const restaurant = RestaurantReplySchema.parse(res.body).data;
    expect(restaurant).toMatchObject({
      name: 'Phở Gần',
      approval_status: 'approved',
      is_active: true,
      food_count: 3,
      review_count: 7,
      rating: 2.6,
      avg_rating: 2.6,
      completed_orders: 0,
    });
    expect(restaurant.top_foods[0]).toMatchObject({ name: 'Phở bò', total_sold: 0 });
    expect(restaurant.recent_reviews).toHaveLength(5);
    expect(restaurant.recent_reviews[0]).toMatchObject({
      comment: 'Lần 0',
      customer_name: 'Lan',
      food_name: 'Phở bò',
    });

    const hidden = await call(t.app, 'GET', `/api/restaurant/${ids[3]!.id}/detail`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({
      code: 'RESTAURANT_NOT_FOUND',
      message: 'Không tìm thấy nhà hàng',
    });
  });

  it("pages a dish's reviews newest first with has_next, for signed-in users", async () => {
    const url = `/api/customer/reviews/${ids[0]!.dishes['Phở bò']}/?page=1&per_page=5`;
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    const first = ReviewListReplySchema.parse((await call(t.app, 'GET', url, { token })).body).data;
    expect(first.items.map((r) => r.comment)).toEqual([
      'Lần 0',
      'Lần 1',
      'Lần 2',
      'Lần 3',
      'Lần 4',
    ]);
    expect(first.pagination).toMatchObject({ page: 1, has_next: true, total: 7 });
    const second = ReviewListReplySchema.parse(
      (await call(t.app, 'GET', url.replace('page=1', 'page=2'), { token })).body,
    ).data;
    expect(second.items).toHaveLength(2);
    expect(second.pagination.has_next).toBe(false);
  });

  it("lists a restaurant's reviews, and random restaurants for signed-in users", async () => {
    const reviews = ReviewListReplySchema.parse(
      (await call(t.app, 'GET', `/api/review/restaurant/${ids[0]!.id}/?per_page=3`)).body,
    ).data;
    expect(reviews.items).toHaveLength(3);
    const random = await call(t.app, 'GET', '/api/customer/restaurant/random/?per_page=4', {
      token,
    });
    const items = RestaurantListReplySchema.parse(random.body).data.items;
    expect(items.map((r) => r.name).sort()).toEqual(['Bánh Mì Giữa', 'Phở Gần', 'Phở Xa Rẻ']);
    expect((await call(t.app, 'GET', '/api/customer/restaurant/random/')).status).toBe(401);
  });
});

describe('the geocoder (Nominatim shapes, built-in gazetteer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['ho hoan kiem', 'Hồ Hoàn Kiếm'],
    ['36 Hàng Bạc, Hoàn Kiếm, Hà Nội', 'Phố Hàng Bạc'],
    ['CHO BEN THANH', 'Chợ Bến Thành'],
    ['cau rong da nang', 'Cầu Rồng'],
  ])('finds %j', async (q, expected) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/geo/search?q=${encodeURIComponent(q)}&format=json&limit=1`,
    });
    expect(res.statusCode).toBe(200);
    const places = GeoSearchReplySchema.parse(res.json());
    expect(places).toHaveLength(1);
    expect(places[0]!.display_name.startsWith(expected)).toBe(true);
    expect(places[0]!.lat).toMatch(/^\d+\.\d{6}$/);
  });

  it('answers [] when nothing is found, and 400 for an empty query', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/geo/search?q=zzzqqq&format=json&limit=1',
    });
    expect(none.json()).toEqual([]);
    const empty = await t.app.inject({ method: 'GET', url: '/api/geo/search?q=%20&format=json' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Vui lòng nhập địa chỉ cần tìm' });
  });

  it('names the place at a coordinate, or says it cannot', async () => {
    const near = await t.app.inject({
      method: 'GET',
      url: '/api/geo/reverse?lat=10.7725&lon=106.698&format=json',
    });
    const place = GeoReverseReplySchema.parse(near.json());
    expect('display_name' in place && place.display_name).toMatch(/^Chợ Bến Thành/);
    const sea = await t.app.inject({
      method: 'GET',
      url: '/api/geo/reverse?lat=0&lon=0&format=json',
    });
    expect(sea.json()).toEqual({ error: 'Unable to geocode' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/geo/reverse?lat=95&lon=0' });
    expect(bad.statusCode).toBe(400);
  });
});
