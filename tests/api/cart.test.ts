import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartReplySchema, EMPTY_CART, type Cart } from '#contract/cart';
import { emptyCart, getCart, lockCartForCheckout } from '#server/modules/cart/cart.service';
import { call, registerOwner, signInStaff, OWNER } from '../helpers/auth';
import { insertCatalogue, NEVER_OPEN } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInCustomer } from '../factories/users';

const QUANTITY_MESSAGE = 'Số lượng phải là số nguyên từ 1 đến 99';
const OTHER_RESTAURANT_MESSAGE =
  'Giỏ hàng đang có món của quán khác. Hãy xóa giỏ hàng cũ trước khi thêm món này.';

type Json = Record<string, unknown>;

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof insertCatalogue>>;
/** Dish ids by name across every restaurant of the fixture. */
const dish: Record<string, number> = {};
/** Topping ids by `dish/topping` name. */
const topping: Record<string, number> = {};

const cartCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
) =>
  call<Json>(t.app, method, `/api/customer/cart/${url}`, {
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
  });

/** A successful cart reply, checked against the contract; returns its message and cart. */
function ok(res: { status: number; body: Json }): { message: string; cart: Cart } {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = CartReplySchema.parse(res.body);
  return { message: parsed.message, cart: parsed.data };
}

function refused(res: { status: number; body: Json }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code });
  return res.body as {
    message: string;
    code: string;
    errors?: { path: string; message: string }[];
  };
}

const read = async (token: string) => ok(await cartCall('GET', '', token)).cart;
const add = (token: string, body: unknown) => cartCall('POST', 'add/', token, body);
const update = (token: string, id: number, body: unknown) =>
  cartCall('PUT', `update/${id}/`, token, body);
const remove = (token: string, id: number) => cartCall('DELETE', `remove/${id}/`, token);
const clear = (token: string) => cartCall('DELETE', 'clear/', token);

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [
        {
          name: 'Phở bò',
          price: 50000,
          toppings: [
            { name: 'Thêm trứng', price: 5000 },
            { name: 'Quẩy', price: 3000 },
            { name: 'Thêm bò', price: 20000 },
          ],
        },
        { name: 'Phở gà', price: 45000, toppings: [{ name: 'Thêm gà', price: 15000 }] },
        { name: 'Nước chanh', price: 15000, available: false },
        { name: 'Món đã xoá', price: 10000, deleted: true },
      ],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25000, toppings: [{ name: 'Pate', price: 5000 }] }],
    },
    {
      name: 'Chè Tạm Nghỉ',
      lat: 21.03,
      lon: 105.85,
      active: false,
      dishes: [{ name: 'Chè ba màu', price: 20000 }],
    },
    {
      name: 'Quán Chờ Duyệt',
      lat: 21.03,
      lon: 105.85,
      approval: 'pending',
      dishes: [{ name: 'Bún chờ duyệt', price: 30000 }],
    },
    {
      name: 'Quán Bị Từ Chối',
      lat: 21.03,
      lon: 105.85,
      approval: 'rejected',
      dishes: [{ name: 'Bún bị từ chối', price: 30000 }],
    },
    {
      name: 'Quán Đêm',
      lat: 21.03,
      lon: 105.85,
      hours: NEVER_OPEN,
      dishes: [{ name: 'Cháo đêm', price: 35000 }],
    },
    {
      name: 'Quán Nhiều Món',
      lat: 21.02,
      lon: 105.84,
      dishes: Array.from({ length: 51 }, (_, i) => ({ name: `Món số ${i + 1}`, price: 10000 })),
    },
  ]);
  for (const restaurant of catalogue) Object.assign(dish, restaurant.dishes);
  const rows = await t.database.db
    .selectFrom('toppings as tp')
    .innerJoin('foods as f', 'f.id', 'tp.food_id')
    .select(['tp.id', 'tp.name', 'f.name as food'])
    .execute();
  for (const row of rows) topping[`${row.food}/${row.name}`] = row.id;
  await t.database.db
    .updateTable('foods')
    .set({ image: 'foods/pho-bo.webp' })
    .where('id', '=', dish['Phở bò']!)
    .execute();
  await t.database.db
    .updateTable('foods')
    .set({ image: 'https://cdn.example.vn/banh-mi.jpg' })
    .where('id', '=', dish['Bánh mì']!)
    .execute();
});
afterAll(() => t.close());

