import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartReplySchema } from '#contract/cart';
import { OrderReplySchema } from '#contract/orders';
import {
  FOOD_PRICE_MESSAGE,
  IMAGE_URL_MESSAGE,
  StaffFoodListReplySchema,
  StaffFoodReplySchema,
  TOPPING_PRICE_MESSAGE,
  type StaffFood,
} from '#contract/staff-menu';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { DELIVERY, placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { multipart, type FilePart } from '../helpers/multipart';
import { png, pngBomb } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';

const NOT_FOUND = { code: 'FOOD_NOT_FOUND', message: 'Không tìm thấy món ăn' };
const NO_RESTAURANT = {
  code: 'RESTAURANT_NONE',
  message: 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.',
};
const UNSUPPORTED = {
  code: 'UNSUPPORTED_IMAGE',
  message: 'Ảnh phải có định dạng JPG, PNG hoặc WebP',
};
const TWO_MB = 2 * 1024 * 1024;

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-kitchen-location' } } })
    .toBuffer();

const image = (data: Buffer, filename = 'mon.png', contentType = 'image/png'): FilePart => ({
  name: 'image',
  filename,
  contentType,
  data,
});

describe('staff menu (spec 2.18, 7.5 foods/)', () => {
  let t: TestApp;
  /** Restaurant A: the caller's own in most tests. */
  let a: { id: number; dishes: Record<string, number> };
  /** Restaurant B: another restaurant, whose staff must never reach A's menu. */
  let b: { id: number; dishes: Record<string, number> };
  /** Restaurant C: a menu nobody edits, for the list and its pages. */
  let c: { id: number; dishes: Record<string, number> };
  let ownerA: TestUser;
  let staffA: TestUser;
  let ownerB: TestUser;
  let staffB: TestUser;
  let ownerC: TestUser;
  let customer: TestUser;
  let admin: TestUser;
  let ownerWithout: TestUser;
  let staffWithout: TestUser;
  let category: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Bún Chả Hương Liên',
        lat: 21.018,
        lon: 105.853,
        dishes: [
          {
            name: 'Bún chả',
            price: 50_000,
            categories: ['Món chính'],
            toppings: [
              { name: 'Trứng', price: 5_000 },
              { name: 'Chả thêm', price: 15_000 },
            ],
          },
          { name: 'Nem cua bể', price: 40_000, categories: ['Đồ ăn vặt'] },
        ],
      },
      {
        name: 'Bánh Mì Phượng',
        lat: 15.877,
        lon: 108.326,
        dishes: [
          { name: 'Bánh mì pate', price: 30_000, toppings: [{ name: 'Pate thêm', price: 5_000 }] },
        ],
      },
      {
        name: 'Cơm Tấm Sài Gòn',
        lat: 10.776,
        lon: 106.7,
        dishes: [
          ...Array.from({ length: 11 }, (_, i) => ({
            name: `Cơm tấm sườn ${i + 1}`,
            price: 40_000 + i * 1_000,
          })),
          { name: 'Chè đậu đỏ', price: 25_000, categories: ['Tráng miệng'] },
          { name: 'Nem 100% thịt', price: 35_000 },
          { name: 'Cơm tấm đã bỏ', price: 45_000, deleted: true },
        ],
      },
    ]);
    a = created[0]!;
    b = created[1]!;
    c = created[2]!;
    ownerA = await ownerOf(t, a.id);
    ownerB = await ownerOf(t, b.id);
    ownerC = await ownerOf(t, c.id);
    staffA = await newUser(t, 'staff', { restaurant_id: a.id });
    staffB = await newUser(t, 'staff', { restaurant_id: b.id });
    customer = await newUser(t, 'customer', { full_name: 'Lê Thu' });
    admin = await newUser(t, 'admin');
    ownerWithout = await newUser(t, 'owner');
    staffWithout = await newUser(t, 'staff');
    category = Object.fromEntries(
      (await t.database.db.selectFrom('categories').select(['id', 'name']).execute()).map((row) => [
        row.name,
        row.id,
      ]),
    );
  });
  afterAll(() => t.close());

  const api = <T = ErrorBody>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user?: TestUser,
    body?: unknown,
  ) => call<T>(t.app, method, url, { ...(user ? { token: user.token } : {}), body });

  const form = async (
    method: 'POST' | 'PUT',
    url: string,
    user: TestUser | undefined,
    fields: Record<string, string>,
    files: FilePart[] = [],
  ) => {
    const body = multipart(fields, files);
    const res = await t.app.inject({
      method,
      url,
      headers: { ...body.headers, ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<ErrorBody & { data: StaffFood }>() };
  };

  /** Everything stored about a dish: what "nothing changed" is checked against. */
  const snapshot = async (foodId: number) => ({
    food: await t.database.db
      .selectFrom('foods')
      .selectAll()
      .where('id', '=', foodId)
      .executeTakeFirstOrThrow(),
    toppings: await t.database.db
      .selectFrom('toppings')
      .selectAll()
      .where('food_id', '=', foodId)
      .orderBy('id')
      .execute(),
    categories: await t.database.db
      .selectFrom('food_categories')
      .selectAll()
      .where('food_id', '=', foodId)
      .orderBy('category_id')
      .execute(),
  });

  const foodCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('foods')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The names in the uploads table under foods/, which a refused request must leave as they were. */
  const storedFiles = async () =>
    (
      await t.database.db
        .selectFrom('uploads')
        .select('name')
        .where('name', 'like', 'foods/%')
        .orderBy('name')
        .execute()
    ).map((row) => row.name);

  /** A new dish of A through the API. */
  const createDish = async (body: Record<string, unknown>, user: TestUser = ownerA) => {
    const res = await api<{ data: StaffFood }>('POST', '/api/staff/foods/', user, {
      price: 45_000,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  describe('GET /api/staff/foods/', () => {
    it('lists the own menu newest first, 10 a page, without deleted dishes', async () => {
      const first = await api('GET', '/api/staff/foods/', ownerC);
      expect(first.status).toBe(200);
      const page1 = StaffFoodListReplySchema.parse(first.body).data;
      expect(page1.items).toHaveLength(10);
      expect(page1.pagination).toEqual({
        page: 1,
        per_page: 10,
        total: 13,
        total_exact: true,
        total_pages: 2,
        has_next: true,
      });
      expect(page1.items[0]!.name).toBe('Nem 100% thịt');
      expect(page1.items.map((item) => item.id)).toEqual(
        [...page1.items.map((item) => item.id)].sort((x, y) => y - x),
      );
      expect(page1.items.every((item) => item.restaurant_id === c.id)).toBe(true);

      const second = StaffFoodListReplySchema.parse(
        (await api('GET', '/api/staff/foods/?page=2', ownerC)).body,
      ).data;
      expect(second.items.map((item) => item.name)).toEqual([
        'Cơm tấm sườn 3',
        'Cơm tấm sườn 2',
        'Cơm tấm sườn 1',
      ]);
      expect(second.pagination.has_next).toBe(false);
      const names = [...page1.items, ...second.items].map((item) => item.name);
      expect(names).not.toContain('Cơm tấm đã bỏ');

      const wide = StaffFoodListReplySchema.parse(
        (await api('GET', '/api/staff/foods/?per_page=50', ownerC)).body,
      ).data;
      expect(wide.items).toHaveLength(13);
      expect(wide.pagination.per_page).toBe(50);
    });

    it('gives each dish its categories and toppings', async () => {
      const list = StaffFoodListReplySchema.parse(
        (await api('GET', '/api/staff/foods/?q=bun%20cha', staffA)).body,
      ).data;
      expect(list.items).toEqual([
        expect.objectContaining({
          id: a.dishes['Bún chả'],
          restaurant_id: a.id,
          name: 'Bún chả',
          price: 50_000,
          image_url: null,
          available: true,
          categories: [{ id: category['Món chính'], name: 'Món chính' }],
          toppings: [
            { id: expect.any(Number), name: 'Trứng', price: 5_000 },
            { id: expect.any(Number), name: 'Chả thêm', price: 15_000 },
          ],
        }),
      ]);
    });

    it.each([
      ['com tam suon 1', ['Cơm tấm sườn 11', 'Cơm tấm sườn 10', 'Cơm tấm sườn 1']],
      ['DAU DO', ['Chè đậu đỏ']],
      ['  chè  ', ['Chè đậu đỏ']],
      ['100%', ['Nem 100% thịt']],
      ['_', []],
      ['bánh mì', []],
    ])('finds %j by name ignoring diacritics and case', async (q, expected) => {
      const res = await api<{ data: { items: StaffFood[] } }>(
        'GET',
        `/api/staff/foods/?q=${encodeURIComponent(q)}`,
        ownerC,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((item) => item.name)).toEqual(expected);
    });

    it('accepts its own restaurant_id and answers 404 for any other', async () => {
      const own = await api<{ data: { items: StaffFood[] } }>(
        'GET',
        `/api/staff/foods/?restaurant_id=${c.id}`,
        ownerC,
      );
      expect(own.status).toBe(200);
      expect(own.body.data.items).toHaveLength(10);
      for (const other of [a.id, b.id, 999_999]) {
        const res = await api('GET', `/api/staff/foods/?restaurant_id=${other}`, ownerC);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          code: 'RESTAURANT_NOT_FOUND',
          message: 'Không tìm thấy nhà hàng',
        });
      }
    });

    it.each([
      ['per_page=51', 'Số mục mỗi trang phải từ 1 đến 50'],
      ['per_page=0', 'Số mục mỗi trang phải từ 1 đến 50'],
      ['page=0', 'Số trang phải là số nguyên dương'],
      ['page=abc', 'Số trang phải là số nguyên dương'],
      ['restaurant_id=abc', 'Mã nhà hàng không hợp lệ'],
      [`q=${'a'.repeat(201)}`, 'Từ khóa tìm kiếm tối đa 200 ký tự'],
    ])('refuses %s with 400', async (query, message) => {
      const res = await api('GET', `/api/staff/foods/?${query}`, ownerC);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    });
  });

  describe('GET /api/staff/foods/{id}/', () => {
    it('returns an own dish and 404 for a missing or deleted one', async () => {
      const res = await api('GET', `/api/staff/foods/${c.dishes['Chè đậu đỏ']}/`, ownerC);
      expect(res.status).toBe(200);
      expect(StaffFoodReplySchema.parse(res.body).data).toMatchObject({
        name: 'Chè đậu đỏ',
        description: 'Chè đậu đỏ ngon',
        categories: [{ id: category['Tráng miệng'], name: 'Tráng miệng' }],
        toppings: [],
      });
      for (const id of [c.dishes['Cơm tấm đã bỏ']!, 999_999]) {
        const missing = await api('GET', `/api/staff/foods/${id}/`, ownerC);
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject(NOT_FOUND);
      }
      const bad = await api('GET', '/api/staff/foods/abc/', ownerC);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Mã không hợp lệ' });
    });
  });

  describe('POST /api/staff/foods/', () => {
    it('creates a dish with categories and toppings that customers can find without diacritics', async () => {
      const res = await api('POST', '/api/staff/foods/', staffA, {
        name: 'Bún riêu cua đồng',
        price: 55_000,
        description: 'Riêu cua đồng, đậu rán, rau sống',
        category_ids: [category['Món chính'], category['Món ăn đường phố'], category['Món chính']],
        toppings: [
          { name: 'Ốc', price: 15_000 },
          { name: 'Giò tai', price: 10_000 },
        ],
      });
      expect(res.status).toBe(201);
      const body = StaffFoodReplySchema.parse(res.body);
      expect(body.message).toBe('Đã tạo món');
      expect(body.data).toMatchObject({
        restaurant_id: a.id,
        name: 'Bún riêu cua đồng',
        description: 'Riêu cua đồng, đậu rán, rau sống',
        price: 55_000,
        image_url: null,
        available: true,
        categories: [
          { id: category['Món chính'], name: 'Món chính' },
          { id: category['Món ăn đường phố'], name: 'Món ăn đường phố' },
        ],
        toppings: [
          { id: expect.any(Number), name: 'Ốc', price: 15_000 },
          { id: expect.any(Number), name: 'Giò tai', price: 10_000 },
        ],
      });

      const detail = await api<{ data: { toppings: unknown[]; restaurant: { id: number } } }>(
        'GET',
        `/api/food/${body.data.id}/`,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data.restaurant.id).toBe(a.id);
      expect(detail.body.data.toppings).toEqual(body.data.toppings);
      const found = await api<{ data: { items: { id: number }[] } }>(
        'GET',
        '/api/food/?q=bun%20rieu%20cua%20dong&per_page=50',
      );
      expect(found.body.data.items.map((item) => item.id)).toContain(body.data.id);
    });

    it('creates a paused dish when asked', async () => {
      const dish = await createDish({ name: 'Bún chả que tre', available: false });
      expect(dish.available).toBe(false);
      expect(dish.description).toBe('');
    });

    it('creates a dish of the caller’s restaurant only, whatever the body says', async () => {
      const dish = await createDish({ name: 'Bánh mì chảo', restaurant_id: a.id }, staffB);
      expect(dish.restaurant_id).toBe(b.id);
      expect((await snapshot(dish.id)).food.restaurant_id).toBe(b.id);
    });
  });

  // Bad input: every case is a 4xx with a Vietnamese message and nothing stored.
  const BAD_FIELDS: [string, Record<string, unknown>, string, string][] = [
    ['price 0', { price: 0 }, 'price', FOOD_PRICE_MESSAGE],
    ['a negative price', { price: -45_000 }, 'price', FOOD_PRICE_MESSAGE],
    ['price 1.5', { price: 1.5 }, 'price', FOOD_PRICE_MESSAGE],
    ['price 10^10', { price: 10_000_000_000 }, 'price', FOOD_PRICE_MESSAGE],
    ['a price in words', { price: 'bốn lăm nghìn' }, 'price', FOOD_PRICE_MESSAGE],
    ['a price as text digits', { price: '45000' }, 'price', FOOD_PRICE_MESSAGE],
    ['a name of 0 characters', { name: '' }, 'name', 'Vui lòng nhập tên món'],
    ['a name of spaces', { name: '    ' }, 'name', 'Vui lòng nhập tên món'],
    ['a name of 1,000 characters', { name: 'ở'.repeat(1000) }, 'name', 'Tên món tối đa 200 ký tự'],
    [
      'a javascript: image URL',
      { image_url: 'javascript:alert(1)' },
      'image_url',
      IMAGE_URL_MESSAGE,
    ],
    ['a file: image URL', { image_url: 'file:///etc/passwd' }, 'image_url', IMAGE_URL_MESSAGE],
    [
      'a data: image URL',
      { image_url: 'data:image/png;base64,AAAA' },
      'image_url',
      IMAGE_URL_MESSAGE,
    ],
    [
      'a topping with a negative price',
      { toppings: [{ name: 'Trứng', price: -1 }] },
      'toppings.0.price',
      TOPPING_PRICE_MESSAGE,
    ],
    [
      'a topping without a name',
      { toppings: [{ name: ' ', price: 5_000 }] },
      'toppings.0.name',
      'Vui lòng nhập tên topping',
    ],
    [
      'categories that are not a list',
      { category_ids: 'Món chính' },
      'category_ids',
      'Danh mục không hợp lệ',
    ],
  ];

  it.each(BAD_FIELDS)(
    'POST refuses %s with 400 and stores nothing',
    async (_label, fields, field, message) => {
      const before = await foodCount();
      const res = await api('POST', '/api/staff/foods/', ownerA, {
        name: 'Món thử',
        price: 45_000,
        ...fields,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(res.body.errors).toContainEqual({ path: field, message });
      expect(await foodCount()).toBe(before);
    },
  );

  it.each(BAD_FIELDS)(
    'PUT refuses %s with 400 and changes nothing',
    async (_label, fields, field, message) => {
      const id = a.dishes['Nem cua bể']!;
      const before = await snapshot(id);
      const res = await api('PUT', `/api/staff/foods/${id}/`, ownerA, fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.body.errors).toContainEqual({ path: field, message });
      expect(await snapshot(id)).toEqual(before);
    },
  );

  it.each([
    ['0', FOOD_PRICE_MESSAGE],
    ['-1000', FOOD_PRICE_MESSAGE],
    ['1.5', FOOD_PRICE_MESSAGE],
    ['10000000000', FOOD_PRICE_MESSAGE],
    ['bốn lăm nghìn', FOOD_PRICE_MESSAGE],
  ])('multipart POST refuses price %j with 400', async (price, message) => {
    const before = await foodCount();
    const res = await form('POST', '/api/staff/foods/', ownerA, { name: 'Món thử', price });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await foodCount()).toBe(before);
  });

  it('multipart POST refuses names of 0 and 1,000 characters', async () => {
    const before = await foodCount();
    const empty = await form('POST', '/api/staff/foods/', ownerA, { name: '', price: '45000' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Vui lòng nhập tên món');
    const long = await form('POST', '/api/staff/foods/', ownerA, {
      name: 'x'.repeat(1000),
      price: '45000',
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Tên món tối đa 200 ký tự');
    expect(await foodCount()).toBe(before);
  });

  it('refuses unknown categories with 400 and stores nothing', async () => {
    const before = await foodCount();
    const res = await api('POST', '/api/staff/foods/', ownerA, {
      name: 'Món thử',
      price: 45_000,
      category_ids: [category['Món chính'], 999_999],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'UNKNOWN_CATEGORY',
      message: 'Danh mục không tồn tại: 999999',
    });
    expect(await foodCount()).toBe(before);
  });

  it('refuses an existing topping id on a new dish', async () => {
    const before = await foodCount();
    const [pate] = (await snapshot(b.dishes['Bánh mì pate']!)).toppings;
    const res = await api('POST', '/api/staff/foods/', ownerA, {
      name: 'Món thử',
      price: 45_000,
      toppings: [{ id: pate!.id, name: 'Pate thêm', price: 1_000 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'TOPPING_INVALID',
      message: 'Topping không thuộc món ăn này',
    });
    expect(await foodCount()).toBe(before);
    expect((await snapshot(b.dishes['Bánh mì pate']!)).toppings[0]).toEqual(pate);
  });

  describe('PUT /api/staff/foods/{id}/', () => {
    it('changes only the fields given', async () => {
      const dish = await createDish({
        name: 'Phở cuốn',
        price: 60_000,
        description: 'Cuốn bánh phở',
        category_ids: [category['Món chính']],
        toppings: [{ name: 'Rau thơm', price: 0 }],
      });
      const res = await api('PUT', `/api/staff/foods/${dish.id}/`, staffA, { price: 65_000 });
      expect(res.status).toBe(200);
      const updated = StaffFoodReplySchema.parse(res.body);
      expect(updated.message).toBe('Đã cập nhật món');
      expect(updated.data).toEqual({
        ...dish,
        price: 65_000,
        updated_at: expect.any(String),
      });
      expect(Date.parse(updated.data.updated_at)).toBeGreaterThanOrEqual(
        Date.parse(dish.updated_at),
      );

      const renamed = await api<{ data: StaffFood }>(
        'PUT',
        `/api/staff/foods/${dish.id}/`,
        ownerA,
        {
          name: 'Phở cuốn Ngũ Xã',
          description: '',
          available: false,
        },
      );
      expect(renamed.body.data).toMatchObject({
        name: 'Phở cuốn Ngũ Xã',
        description: '',
        available: false,
        price: 65_000,
        categories: dish.categories,
        toppings: dish.toppings,
      });
      const search = await api<{ data: { items: { id: number }[] } }>(
        'GET',
        '/api/food/?q=ngu%20xa&per_page=50',
      );
      expect(search.body.data.items.map((item) => item.id)).toContain(dish.id);
    });

    it('replaces the toppings: ids are edited, new ones added, the rest soft-deleted; carts and orders keep theirs', async () => {
      const dish = await createDish({
        name: 'Bún đậu mắm tôm',
        price: 40_000,
        toppings: [
          { name: 'Chả cốm', price: 10_000 },
          { name: 'Lòng luộc', price: 20_000 },
          { name: 'Thịt chân giò', price: 25_000 },
        ],
      });
      const [chaCom, long, chanGio] = dish.toppings;

      // An order with "Lòng luộc", and another customer's cart line holding it.
      const buyer = await newUser(t, 'customer', { full_name: 'Phạm Hưng' });
      const added = await api('POST', '/api/customer/cart/add/', buyer, {
        food_id: dish.id,
        quantity: 2,
        topping_ids: [long!.id],
      });
      expect(added.status).toBe(200);
      const ordered = await api<{ data: { id: number } }>(
        'POST',
        '/api/customer/orders/',
        buyer,
        DELIVERY,
      );
      expect(ordered.status).toBe(201);
      const shopper = await newUser(t, 'customer');
      expect(
        (
          await api('POST', '/api/customer/cart/add/', shopper, {
            food_id: dish.id,
            quantity: 1,
            topping_ids: [long!.id],
          })
        ).status,
      ).toBe(200);

      const res = await api('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
        toppings: [
          { id: chanGio!.id, name: 'Thịt chân giò luộc', price: 30_000 },
          { name: 'Nem chua rán', price: 15_000 },
          { id: chaCom!.id, name: 'Chả cốm', price: 12_000 },
        ],
      });
      expect(res.status).toBe(200);
      const toppings = StaffFoodReplySchema.parse(res.body).data.toppings;
      expect(toppings).toEqual([
        { id: chanGio!.id, name: 'Thịt chân giò luộc', price: 30_000 },
        { id: expect.any(Number), name: 'Nem chua rán', price: 15_000 },
        { id: chaCom!.id, name: 'Chả cốm', price: 12_000 },
      ]);
      expect([chaCom!.id, long!.id, chanGio!.id]).not.toContain(toppings[1]!.id);

      // Soft-deleted, not gone: the row is still there for the order and the cart.
      const rows = (await snapshot(dish.id)).toppings;
      expect(rows.find((row) => row.id === long!.id)).toMatchObject({
        name: 'Lòng luộc',
        price: 20_000,
        deleted_at: expect.any(Date),
      });
      expect(rows.filter((row) => row.deleted_at === null)).toHaveLength(3);

      const customerView = await api<{ data: { toppings: unknown[] } }>(
        'GET',
        `/api/food/${dish.id}/`,
      );
      expect(customerView.body.data.toppings).toEqual(toppings);

      const order = OrderReplySchema.parse(
        (await api('GET', `/api/customer/orders/${ordered.body.data.id}/`, buyer)).body,
      ).data;
      expect(order.items).toEqual([
        expect.objectContaining({
          food_id: dish.id,
          food_name: 'Bún đậu mắm tôm',
          price: 60_000,
          quantity: 2,
          subtotal: 120_000,
          toppings: [{ id: long!.id, name: 'Lòng luộc', price: 20_000 }],
        }),
      ]);

      const cart = CartReplySchema.parse(
        (await api('GET', '/api/customer/cart/', shopper)).body,
      ).data;
      expect(cart.items).toEqual([
        expect.objectContaining({
          food_id: dish.id,
          toppings: [{ id: long!.id, name: 'Lòng luộc', price: 20_000 }],
          available: false,
        }),
      ]);

      // Emptying the list takes every topping off the menu.
      const cleared = await api<{ data: StaffFood }>(
        'PUT',
        `/api/staff/foods/${dish.id}/`,
        ownerA,
        {
          toppings: [],
        },
      );
      expect(cleared.body.data.toppings).toEqual([]);
      expect((await snapshot(dish.id)).toppings.every((row) => row.deleted_at !== null)).toBe(true);
    });

    it('refuses topping ids of another dish, a deleted topping and repeats, changing nothing', async () => {
      const dish = await createDish({
        name: 'Cháo sườn',
        toppings: [
          { name: 'Quẩy', price: 3_000 },
          { name: 'Ruốc', price: 5_000 },
        ],
      });
      const [quay, ruoc] = dish.toppings;
      await api('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
        toppings: [{ id: quay!.id, name: 'Quẩy', price: 3_000 }],
      });
      const before = await snapshot(dish.id);
      const [trung] = (await snapshot(a.dishes['Bún chả']!)).toppings;
      const [pate] = (await snapshot(b.dishes['Bánh mì pate']!)).toppings;
      for (const [toppings, message] of [
        [[{ id: trung!.id, name: 'Trứng', price: 1 }], 'Topping không thuộc món ăn này'],
        [[{ id: pate!.id, name: 'Pate', price: 1 }], 'Topping không thuộc món ăn này'],
        [[{ id: ruoc!.id, name: 'Ruốc', price: 5_000 }], 'Topping không thuộc món ăn này'],
        [[{ id: 999_999, name: 'Ma', price: 1 }], 'Topping không thuộc món ăn này'],
        [
          [
            { id: quay!.id, name: 'Quẩy', price: 3_000 },
            { id: quay!.id, name: 'Quẩy đôi', price: 6_000 },
          ],
          'Mỗi topping chỉ được gửi một lần',
        ],
      ] as const) {
        const res = await api('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
          name: 'Cháo sườn sụn',
          toppings,
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'TOPPING_INVALID', message });
        expect(await snapshot(dish.id)).toEqual(before);
      }
      expect((await snapshot(a.dishes['Bún chả']!)).toppings[0]).toEqual(trung);
      expect((await snapshot(b.dishes['Bánh mì pate']!)).toppings[0]).toEqual(pate);
    });

    it('replaces the categories, and customers filter by the new ones', async () => {
      const dish = await createDish({
        name: 'Kem xôi',
        category_ids: [category['Món chính']],
      });
      const res = await api('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
        category_ids: [category['Đồ ăn vặt'], category['Tráng miệng']],
      });
      expect(res.status).toBe(200);
      expect(StaffFoodReplySchema.parse(res.body).data.categories).toEqual([
        { id: category['Đồ ăn vặt'], name: 'Đồ ăn vặt' },
        { id: category['Tráng miệng'], name: 'Tráng miệng' },
      ]);
      const inCategory = async (name: string) =>
        (
          await api<{ data: { items: { id: number }[] } }>(
            'GET',
            `/api/food/?restaurant_id=${a.id}&category=${encodeURIComponent(name)}&per_page=50`,
          )
        ).body.data.items.map((item) => item.id);
      expect(await inCategory('Tráng miệng')).toContain(dish.id);
      expect(await inCategory('Món chính')).not.toContain(dish.id);
      // Category names are searchable text of the dish too.
      const search = await api<{ data: { items: { id: number }[] } }>(
        'GET',
        `/api/food/?restaurant_id=${a.id}&q=trang%20mieng&per_page=50`,
      );
      expect(search.body.data.items.map((item) => item.id)).toContain(dish.id);

      const before = await snapshot(dish.id);
      const unknown = await api('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
        price: 99_000,
        category_ids: [category['Mì'], 424_242],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        code: 'UNKNOWN_CATEGORY',
        message: 'Danh mục không tồn tại: 424242',
      });
      expect(await snapshot(dish.id)).toEqual(before);

      const cleared = await api<{ data: StaffFood }>(
        'PUT',
        `/api/staff/foods/${dish.id}/`,
        ownerA,
        {
          category_ids: [],
        },
      );
      expect(cleared.body.data.categories).toEqual([]);
      expect(await inCategory('Tráng miệng')).not.toContain(dish.id);
    });

    it('answers 404 for a missing dish', async () => {
      const res = await api('PUT', '/api/staff/foods/999999/', ownerA, { price: 50_000 });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    });
  });

  describe('PUT /api/staff/foods/{id}/toggle/', () => {
    it('flips between on sale and paused, and customers see it', async () => {
      const dish = await createDish({ name: 'Bánh cuốn Thanh Trì' });
      const off = await api('PUT', `/api/staff/foods/${dish.id}/toggle/`, staffA);
      expect(off.status).toBe(200);
      expect(StaffFoodReplySchema.parse(off.body)).toMatchObject({
        message: 'Đã đổi trạng thái món',
        data: { id: dish.id, available: false },
      });
      const customerView = await api<{ data: { available: boolean } }>(
        'GET',
        `/api/food/${dish.id}/`,
      );
      expect(customerView.body.data.available).toBe(false);
      const on = await api<{ data: StaffFood }>(
        'PUT',
        `/api/staff/foods/${dish.id}/toggle/`,
        ownerA,
      );
      expect(on.body.data.available).toBe(true);
    });
  });

  describe('DELETE /api/staff/foods/{id}/', () => {
    it('soft-deletes: orders keep the dish, customers and the staff list no longer see it', async () => {
      const dish = await createDish({ name: 'Bún thang Cầu Gỗ', price: 70_000 });
      const order = await placeOrder(t, customer, dish.id, 3);

      const res = await api('DELETE', `/api/staff/foods/${dish.id}/`, ownerA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Đã xoá món' });

      const kept = OrderReplySchema.parse(
        (await api('GET', `/api/customer/orders/${order.id}/`, customer)).body,
      ).data;
      expect(kept.items).toEqual([
        expect.objectContaining({
          food_id: dish.id,
          food_name: 'Bún thang Cầu Gỗ',
          price: 70_000,
          quantity: 3,
          subtotal: 210_000,
        }),
      ]);
      expect(kept.total_amount).toBe(order.total_amount);
      expect((await snapshot(dish.id)).food).toMatchObject({
        name: 'Bún thang Cầu Gỗ',
        deleted_at: expect.any(Date),
      });

      expect((await api('GET', `/api/food/${dish.id}/`)).status).toBe(404);
      const listed = await api<{ data: { items: { id: number }[] } }>(
        'GET',
        `/api/food/?restaurant_id=${a.id}&per_page=50`,
      );
      expect(listed.body.data.items.map((item) => item.id)).not.toContain(dish.id);
      const searched = await api<{ data: { items: { searched_foods: { id: number }[] }[] } }>(
        'GET',
        '/api/search/?q=bun%20thang',
      );
      expect(
        searched.body.data.items.flatMap((r) => r.searched_foods.map((food) => food.id)),
      ).not.toContain(dish.id);
      const staffList = await api<{ data: { items: StaffFood[] } }>(
        'GET',
        '/api/staff/foods/?per_page=50',
        ownerA,
      );
      expect(staffList.body.data.items.map((item) => item.id)).not.toContain(dish.id);
      const cartAdd = await api('POST', '/api/customer/cart/add/', customer, {
        food_id: dish.id,
        quantity: 1,
        topping_ids: [],
      });
      expect(cartAdd.status).toBe(404);
      expect(cartAdd.body).toMatchObject(NOT_FOUND);

      // A deleted dish is gone for every staff call.
      for (const [method, url, body] of [
        ['GET', `/api/staff/foods/${dish.id}/`, undefined],
        ['PUT', `/api/staff/foods/${dish.id}/`, { price: 1_000 }],
        ['PUT', `/api/staff/foods/${dish.id}/toggle/`, undefined],
        ['DELETE', `/api/staff/foods/${dish.id}/`, undefined],
      ] as const) {
        const again = await api(method, url, ownerA, body);
        expect(again.status, `${method} ${url}`).toBe(404);
        expect(again.body).toMatchObject(NOT_FOUND);
      }
      expect((await snapshot(dish.id)).food.price).toBe(70_000);
    });
  });

  describe('who may call', () => {
    const routes = (foodId: number) =>
      [
        ['GET', '/api/staff/foods/', undefined],
        ['GET', `/api/staff/foods/${foodId}/`, undefined],
        ['POST', '/api/staff/foods/', { name: 'Món lạ', price: 10_000 }],
        ['PUT', `/api/staff/foods/${foodId}/`, { name: 'Đổi tên', price: 1_000 }],
        ['PUT', `/api/staff/foods/${foodId}/toggle/`, undefined],
        ['DELETE', `/api/staff/foods/${foodId}/`, undefined],
      ] as const;

    it('refuses anonymous callers (401) and customers (403) on every route, changing nothing', async () => {
      const id = a.dishes['Bún chả']!;
      const before = await snapshot(id);
      const count = await foodCount();
      const files = await storedFiles();
      for (const [method, url, body] of routes(id)) {
        const anonymous = await api(method, url, undefined, body);
        expect(anonymous.status, `${method} ${url}`).toBe(401);
        expect(anonymous.body).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: 'Vui lòng đăng nhập để tiếp tục',
        });
        const asCustomer = await api(method, url, customer, body);
        expect(asCustomer.status, `${method} ${url}`).toBe(403);
        expect(asCustomer.body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Bạn không có quyền thực hiện thao tác này',
        });
      }
      for (const user of [undefined, customer]) {
        const upload = await form('POST', '/api/staff/foods/', user, { name: 'X', price: '9000' }, [
          image(await png()),
        ]);
        expect(upload.status).toBe(user ? 403 : 401);
      }
      expect(await snapshot(id)).toEqual(before);
      expect(await foodCount()).toBe(count);
      expect(await storedFiles()).toEqual(files);
    });

    it.each([
      ['staff of restaurant B', () => staffB],
      ['the owner of restaurant B', () => ownerB],
    ])('answers %s 404 on every dish of A and changes nothing', async (_label, who) => {
      const user = who();
      const id = a.dishes['Bún chả']!;
      const before = await snapshot(id);
      for (const [method, url, body] of routes(id)) {
        if (method === 'POST' || url === '/api/staff/foods/') continue;
        const res = await api(method, url, user, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toMatchObject(NOT_FOUND);
      }
      const upload = await form('PUT', `/api/staff/foods/${id}/`, user, { price: '1000' }, [
        image(await png()),
      ]);
      expect(upload.status).toBe(404);
      expect(upload.body).toMatchObject(NOT_FOUND);
      const [trung] = before.toppings;
      const toppings = await api('PUT', `/api/staff/foods/${id}/`, user, {
        toppings: [{ id: trung!.id, name: 'Trứng', price: 1 }],
      });
      expect(toppings.status).toBe(404);
      expect(await snapshot(id)).toEqual(before);

      const list = await api<{ data: { items: StaffFood[] } }>(
        'GET',
        '/api/staff/foods/?per_page=50',
        user,
      );
      expect(list.status).toBe(200);
      expect(list.body.data.items.length).toBeGreaterThan(0);
      expect(list.body.data.items.every((item) => item.restaurant_id === b.id)).toBe(true);
      const aList = await api('GET', `/api/staff/foods/?restaurant_id=${a.id}`, user);
      expect(aList.status).toBe(404);
      expect(aList.body).toMatchObject({ code: 'RESTAURANT_NOT_FOUND' });
    });

    it.each([
      ['an admin', () => admin],
      ['an owner who has not created a restaurant', () => ownerWithout],
      ['a staff account not linked to a restaurant', () => staffWithout],
    ])('tells %s to create or link a restaurant, on every route', async (_label, who) => {
      const id = a.dishes['Bún chả']!;
      const before = await snapshot(id);
      const count = await foodCount();
      const files = await storedFiles();
      for (const [method, url, body] of routes(id)) {
        const res = await api(method, url, who(), body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toMatchObject(NO_RESTAURANT);
      }
      const upload = await form(
        'POST',
        '/api/staff/foods/',
        who(),
        { name: 'Món', price: '9000' },
        [image(await png())],
      );
      expect(upload.status).toBe(404);
      expect(upload.body).toMatchObject(NO_RESTAURANT);
      expect(await snapshot(id)).toEqual(before);
      expect(await foodCount()).toBe(count);
      expect(await storedFiles()).toEqual(files);
    });
  });

  describe('images', () => {
    it('stores an uploaded photo re-encoded as WebP, resized, without metadata, with long caching', async () => {
      const photo = await jpeg(1600, 1200);
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        {
          name: 'Chả cá Lã Vọng',
          price: '120000',
          description: 'Cá lăng, thì là, hành',
          available: 'false',
          category_ids: JSON.stringify([category['Món chính']]),
          toppings: JSON.stringify([{ name: 'Bún thêm', price: 10_000 }]),
        },
        [image(photo, 'cha-ca.jpg', 'image/jpeg')],
      );
      expect(res.status).toBe(201);
      const dish = StaffFoodReplySchema.parse(res.body).data;
      expect(dish).toMatchObject({
        name: 'Chả cá Lã Vọng',
        price: 120_000,
        description: 'Cá lăng, thì là, hành',
        available: false,
        categories: [{ id: category['Món chính'], name: 'Món chính' }],
        toppings: [{ id: expect.any(Number), name: 'Bún thêm', price: 10_000 }],
      });
      expect(dish.image_url).toMatch(/^\/uploads\/foods\/[0-9a-f-]{36}\.webp$/);

      const file = await t.app.inject({ method: 'GET', url: dish.image_url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('secret-kitchen-location'))).toBe(false);

      // A new photo through PUT; the old one, in no order, is deleted with the change.
      const again = await form('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {}, [
        image(await png(300, 200)),
      ]);
      expect(again.status).toBe(200);
      const next = StaffFoodReplySchema.parse(again.body).data;
      expect(next.image_url).toMatch(/^\/uploads\/foods\/[0-9a-f-]{36}\.webp$/);
      expect(next.image_url).not.toBe(dish.image_url);
      expect(next).toMatchObject({ name: 'Chả cá Lã Vọng', price: 120_000 });
      const small = await t.app.inject({ method: 'GET', url: next.image_url! });
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
      expect((await t.app.inject({ method: 'GET', url: dish.image_url! })).statusCode).toBe(404);

      const customerView = await api<{ data: { image_url: string } }>(
        'GET',
        `/api/food/${dish.id}/`,
      );
      expect(customerView.body.data.image_url).toBe(next.image_url);
    });

    it('stores an http(s) image URL as given and never fetches it', async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const url = 'https://cdn.example.vn/mon/bun-oc.jpg?w=800';
      const dish = await createDish({ name: 'Bún ốc', image_url: url });
      expect(dish.image_url).toBe(url);
      const other = await api<{ data: StaffFood }>('PUT', `/api/staff/foods/${dish.id}/`, ownerA, {
        image_url: 'http://anh.example.vn/bun-oc.png',
      });
      expect(other.body.data.image_url).toBe('http://anh.example.vn/bun-oc.png');
      const customerView = await api<{ data: { image_url: string } }>(
        'GET',
        `/api/food/${dish.id}/`,
      );
      expect(customerView.body.data.image_url).toBe('http://anh.example.vn/bun-oc.png');
      expect(fetchSpy).not.toHaveBeenCalled();

      // An empty URL removes the image.
      const removed = await api<{ data: StaffFood }>(
        'PUT',
        `/api/staff/foods/${dish.id}/`,
        ownerA,
        {
          image_url: '',
        },
      );
      expect(removed.body.data.image_url).toBeNull();
    });

    it('refuses a file and a URL together', async () => {
      const before = await foodCount();
      const files = await storedFiles();
      const res = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        { name: 'Món hai ảnh', price: '50000', image_url: 'https://cdn.example.vn/a.jpg' },
        [image(await png())],
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Chỉ chọn một trong hai: tệp ảnh hoặc đường dẫn ảnh',
      });
      expect(await foodCount()).toBe(before);
      expect(await storedFiles()).toEqual(files);
    });

    it('takes an empty file part (no file chosen) as no image, and NFC-normalises multipart text', async () => {
      const nfd = 'Bánh xèo'.normalize('NFD');
      expect(nfd).not.toBe('Bánh xèo');
      const res = await form('POST', '/api/staff/foods/', ownerA, { name: nfd, price: '60000' }, [
        image(Buffer.alloc(0), '', 'application/octet-stream'),
      ]);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Bánh xèo', image_url: null });
      const found = await api<{ data: { items: StaffFood[] } }>(
        'GET',
        '/api/staff/foods/?q=banh%20xeo',
        ownerA,
      );
      expect(found.body.data.items.map((item) => item.id)).toContain(res.body.data.id);
    });

    it('refuses an image sent as a text field', async () => {
      const res = await form('POST', '/api/staff/foods/', ownerA, {
        name: 'Món',
        price: '50000',
        image: 'https://cdn.example.vn/a.jpg',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Ảnh món phải là một tệp ảnh',
      });
    });

    const pngPolyglot = () =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
      ]);

    it.each([
      [
        'an SVG',
        () =>
          image(
            Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
            ),
            'mon.svg',
            'image/svg+xml',
          ),
      ],
      [
        'an SVG labelled as a PNG',
        () => image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      ],
      ['a PNG-headed HTML polyglot', () => image(pngPolyglot())],
      [
        'HTML with a spoofed JPEG Content-Type',
        () =>
          image(Buffer.from('<!doctype html><script>alert(1)</script>'), 'mon.jpg', 'image/jpeg'),
      ],
      [
        'a GIF',
        () =>
          image(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'm.gif', 'image/gif'),
      ],
    ])('refuses %s with 400 on POST and PUT, storing nothing', async (_label, part) => {
      const id = a.dishes['Nem cua bể']!;
      const before = await snapshot(id);
      const count = await foodCount();
      const files = await storedFiles();
      const created = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        { name: 'Món', price: '50000' },
        [part()],
      );
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject(UNSUPPORTED);
      const updated = await form('PUT', `/api/staff/foods/${id}/`, ownerA, { name: 'Nem đổi' }, [
        part(),
      ]);
      expect(updated.status).toBe(400);
      expect(updated.body).toMatchObject(UNSUPPORTED);
      expect(await foodCount()).toBe(count);
      expect(await snapshot(id)).toEqual(before);
      expect(await storedFiles()).toEqual(files);
    });

    it('re-encodes a real PNG with HTML appended, so the payload is gone', async () => {
      const polyglot = Buffer.concat([
        await png(40, 40),
        Buffer.from('<script>alert("polyglot")</script>'),
      ]);
      const res = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        { name: 'Món đa ngôn', price: '50000' },
        [image(polyglot)],
      );
      expect(res.status).toBe(201);
      const file = await t.app.inject({ method: 'GET', url: res.body.data.image_url! });
      expect(file.rawPayload.includes(Buffer.from('polyglot'))).toBe(false);
      expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    });

    it('accepts a real image whatever Content-Type the client claims', async () => {
      const res = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        { name: 'Món nhãn sai', price: '50000' },
        [image(await jpeg(50, 50), 'mon.txt', 'text/plain')],
      );
      expect(res.status).toBe(201);
      expect(res.body.data.image_url).toMatch(/^\/uploads\/foods\/.+\.webp$/);
    });

    it('refuses an image header claiming 50,000 x 50,000 px before decoding it', async () => {
      const id = a.dishes['Nem cua bể']!;
      const before = await snapshot(id);
      const res = await form('PUT', `/api/staff/foods/${id}/`, ownerA, {}, [
        image(pngBomb(), 'bomb.png'),
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'IMAGE_TOO_LARGE',
        message: 'Kích thước ảnh quá lớn (tối đa 40 megapixel)',
      });
      expect(await snapshot(id)).toEqual(before);
    });

    it('refuses a file of 2 MB + 1 byte with 413, on POST and PUT', async () => {
      const small = await png();
      const big = Buffer.concat([small, Buffer.alloc(TWO_MB + 1 - small.length)]);
      expect(big.length).toBe(TWO_MB + 1);
      const id = a.dishes['Nem cua bể']!;
      const before = await snapshot(id);
      const count = await foodCount();
      const files = await storedFiles();
      const created = await form(
        'POST',
        '/api/staff/foods/',
        ownerA,
        { name: 'Món to', price: '50000' },
        [image(big, 'big.png')],
      );
      expect(created.status).toBe(413);
      expect(created.body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'Ảnh tải lên tối đa 2 MB',
      });
      const updated = await form('PUT', `/api/staff/foods/${id}/`, ownerA, {}, [
        image(big, 'big.png'),
      ]);
      expect(updated.status).toBe(413);
      expect(updated.body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'Ảnh tải lên tối đa 2 MB',
      });
      expect(await foodCount()).toBe(count);
      expect(await snapshot(id)).toEqual(before);
      expect(await storedFiles()).toEqual(files);
    });
  });
});
