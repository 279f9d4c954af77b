import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '#contract/catalogue';
import { StaffReviewListReplySchema } from '#contract/reviews';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { paidOrder } from '../helpers/money';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';

const HOUR = 60 * 60 * 1000;

describe('staff reviews (GET /api/staff/reviews/, spec 2.18, 7.5)', () => {
  let t: TestApp;
  let a: { id: number; dishes: Record<string, number> };
  let b: { id: number; dishes: Record<string, number> };
  let ownerA: TestUser;
  let staffA: TestUser;
  let ownerB: TestUser;
  let staffB: TestUser;
  let hoa: TestUser;
  let nam: TestUser;
  let nameless: TestUser;
  /** A's reviews as the list must give them: newest first. */
  let expectedA: Review[];
  let reviewOfB: number;
  const base = Date.parse('2026-11-20T05:00:00.000Z');

  const list = (query: string, user?: TestUser) =>
    call<ErrorBody>(t.app, 'GET', `/api/staff/reviews/${query}`, user ? { token: user.token } : {});

  const items = async (query: string, user: TestUser) => {
    const res = await list(query, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return StaffReviewListReplySchema.parse(res.body).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Thìn Lò Đúc',
        lat: 21.0152,
        lon: 105.8567,
        dishes: [
          { name: 'Phở bò tái lăn', price: 75_000 },
          { name: 'Quẩy nóng', price: 5_000 },
          { name: 'Phở sốt vang', price: 80_000, deleted: true },
        ],
      },
      {
        name: 'Bún Bò Huế O Xuân',
        lat: 16.4637,
        lon: 107.5909,
        dishes: [{ name: 'Bún bò Huế', price: 55_000 }],
      },
    ]);
    a = created[0]!;
    b = created[1]!;
    ownerA = await ownerOf(t, a.id);
    ownerB = await ownerOf(t, b.id);
    staffA = await newUser(t, 'staff', { restaurant_id: a.id });
    staffB = await newUser(t, 'staff', { restaurant_id: b.id });
    hoa = await newUser(t, 'customer', { full_name: 'Nguyễn Thị Hoa' });
    nam = await newUser(t, 'customer', { full_name: 'Trần Văn Nam' });
    nameless = await newUser(t, 'customer');

    const names = new Map([
      [hoa.id, 'Nguyễn Thị Hoa'],
      [nam.id, 'Trần Văn Nam'],
      [nameless.id, null],
    ]);
    const foodNames = new Map(
      [...Object.entries(a.dishes), ...Object.entries(b.dishes)].map(([name, id]) => [id, name]),
    );
    // [customer, dish, rating, comment, hours before `base`]. Inserted out of time order, so
    // the list's order can only come from created_at; the two of the same hour go by id.
    const specs: [TestUser, number, number, string, number][] = [
      [hoa, a.dishes['Phở bò tái lăn']!, 5, 'Rất ngon, nước dùng trong', 12],
      [nam, a.dishes['Quẩy nóng']!, 3, 'Quẩy hơi nguội', 11],
      [nameless, a.dishes['Phở bò tái lăn']!, 4, '', 10],
      [hoa, a.dishes['Phở sốt vang']!, 2, 'Sốt vang hơi mặn', 9],
      [nam, a.dishes['Phở bò tái lăn']!, 5, 'Giảm 100% cũng không bằng', 8],
      [hoa, a.dishes['Quẩy nóng']!, 4, 'Giòn', 7],
      [nam, a.dishes['Phở bò tái lăn']!, 1, 'Đợi lâu quá', 6],
      [hoa, a.dishes['Phở bò tái lăn']!, 5, 'Sẽ quay lại', 5],
      [nam, a.dishes['Quẩy nóng']!, 4, 'Ổn', 4],
      [hoa, a.dishes['Phở bò tái lăn']!, 3, 'Bình thường', 3],
      [nam, a.dishes['Phở bò tái lăn']!, 5, 'Tuyệt vời', 2],
      [hoa, a.dishes['Quẩy nóng']!, 5, 'Cùng giờ 1', 1],
      [nam, a.dishes['Phở bò tái lăn']!, 4, 'Cùng giờ 2', 1],
    ];
    const inserted: Review[] = [];
    const insertionOrder = [5, 0, 12, 3, 8, 1, 10, 2, 7, 11, 4, 9, 6];
    expect([...insertionOrder].sort((x, y) => x - y)).toEqual(specs.map((_, i) => i));
    for (const [user, foodId, rating, comment, hoursAgo] of insertionOrder.map((i) => specs[i]!)) {
      const created = new Date(base - hoursAgo * HOUR);
      const row = await t.database.db
        .insertInto('reviews')
        .values({ food_id: foodId, customer_id: user.id, rating, comment, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      inserted.push({
        id: row.id,
        rating,
        comment,
        created_at: created.toISOString(),
        customer_id: user.id,
        customer_name: names.get(user.id)!,
        food_id: foodId,
        food_name: foodNames.get(foodId)!,
      });
    }
    expectedA = [...inserted].sort(
      (x, y) => Date.parse(y.created_at) - Date.parse(x.created_at) || y.id - x.id,
    );
    const ofB = await t.database.db
      .insertInto('reviews')
      .values({
        food_id: b.dishes['Bún bò Huế']!,
        customer_id: hoa.id,
        rating: 5,
        comment: 'Phở không bằng bún bò ở đây',
        created_at: new Date(base),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reviewOfB = ofB.id;
  });
  afterAll(() => t.close());

  it('lists the restaurant’s reviews newest first, 10 a page, with has_next', async () => {
    const page1 = await items('', ownerA);
    expect(page1.items).toEqual(expectedA.slice(0, 10));
    expect(page1.pagination).toEqual({
      page: 1,
      per_page: 10,
      total: 13,
      total_exact: true,
      total_pages: 2,
      has_next: true,
    });
    const page2 = await items('?page=2', ownerA);
    expect(page2.items).toEqual(expectedA.slice(10));
    expect(page2.pagination).toMatchObject({ page: 2, has_next: false });
    const page3 = await items('?page=3', ownerA);
    expect(page3.items).toEqual([]);
    expect(page3.pagination.has_next).toBe(false);
  });

  it('gives the spec’s fields, a nameless customer as null and a deleted dish by its name', async () => {
    const all = (await items('?per_page=50', ownerA)).items;
    expect(all[0]).toEqual({
      id: expect.any(Number),
      rating: 5,
      comment: 'Cùng giờ 1',
      created_at: new Date(base - HOUR).toISOString(),
      customer_id: hoa.id,
      customer_name: 'Nguyễn Thị Hoa',
      food_id: a.dishes['Quẩy nóng'],
      food_name: 'Quẩy nóng',
    });
    expect(all[1]).toMatchObject({ comment: 'Cùng giờ 2', customer_name: 'Trần Văn Nam' });
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    expect(all[2]).toMatchObject({ comment: 'Tuyệt vời' });
    expect(all.at(-1)).toMatchObject({ comment: 'Rất ngon, nước dùng trong' });
    expect(all.find((review) => review.customer_id === nameless.id)?.customer_name).toBeNull();
    expect(all.find((review) => review.food_id === a.dishes['Phở sốt vang'])).toMatchObject({
      food_name: 'Phở sốt vang',
      comment: 'Sốt vang hơi mặn',
    });
  });

  it('gives staff of the restaurant the same list as its owner', async () => {
    expect(await items('?per_page=50', staffA)).toEqual(await items('?per_page=50', ownerA));
  });

  it('pages by per_page', async () => {
    const page = await items('?page=2&per_page=5', ownerA);
    expect(page.items).toEqual(expectedA.slice(5, 10));
    expect(page.pagination).toMatchObject({
      per_page: 5,
      total: 13,
      total_pages: 3,
      has_next: true,
    });
  });

  it.each([
    ['hoa', (r: Review) => r.customer_name === 'Nguyễn Thị Hoa'],
    ['NGUYEN THI', (r: Review) => r.customer_name === 'Nguyễn Thị Hoa'],
    ['quay', (r: Review) => r.food_name === 'Quẩy nóng' || r.comment === 'Sẽ quay lại'],
    ['rat ngon', (r: Review) => r.comment === 'Rất ngon, nước dùng trong'],
    ['doi lau', (r: Review) => r.comment === 'Đợi lâu quá'],
    ['100%', (r: Review) => r.comment === 'Giảm 100% cũng không bằng'],
    ['_', () => false],
    ['bun bo', () => false],
  ])('finds %j in dish, comment or customer ignoring diacritics', async (q, matches) => {
    const found = await items(`?per_page=50&q=${encodeURIComponent(q)}`, ownerA);
    const expected = expectedA.filter(matches);
    expect(found.items).toEqual(expected);
    expect(found.pagination.total).toBe(expected.length);
  });

  it('keeps every restaurant to its own reviews', async () => {
    const ofA = (await items('?per_page=50', ownerA)).items.map((review) => review.id);
    expect(ofA).not.toContain(reviewOfB);
    for (const user of [staffB, ownerB]) {
      const ofB = await items('?per_page=50', user);
      expect(ofB.items.map((review) => review.id)).toEqual([reviewOfB]);
      expect(ofB.pagination.total).toBe(1);
      const searched = await items('?q=pho', user);
      expect(searched.items.map((review) => review.id)).toEqual([reviewOfB]);
    }
  });

  it('refuses anonymous callers (401) and customers (403)', async () => {
    const anonymous = await list('');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Vui lòng đăng nhập để tiếp tục',
    });
    const customer = await list('', hoa);
    expect(customer.status).toBe(403);
    expect(customer.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Bạn không có quyền thực hiện thao tác này',
    });
  });

  it('tells a staff-level user without a restaurant (admin included) to create or link one', async () => {
    for (const user of [
      await newUser(t, 'admin'),
      await newUser(t, 'owner'),
      await newUser(t, 'staff'),
    ]) {
      const res = await list('', user);
      expect(res.status, user.role).toBe(404);
      expect(res.body).toMatchObject({
        code: 'RESTAURANT_NONE',
        message: 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.',
      });
    }
  });

  it.each([
    ['per_page=51', 'Số mục mỗi trang phải từ 1 đến 50'],
    ['per_page=0', 'Số mục mỗi trang phải từ 1 đến 50'],
    ['per_page=2.5', 'Số mục mỗi trang phải từ 1 đến 50'],
    ['page=0', 'Số trang phải là số nguyên dương'],
    ['page=abc', 'Số trang phải là số nguyên dương'],
    [`q=${'a'.repeat(201)}`, 'Từ khóa tìm kiếm tối đa 200 ký tự'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await list(`?${query}`, ownerA);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('shows a review a customer just wrote through the app at the top', async () => {
    const order = await paidOrder(t, hoa, a.dishes['Quẩy nóng']!, 2);
    for (const step of ['accept', 'done', 'complete']) {
      const res = await call(t.app, 'PUT', `/api/staff/orders/${order.id}/${step}/`, {
        token: staffA.token,
      });
      expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const written = await call<{ data: Review }>(t.app, 'POST', '/api/customer/reviews/', {
      token: hoa.token,
      body: { food_id: a.dishes['Quẩy nóng'], rating: 5, comment: 'Quẩy giòn, nóng hổi' },
    });
    expect(written.status).toBe(201);
    const page = await items('', ownerA);
    expect(page.items[0]).toMatchObject({
      id: written.body.data.id,
      rating: 5,
      comment: 'Quẩy giòn, nóng hổi',
      customer_id: hoa.id,
      customer_name: 'Nguyễn Thị Hoa',
      food_name: 'Quẩy nóng',
    });
    expect(page.pagination.total).toBe(14);
    // Another restaurant's staff never see it.
    expect((await items('?per_page=50', staffB)).items.map((review) => review.id)).not.toContain(
      written.body.data.id,
    );
  });
});