const restaurantId = (name: string) => catalogue.find((r) => r.name === name)!.id;

describe('reading the cart (GET /api/customer/cart/)', () => {
  it('is empty for a customer who never added anything', async () => {
    const { token } = await signedInCustomer(t);
    const res = await cartCall('GET', '', token);
    expect(ok(res)).toEqual({ message: 'Thành công', cart: EMPTY_CART });
  });

  it('refuses anonymous callers (401) and staff-level accounts (403)', async () => {
    refused(await cartCall('GET', '', undefined), 401, 'UNAUTHENTICATED');
    refused(await add('', { food_id: dish['Phở gà'], quantity: 1 }), 401, 'UNAUTHENTICATED');
    expect((await registerOwner(t.app)).status).toBe(201);
    const owner = await signInStaff(t.app, OWNER.username, OWNER.password);
    const staffToken = owner.tokens.access_token;
    refused(await cartCall('GET', '', staffToken), 403, 'FORBIDDEN');
    refused(await add(staffToken, { food_id: dish['Phở gà'], quantity: 1 }), 403, 'FORBIDDEN');
    refused(await update(staffToken, 1, { quantity: 2 }), 403, 'FORBIDDEN');
    refused(await remove(staffToken, 1), 403, 'FORBIDDEN');
    refused(await clear(staffToken), 403, 'FORBIDDEN');
  });
});

