import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAX_SUBTOTAL } from '#contract/cart';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DELIVERY } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

const INVALID_TEXT = {
  success: false,
  code: 'INVALID_TEXT',
  message: 'Dữ liệu gửi lên chứa ký tự không hợp lệ (ký tự NUL hoặc mã hóa không phải UTF-8)',
};
const TOO_DEEP = {
  success: false,
  code: 'JSON_TOO_DEEP',
  message: 'Dữ liệu gửi lên lồng nhau quá sâu (tối đa 32 cấp)',
};
const MULTIPART_INVALID = {
  success: false,
  code: 'MULTIPART_INVALID',
  message: 'Biểu mẫu gửi lên bị hỏng hoặc không đầy đủ. Vui lòng gửi lại.',
};
const URI_TOO_LONG = { success: false, code: 'URI_TOO_LONG', message: 'Đường dẫn quá dài' };
const ORDER_TOO_LARGE = {
  success: false,
  code: 'ORDER_TOO_LARGE',
  message:
    'Giá trị đơn hàng tối đa 50.000.000 ₫. Vui lòng giảm số lượng hoặc chia thành nhiều đơn.',
};

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('hostile input', () => {
  let t: TestApp;
  let customer: TestUser;
  let owner: TestUser;
  let dishes: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Quán Đắt',
        lat: 21.03,
        lon: 105.85,
        dishes: [
          { name: 'Tiệc A', price: 10_000_000 },
          { name: 'Tiệc B', price: 9_000_000 },
          { name: 'Tiệc C', price: 8_000_000 },
          { name: 'Phở', price: 45_000 },
        ],
      },
    ]);
    dishes = restaurant!.dishes;
    customer = await newUser(t, 'customer');
    owner = await ownerOf(t, restaurant!.id);
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, token?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  describe('JSON bodies', () => {
    it('refuses 20,000 nested arrays and 5,000 nested objects before parsing (400, not a stack overflow)', async () => {
      for (const payload of [nested(20_000), '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)]) {
        const res = await json('POST', '/api/auth/staff/login/', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(TOO_DEEP);
      }
    });

    it('takes 32 levels, and counts no bracket inside a string', async () => {
      const deepButAllowed = JSON.stringify({ username: 'ab', password: 'x' }).replace(
        '"x"',
        `"${'['.repeat(100)}"`,
      );
      const res = await json('POST', '/api/auth/staff/login/', deepButAllowed);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      const thirtyTwo = await json('POST', '/api/auth/staff/login/', nested(32));
      expect(thirtyTwo.json().code).toBe('VALIDATION_ERROR');
      const thirtyThree = await json('POST', '/api/auth/staff/login/', nested(33));
      expect(thirtyThree.json()).toEqual(TOO_DEEP);
    });

    it('refuses a body that is not UTF-8, and a NUL or a lone surrogate in any text, naming the field', async () => {
      const notUtf8 = Buffer.concat([
        Buffer.from('{"username":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('","password":"secret1"}'),
      ]);
      expect((await json('POST', '/api/auth/staff/login/', notUtf8)).json()).toEqual(INVALID_TEXT);
      for (const username of ['a\\u0000b', 'a\\ud800b', 'a\\udc00']) {
        const res = await json(
          'POST',
          '/api/auth/staff/login/',
          `{"username":"${username}","password":"secret12"}`,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          ...INVALID_TEXT,
          errors: [{ path: 'username', message: 'Chứa ký tự không hợp lệ' }],
        });
      }
      // A real pair of surrogates (an emoji) is fine.
      const emoji = await json(
        'POST',
        '/api/auth/staff/login/',
        '{"username":"ph\\ud83c\\udf5c","password":"secret12"}',
      );
      expect(emoji.json().code).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('multipart bodies', () => {
    it.each([
      [
        'a truncated body',
        '--xx\r\nContent-Disposition: form-data; name="name"\r\n\r\nPhở',
        'boundary=xx',
      ],
      ['garbage', 'garbage', 'boundary=xx'],
      ['no boundary', '--xx\r\n\r\n', ''],
    ])('answers %s with 400', async (_name, payload, boundary) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/foods/',
        payload,
        headers: {
          'content-type': `multipart/form-data${boundary ? `; ${boundary}` : ''}`,
          authorization: `Bearer ${owner.token}`,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(MULTIPART_INVALID);
    });

    it('refuses a deeply nested JSON field as an invalid list, and a NUL in a field', async () => {
      const deep = multipart({ name: 'Bún', price: '30000', toppings: nested(20_000) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/foods/',
        payload: deep.payload,
        headers: { ...deep.headers, authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Danh sách topping không hợp lệ',
      });
      const nul = multipart({ name: 'B\u0000ún', price: '30000' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/staff/foods/',
        payload: nul.payload,
        headers: { ...nul.headers, authorization: `Bearer ${owner.token}` },
      });
      expect(refused.json()).toEqual({
        ...INVALID_TEXT,
        errors: [{ path: 'name', message: 'Chứa ký tự không hợp lệ' }],
      });
    });
  });

  describe('paths and query strings', () => {
    it.each([
      '/api/search/?q=%00',
      '/api/search/?q=ph%00o',
      '/api/search/?q=%ff%fe',
      '/api/search/?q=%ed%a0%80',
      '/api/food/%00/',
      '/api/food/%E0%A4%A/',
      '/api/restaurant/public/?%00=1',
    ])('refuses %s with 400', async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_TEXT);
    });

    it('still reads Vietnamese and a stray % in a query', async () => {
      for (const url of ['/api/search/?q=ph%E1%BB%9F', '/api/search/?q=100%']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    });

    it.each([
      '/api/food/' + '1'.repeat(5_000) + '/',
      '/api/' + 'a'.repeat(5_000),
      '/' + 'a'.repeat(3_000),
    ])('answers a long path with a JSON 414 that does not echo it', async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(414);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(URI_TOO_LONG);
    });

    it.each([
      ['/api/food/?page=1e300', 'Số trang phải là số nguyên dương'],
      ['/api/food/?restaurant_id=2147483648', 'Mã nhà hàng không hợp lệ'],
      ['/api/search/?min_price=2147483648', 'Giá tối thiểu không hợp lệ'],
      ['/api/search/?max_price=99999999999', 'Giá tối đa không hợp lệ'],
      ['/api/food/2147483648/', 'Mã không hợp lệ'],
      ['/api/restaurant/public/?page=100001', 'Số trang phải là số nguyên dương'],
    ])('refuses %s as 400: numbers past the integer column', async (url, message) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    });

    it('refuses ids past the integer column in a body', async () => {
      const res = await call(t.app, 'POST', '/api/customer/cart/add/', {
        token: customer.token,
        body: { food_id: 2 ** 31, quantity: 1 },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Mã không hợp lệ' });
      const categories = await call(t.app, 'POST', '/api/staff/foods/', {
        token: owner.token,
        body: { name: 'Bún', price: 30_000, category_ids: [2 ** 31] },
      });
      expect(categories.status).toBe(400);
      expect(categories.body).toMatchObject({ message: 'Danh mục không hợp lệ' });
    });
  });

  describe('the most an order may come to', () => {
    it(`refuses the cart line that takes the cart past ${ORDER_MAX_SUBTOTAL} ₫, keeping the cart as it was`, async () => {
      const add = (food: number, quantity: number) =>
        call(t.app, 'POST', '/api/customer/cart/add/', {
          token: customer.token,
          body: { food_id: food, quantity },
        });
      expect((await add(dishes['Tiệc A']!, 5)).status).toBe(200);
      // 50,000,000 exactly is allowed; one more dish is not.
      const over = await add(dishes['Phở']!, 1);
      expect(over.status).toBe(400);
      expect(over.body).toEqual(ORDER_TOO_LARGE);
      // The lines of 99 that, with a third, used to overflow the order's integer column.
      for (const name of ['Tiệc B', 'Tiệc C']) {
        const res = await add(dishes[name]!, 99);
        expect(res.body).toEqual(ORDER_TOO_LARGE);
      }
      const cart = await call<{ data: { subtotal: number } }>(t.app, 'GET', '/api/customer/cart/', {
        token: customer.token,
      });
      expect(cart.body.data.subtotal).toBe(50_000_000);
    });

    it('refuses raising a quantity past it, and lets the cart come back under it', async () => {
      const cart = await call<{ data: { items: { id: number }[] } }>(
        t.app,
        'GET',
        '/api/customer/cart/',
        { token: customer.token },
      );
      const line = cart.body.data.items[0]!.id;
      const update = (quantity: number) =>
        call(t.app, 'PUT', `/api/customer/cart/update/${line}/`, {
          token: customer.token,
          body: { quantity },
        });
      expect((await update(6)).body).toEqual(ORDER_TOO_LARGE);
      expect((await update(4)).status).toBe(200);
    });

    it('refuses an order whose dishes got dearer past it since they were added', async () => {
      await t.database.db
        .updateTable('foods')
        .set({ price: 20_000_000 })
        .where('id', '=', dishes['Tiệc A']!)
        .execute();
      const res = await call(t.app, 'POST', '/api/customer/orders/', {
        token: customer.token,
        body: DELIVERY,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ORDER_TOO_LARGE);
      // Lowering the quantity under the cap is still allowed while the cart is over it.
      const cart = await call<{ data: { items: { id: number }[]; subtotal: number } }>(
        t.app,
        'GET',
        '/api/customer/cart/',
        { token: customer.token },
      );
      expect(cart.body.data.subtotal).toBe(80_000_000);
      const line = cart.body.data.items[0]!.id;
      const lowered = await call(t.app, 'PUT', `/api/customer/cart/update/${line}/`, {
        token: customer.token,
        body: { quantity: 3 },
      });
      expect(lowered.status).toBe(200);
    });
  });
});