describe('adding (POST /api/customer/cart/add/)', () => {
  it('answers with the whole cart: lines with toppings, today’s prices and totals', async () => {
    const { token } = await signedInCustomer(t);
    const first = ok(
      await add(token, {
        food_id: dish['Phở bò'],
        quantity: 2,
        topping_ids: [topping['Phở bò/Quẩy'], topping['Phở bò/Thêm trứng']],
      }),
    );
    expect(first.message).toBe('Đã thêm vào giỏ hàng');
    const trung = topping['Phở bò/Thêm trứng']!;
    const quay = topping['Phở bò/Quẩy']!;
    expect(first.cart).toEqual({
      restaurant_id: restaurantId('Phở Hàng Bạc'),
      restaurant_name: 'Phở Hàng Bạc',
      items: [
        {
          id: expect.any(Number),
          food_id: dish['Phở bò'],
          food_name: 'Phở bò',
          food_image: '/uploads/foods/pho-bo.webp',
          restaurant_name: 'Phở Hàng Bạc',
          price: 58000,
          base_price: 50000,
          quantity: 2,
          topping_ids: [trung, quay].sort((a, b) => a - b),
          // Menu order (position), not the order they were sent in.
          toppings: [
            { id: trung, name: 'Thêm trứng', price: 5000 },
            { id: quay, name: 'Quẩy', price: 3000 },
          ],
          option_ids: [trung, quay].sort((a, b) => a - b),
          options: [
            { id: trung, group: 'Topping', name: 'Thêm trứng', price: 5000 },
            { id: quay, group: 'Topping', name: 'Quẩy', price: 3000 },
          ],
          note: '',
          line_total: 116000,
          available: true,
          unavailable_reason: null,
        },
      ],
      item_count: 2,
      subtotal: 116000,
    });

    // Same dish, same toppings in another order and repeated: the same line grows.
    const again = ok(
      await add(token, { food_id: dish['Phở bò'], quantity: 1, topping_ids: [quay, trung, quay] }),
    ).cart;
    expect(again.items).toHaveLength(1);
    expect(again.items[0]).toMatchObject({ id: first.cart.items[0]!.id, quantity: 3 });

    // Other toppings, or none: other lines, listed in the order they were first added.
    ok(await add(token, { food_id: dish['Phở bò'], quantity: 1, topping_ids: [trung] }));
    ok(await add(token, { food_id: dish['Phở gà'], quantity: 1 }));
    const cart = await read(token);
    expect(cart.items.map((i) => [i.food_name, i.topping_ids, i.quantity, i.price])).toEqual([
      ['Phở bò', [trung, quay].sort((a, b) => a - b), 3, 58000],
      ['Phở bò', [trung], 1, 55000],
      ['Phở gà', [], 1, 45000],
    ]);
    expect(cart.item_count).toBe(5);
    expect(cart.subtotal).toBe(58000 * 3 + 55000 + 45000);
  });

  it('keeps an owner’s image URL as given', async () => {
    const { token } = await signedInCustomer(t);
    const { cart } = ok(await add(token, { food_id: dish['Bánh mì'], quantity: 1 }));
    expect(cart.items[0]!.food_image).toBe('https://cdn.example.vn/banh-mi.jpg');
    expect(ok(await add(token, { food_id: dish['Bánh mì'], quantity: 1 })).cart.items).toHaveLength(
      1,
    );
  });

  it('refuses quantities that are not whole numbers from 1 to 99, changing nothing', async () => {
    const { token } = await signedInCustomer(t);
    ok(await add(token, { food_id: dish['Phở gà'], quantity: 1 }));
    const before = await read(token);
    for (const quantity of [0, -1, 1.5, 1e9, '2', null, undefined]) {
      const body = refused(
        await add(token, {
          food_id: dish['Phở gà'],
          ...(quantity === undefined ? {} : { quantity }),
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.message, String(quantity)).toBe(QUANTITY_MESSAGE);
      expect(body.errors).toEqual([{ path: 'quantity', message: QUANTITY_MESSAGE }]);
    }
    refused(await add(token, { quantity: 1 }), 400, 'VALIDATION_ERROR');
    refused(await add(token, { food_id: 'phở', quantity: 1 }), 400, 'VALIDATION_ERROR');
    refused(
      await add(token, { food_id: dish['Phở gà'], quantity: 1, topping_ids: 'all' }),
      400,
      'VALIDATION_ERROR',
    );
    refused(
      await add(token, { food_id: dish['Phở gà'], quantity: 1, topping_ids: [1.5] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await read(token)).toEqual(before);
  });

  it('refuses dishes customers cannot order, each with its reason', async () => {
    const { token } = await signedInCustomer(t);
    const notFound = (food_id: number) => add(token, { food_id, quantity: 1 });
    const missing = refused(await notFound(2_000_000), 404, 'FOOD_NOT_FOUND');
    expect(missing.message).toBe('Không tìm thấy món ăn');
    refused(await notFound(dish['Món đã xoá']!), 404, 'FOOD_NOT_FOUND');
    refused(await notFound(dish['Bún chờ duyệt']!), 404, 'FOOD_NOT_FOUND');
    refused(await notFound(dish['Bún bị từ chối']!), 404, 'FOOD_NOT_FOUND');
    const unavailable = refused(await notFound(dish['Nước chanh']!), 409, 'FOOD_UNAVAILABLE');
    expect(unavailable.message).toBe('Món ăn này hiện không khả dụng');
    const paused = refused(await notFound(dish['Chè ba màu']!), 409, 'RESTAURANT_PAUSED');
    expect(paused.message).toBe('Nhà hàng đang tạm ngừng nhận đơn');
    expect(await read(token)).toEqual(EMPTY_CART);
  });

  it('lets a cart be filled while the restaurant is closed (the order checks the hours)', async () => {
    const { token } = await signedInCustomer(t);
    const { cart } = ok(await add(token, { food_id: dish['Cháo đêm'], quantity: 1 }));
    expect(cart.restaurant_name).toBe('Quán Đêm');
  });

  it('accepts only toppings of this dish that are still on its menu', async () => {
    const { token } = await signedInCustomer(t);
    const pho = dish['Phở bò']!;
    const cases = [
      [2_000_000],
      [topping['Phở gà/Thêm gà']!],
      [topping['Phở bò/Quẩy']!, topping['Bánh mì/Pate']!],
    ];
    for (const topping_ids of cases) {
      const body = refused(
        await add(token, { food_id: pho, quantity: 1, topping_ids }),
        400,
        'TOPPING_INVALID',
      );
      expect(body.message).toBe('Topping không thuộc món ăn này');
    }
    const removed = await t.database.db
      .insertInto('toppings')
      .values({ food_id: pho, name: 'Hành phi cũ', price: 2000, deleted_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    refused(
      await add(token, { food_id: pho, quantity: 1, topping_ids: [removed.id] }),
      400,
      'TOPPING_INVALID',
    );
    expect(await read(token)).toEqual(EMPTY_CART);
  });

  it('caps a line at 99 and changes nothing when an add would pass it', async () => {
    const { token } = await signedInCustomer(t);
    const body = {
      food_id: dish['Phở gà'],
      quantity: 98,
      topping_ids: [topping['Phở gà/Thêm gà']],
    };
    ok(await add(token, body));
    const over = refused(await add(token, { ...body, quantity: 2 }), 400, 'CART_QUANTITY_LIMIT');
    expect(over.message).toBe('Số lượng mỗi món tối đa 99. Giỏ hàng đã có 98 phần món này.');
    expect((await read(token)).items[0]!.quantity).toBe(98);
    expect(ok(await add(token, { ...body, quantity: 1 })).cart.items[0]!.quantity).toBe(99);
    refused(await add(token, { ...body, quantity: 1 }), 400, 'CART_QUANTITY_LIMIT');
    // The same dish with other toppings is another line with a count of its own.
    const other = ok(await add(token, { food_id: dish['Phở gà'], quantity: 1 })).cart;
    expect(other.items.map((i) => i.quantity)).toEqual([99, 1]);
  });

  it('holds at most 50 different lines, and an existing line may still grow', async () => {
    const { token } = await signedInCustomer(t);
    for (let i = 1; i <= 50; i += 1)
      ok(await add(token, { food_id: dish[`Món số ${i}`], quantity: 1 }));
    const full = refused(
      await add(token, { food_id: dish['Món số 51'], quantity: 1 }),
      400,
      'CART_TOO_MANY_LINES',
    );
    expect(full.message).toBe('Giỏ hàng tối đa 50 món khác nhau');
    const cart = ok(await add(token, { food_id: dish['Món số 1'], quantity: 4 })).cart;
    expect(cart.items).toHaveLength(50);
    expect(cart.items[0]).toMatchObject({ food_name: 'Món số 1', quantity: 5 });
    expect(cart.item_count).toBe(54);
  });

  it('refuses another restaurant’s dish while the cart has lines; after clearing it works', async () => {
    const { token } = await signedInCustomer(t);
    ok(await add(token, { food_id: dish['Phở gà'], quantity: 2 }));
    const before = await read(token);
    const other = refused(
      await add(token, { food_id: dish['Bánh mì'], quantity: 1 }),
      409,
      'CART_OTHER_RESTAURANT',
    );
    expect(other.message).toBe(OTHER_RESTAURANT_MESSAGE);
    expect(await read(token)).toEqual(before);

    const cleared = ok(await clear(token));
    expect(cleared).toEqual({ message: 'Đã xóa giỏ hàng', cart: EMPTY_CART });
    const { cart } = ok(await add(token, { food_id: dish['Bánh mì'], quantity: 1 }));
    expect(cart.restaurant_id).toBe(restaurantId('Bánh Mì Phố Huế'));
    expect(cart.items.map((i) => i.food_name)).toEqual(['Bánh mì']);
  });
});

describe('changing lines (update, remove, clear)', () => {
  it('sets a line’s quantity, only to whole numbers from 1 to 99', async () => {
    const { token } = await signedInCustomer(t);
    const line = ok(await add(token, { food_id: dish['Phở gà'], quantity: 1 })).cart.items[0]!;
    const res = ok(await update(token, line.id, { quantity: 7 }));
    expect(res.message).toBe('Đã cập nhật số lượng');
    expect(res.cart.items[0]).toMatchObject({ id: line.id, quantity: 7, line_total: 7 * 45000 });
    expect(res.cart).toMatchObject({ item_count: 7, subtotal: 7 * 45000 });
    for (const quantity of [0, -1, 1.5, 1e9, 100, '2']) {
      const body = refused(await update(token, line.id, { quantity }), 400, 'VALIDATION_ERROR');
      expect(body.message).toBe(QUANTITY_MESSAGE);
    }
    refused(await update(token, line.id, {}), 400, 'VALIDATION_ERROR');
    refused(await update(token, 0, { quantity: 1 }), 400, 'VALIDATION_ERROR');
    expect(ok(await update(token, line.id, { quantity: 99 })).cart.items[0]!.quantity).toBe(99);
    const unknown = refused(
      await update(token, 2_000_000, { quantity: 1 }),
      404,
      'CART_ITEM_NOT_FOUND',
    );
    expect(unknown.message).toBe('Không tìm thấy món này trong giỏ hàng');
  });

  it('removes a line; removing the last one frees the cart for any restaurant', async () => {
    const { token } = await signedInCustomer(t);
    ok(await add(token, { food_id: dish['Phở gà'], quantity: 1 }));
    const [ga, pho] = ok(await add(token, { food_id: dish['Phở bò'], quantity: 2 })).cart.items;
    expect([ga!.food_name, pho!.food_name]).toEqual(['Phở gà', 'Phở bò']);
    const first = ok(await remove(token, ga!.id));
    expect(first.message).toBe('Đã xóa món khỏi giỏ hàng');
    expect(first.cart.items.map((i) => i.id)).toEqual([pho!.id]);
    expect(first.cart.restaurant_name).toBe('Phở Hàng Bạc');
    refused(await remove(token, ga!.id), 404, 'CART_ITEM_NOT_FOUND');
    const last = ok(await remove(token, pho!.id));
    expect(last.cart).toEqual(EMPTY_CART);
    ok(await add(token, { food_id: dish['Bánh mì'], quantity: 1 }));
  });

  it('clears an empty cart without complaint', async () => {
    const { token } = await signedInCustomer(t);
    expect(ok(await clear(token))).toEqual({ message: 'Đã xóa giỏ hàng', cart: EMPTY_CART });
  });

  it('never lets a customer touch another customer’s line', async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    const line = ok(await add(a.token, { food_id: dish['Phở gà'], quantity: 3 })).cart.items[0]!;
    const before = await read(a.token);
    refused(await update(b.token, line.id, { quantity: 1 }), 404, 'CART_ITEM_NOT_FOUND');
    refused(await remove(b.token, line.id), 404, 'CART_ITEM_NOT_FOUND');
    ok(await clear(b.token));
    expect(await read(a.token)).toEqual(before);
    expect(await read(b.token)).toEqual(EMPTY_CART);
  });
});

describe('what the cart shows later', () => {
  it('shows today’s prices and marks lines that can no longer be ordered', async () => {
    const { token } = await signedInCustomer(t);
    const db = t.database.db;
    const [dishRow] = await insertCatalogue(db, [
      {
        name: 'Cơm Tấm Đổi Giá',
        lat: 21.03,
        lon: 105.85,
        dishes: [
          { name: 'Cơm tấm', price: 40000, toppings: [{ name: 'Chả trứng', price: 8000 }] },
          { name: 'Canh chua', price: 20000 },
        ],
      },
    ]);
    const com = dishRow!.dishes['Cơm tấm']!;
    const canh = dishRow!.dishes['Canh chua']!;
    const cha = (
      await db
        .selectFrom('toppings')
        .select('id')
        .where('food_id', '=', com)
        .executeTakeFirstOrThrow()
    ).id;
    ok(await add(token, { food_id: com, quantity: 2, topping_ids: [cha] }));
    ok(await add(token, { food_id: com, quantity: 1 }));
    ok(await add(token, { food_id: canh, quantity: 1 }));

    await db.updateTable('foods').set({ price: 45000 }).where('id', '=', com).execute();
    await db
      .updateTable('toppings')
      .set({ price: 10000, name: 'Chả trứng hấp' })
      .where('id', '=', cha)
      .execute();
    let cart = await read(token);
    expect(cart.items.map((i) => [i.base_price, i.price, i.line_total, i.available])).toEqual([
      [45000, 55000, 110000, true],
      [45000, 45000, 45000, true],
      [20000, 20000, 20000, true],
    ]);
    expect(cart.items[0]!.toppings).toEqual([{ id: cha, name: 'Chả trứng hấp', price: 10000 }]);
    expect(cart.subtotal).toBe(175000);

    await db
      .updateTable('toppings')
      .set({ deleted_at: new Date() })
      .where('id', '=', cha)
      .execute();
    await db.updateTable('foods').set({ available: false }).where('id', '=', canh).execute();
    cart = await read(token);
    expect(cart.items.map((i) => i.available)).toEqual([false, true, false]);

    await db.updateTable('foods').set({ available: true }).where('id', '=', canh).execute();
    await db
      .updateTable('restaurants')
      .set({ is_active: false })
      .where('id', '=', dishRow!.id)
      .execute();
    cart = await read(token);
    expect(cart.items.map((i) => i.available)).toEqual([false, false, false]);
    // A paused restaurant takes no new lines, but the cart can still be emptied.
    refused(await add(token, { food_id: canh, quantity: 1 }), 409, 'RESTAURANT_PAUSED');
    expect(ok(await clear(token)).cart).toEqual(EMPTY_CART);
  });
});

describe('helpers for order creation', () => {
  it('lockCartForCheckout returns stored images and today’s prices; emptyCart unbinds', async () => {
    const customer = await signedInCustomer(t);
    const db = t.database.db;
    expect(
      await db.transaction().execute((trx) => lockCartForCheckout(trx, customer.id)),
    ).toBeNull();
    const trung = topping['Phở bò/Thêm trứng']!;
    ok(await add(customer.token, { food_id: dish['Phở bò'], quantity: 2, topping_ids: [trung] }));
    ok(await add(customer.token, { food_id: dish['Phở gà'], quantity: 1 }));
    const locked = await db.transaction().execute(async (trx) => {
      const cart = await lockCartForCheckout(trx, customer.id);
      await emptyCart(trx, customer.id);
      return cart;
    });
    expect(locked).toEqual({
      restaurant_id: restaurantId('Phở Hàng Bạc'),
      subtotal: 110000 + 45000,
      lines: [
        {
          food_id: dish['Phở bò'],
          food_name: 'Phở bò',
          food_image: 'foods/pho-bo.webp',
          base_price: 50000,
          toppings: [{ id: trung, name: 'Thêm trứng', price: 5000 }],
          options: [{ id: trung, group: 'Topping', name: 'Thêm trứng', price: 5000 }],
          note: '',
          price: 55000,
          quantity: 2,
          line_total: 110000,
          available: true,
          dish_available: true,
          unavailable_reason: null,
        },
        {
          food_id: dish['Phở gà'],
          food_name: 'Phở gà',
          food_image: null,
          base_price: 45000,
          toppings: [],
          options: [],
          note: '',
          price: 45000,
          quantity: 1,
          line_total: 45000,
          available: true,
          dish_available: true,
          unavailable_reason: null,
        },
      ],
    });
    expect(await getCart(db, customer.id)).toEqual(EMPTY_CART);
    const row = await db
      .selectFrom('carts')
      .select('restaurant_id')
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.restaurant_id).toBeNull();
    // An emptied cart is not something to check out.
    expect(
      await db.transaction().execute((trx) => lockCartForCheckout(trx, customer.id)),
    ).toBeNull();
  });
});

describe('two tabs at once', () => {
  it('two simultaneous adds of the same dish give one line of 2', async () => {
    const { id, token } = await signedInCustomer(t);
    ok(await clear(token));
    const body = { food_id: dish['Phở bò'], quantity: 1, topping_ids: [topping['Phở bò/Quẩy']] };
    const replies = await Promise.all([add(token, body), add(token, body)]);
    for (const res of replies) ok(res);
    const cart = await read(token);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(2);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from cart_items where customer_id = ${id}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('simultaneous adds from two restaurants leave exactly one restaurant in the cart', async () => {
    const { id, token } = await signedInCustomer(t);
    // The cart row exists already (empty), so nothing but its row lock orders the two adds.
    ok(await clear(token));
    const replies = await Promise.all([
      add(token, { food_id: dish['Phở gà'], quantity: 1 }),
      add(token, { food_id: dish['Bánh mì'], quantity: 1 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toMatchObject({
      code: 'CART_OTHER_RESTAURANT',
    });
    const cart = await read(token);
    expect(cart.items).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`
      select count(distinct f.restaurant_id)::int as n
      from cart_items ci join foods f on f.id = ci.food_id where ci.customer_id = ${id}`.execute(
      t.database.db,
    );
    expect(rows[0]!.n).toBe(1);
    const winner = cart.items[0]!.food_name === 'Phở gà' ? 'Phở Hàng Bạc' : 'Bánh Mì Phố Huế';
    expect(cart.restaurant_id).toBe(restaurantId(winner));
  });

  it('eight simultaneous adds of one dish make one line of 8', async () => {
    const { token } = await signedInCustomer(t);
    ok(await clear(token));
    const body = { food_id: dish['Phở gà'], quantity: 1 };
    const replies = await Promise.all(Array.from({ length: 8 }, () => add(token, body)));
    for (const res of replies) ok(res);
    const cart = await read(token);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(8);
  });
});
