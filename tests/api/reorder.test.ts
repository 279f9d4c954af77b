import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartReplySchema, type Cart } from '#contract/cart';
import type { OpeningHours } from '#contract/catalogue';
import { CreateOrderReplySchema, type Order } from '#contract/orders';
import {
  ORDER_NOT_REORDERABLE_MESSAGE,
  REORDER_NOTHING_LEFT_MESSAGE,
  ReorderReplySchema,
  type ReorderResult,
} from '#contract/reorder';
import { closedMessage, pausedMessage } from '#contract/store';
import { nextOpeningAfter } from '#server/modules/catalogue/opening-times';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import { DELIVERY, setOrderStatus } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

type Json = Record<string, unknown>;

let t: TestApp;
const dish: Record<string, number> = {};
const restaurant: Record<string, number> = {};
/** Choice ids by `dish/choice` name. */
const choice: Record<string, number> = {};

const OTHER_RESTAURANT_MESSAGE =
  'Giỏ hàng đang có món của quán khác. Hãy xóa giỏ hàng cũ trước khi thêm món này.';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const catalogue = await insertCatalogue(db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [
        {
          name: 'Phở bò',
          price: 50_000,
          toppings: [
            { name: 'Thêm trứng', price: 5_000 },
            { name: 'Quẩy', price: 3_000 },
          ],
        },
        { name: 'Phở gà', price: 45_000, toppings: [{ name: 'Thêm gà', price: 15_000 }] },
        { name: 'Trà đá', price: 5_000 },
        { name: 'Nem rán', price: 30_000 },
      ],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25_000 }],
    },
    {
      name: 'Bún Chả Đổi Thay',
      lat: 21.03,
      lon: 105.85,
      dishes: [
        { name: 'Bún chả', price: 40_000 },
        { name: 'Nem cua bể', price: 35_000 },
      ],
    },
  ]);
  for (const r of catalogue) {
    Object.assign(dish, r.dishes);
    restaurant[r.name] = r.id;
  }
  // Phở bò asks a bowl size (one of two).
  const group = await db
    .insertInto('option_groups')
    .values({ food_id: dish['Phở bò']!, name: 'Cỡ bát', min_select: 1, max_select: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('toppings')
    .values([
      { food_id: dish['Phở bò']!, group_id: group.id, name: 'Bát nhỏ', price: 0, position: 0 },
      { food_id: dish['Phở bò']!, group_id: group.id, name: 'Bát lớn', price: 10_000, position: 1 },
    ])
    .execute();
  const rows = await db
    .selectFrom('toppings as tp')
    .innerJoin('foods as f', 'f.id', 'tp.food_id')
    .select(['tp.id', 'tp.name', 'f.name as food'])
    .execute();
  for (const row of rows) choice[`${row.food}/${row.name}`] = row.id;
});
afterAll(() => t.close());

interface Line {
  food: string;
  quantity: number;
  choices?: string[];
  note?: string;
}

/** An order through the real cart and checkout, then moved to `status`. */
async function pastOrder(
  customer: TestUser,
  lines: Line[],
  status: Order['status'] = 'completed',
): Promise<Order> {
  for (const line of lines) {
    const res = await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: {
        food_id: dish[line.food],
        quantity: line.quantity,
        option_ids: (line.choices ?? []).map((c) => choice[`${line.food}/${c}`]),
        note: line.note ?? '',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const res = await call(t.app, 'POST', '/api/customer/orders/', {
    token: customer.token,
    body: DELIVERY,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = CreateOrderReplySchema.parse(res.body).data.order;
  await setOrderStatus(t, order.id, status);
  return order;
}

const reorder = (
  token: string | undefined,
  orderId: number | string,
  body: unknown = {},
  headers: Record<string, string> = {},
) =>
  call<Json>(t.app, 'POST', `/api/customer/orders/${orderId}/reorder/`, {
    ...(token ? { token } : {}),
    body,
    headers,
  });

function reordered(res: { status: number; body: Json }): ReorderResult {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = ReorderReplySchema.parse(res.body);
  expect(parsed.message).toBe('Đã thêm các món của đơn vào giỏ hàng');
  return parsed.data;
}

function refused(
  res: { status: number; body: Json },
  status: number,
  code: string,
  message?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
}

async function cartOf(customer: TestUser): Promise<Cart> {
  const res = await call(t.app, 'GET', '/api/customer/cart/', { token: customer.token });
  return CartReplySchema.parse(res.body).data;
}

const addToCart = (customer: TestUser, food: string, quantity = 1, choices: string[] = []) =>
  call<Json>(t.app, 'POST', '/api/customer/cart/add/', {
    token: customer.token,
    body: {
      food_id: dish[food],
      quantity,
      option_ids: choices.map((c) => choice[`${food}/${c}`]),
    },
  });

/** The lines as a customer reads them: dish, choices, note, quantity, unit price. */
const linesOf = (cart: Cart) =>
  cart.items.map((i) => ({
    food: i.food_name,
    choices: i.options.map((o) => o.name),
    note: i.note,
    quantity: i.quantity,
    price: i.price,
  }));

async function setDish(name: string, values: Record<string, unknown>) {
  await t.database.db.updateTable('foods').set(values).where('id', '=', dish[name]!).execute();
}

async function setRestaurant(name: string, values: Record<string, unknown>) {
  await t.database.db
    .updateTable('restaurants')
    .set(values)
    .where('id', '=', restaurant[name]!)
    .execute();
}

const FULL_ORDER: Line[] = [
  { food: 'Phở bò', quantity: 2, choices: ['Bát lớn', 'Thêm trứng', 'Quẩy'], note: 'Ít hành' },
  { food: 'Phở gà', quantity: 1, choices: ['Thêm gà'] },
  { food: 'Trà đá', quantity: 3, note: 'Nhiều đá' },
];

describe('ordering again (POST /api/customer/orders/{id}/reorder/)', () => {
  it('puts the same lines back, choices and notes carried, and answers the whole cart', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, FULL_ORDER);
    const result = reordered(await reorder(customer.token, order.id));
    expect(result.notices).toEqual([]);
    expect(linesOf(result)).toEqual([
      {
        food: 'Phở bò',
        choices: ['Bát lớn', 'Thêm trứng', 'Quẩy'],
        note: 'Ít hành',
        quantity: 2,
        price: 68_000,
      },
      { food: 'Phở gà', choices: ['Thêm gà'], note: '', quantity: 1, price: 60_000 },
      { food: 'Trà đá', choices: [], note: 'Nhiều đá', quantity: 3, price: 5_000 },
    ]);
    expect(result.restaurant_id).toBe(restaurant['Phở Hàng Bạc']);
    expect(result.subtotal).toBe(order.subtotal);
    // The reply is the cart as it now is.
    const { notices: _notices, ...cart } = result;
    expect(cart).toEqual(await cartOf(customer));
  });

  it('orders a cancelled order again too, and only the caller’s own orders', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 2 }], 'cancelled');
    expect(linesOf(reordered(await reorder(customer.token, order.id)))).toEqual([
      { food: 'Nem rán', choices: [], note: '', quantity: 2, price: 30_000 },
    ]);
    const stranger = await newUser(t, 'customer');
    refused(
      await reorder(stranger.token, order.id),
      404,
      'ORDER_NOT_FOUND',
      'Không tìm thấy đơn hàng',
    );
    refused(await reorder(stranger.token, 999_999), 404, 'ORDER_NOT_FOUND');
    expect((await cartOf(stranger)).items).toEqual([]);
  });

  it.each(['pending', 'paid', 'accepted', 'done'] as const)(
    'refuses an order still %s (409), the cart unchanged',
    async (status) => {
      const customer = await newUser(t, 'customer');
      const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 1 }], status);
      expect((await addToCart(customer, 'Trà đá')).status).toBe(200);
      const before = await cartOf(customer);
      refused(
        await reorder(customer.token, order.id),
        409,
        'ORDER_NOT_REORDERABLE',
        ORDER_NOT_REORDERABLE_MESSAGE,
      );
      expect(ORDER_NOT_REORDERABLE_MESSAGE).toBe('Chỉ có thể đặt lại đơn đã giao hoặc đã hủy');
      expect(await cartOf(customer)).toEqual(before);
    },
  );

  it('refuses bad ids and bad bodies with 400', async () => {
    const customer = await newUser(t, 'customer');
    for (const id of ['-1', '0', '1000000000000', 'abc']) {
      refused(await reorder(customer.token, id), 400, 'VALIDATION_ERROR', 'Mã không hợp lệ');
    }
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 1 }]);
    refused(
      await reorder(customer.token, order.id, { replace: 'yes' }),
      400,
      'VALIDATION_ERROR',
      'Giá trị thay giỏ hàng không hợp lệ',
    );
    refused(
      await reorder(customer.token, order.id, { lat: 21.03 }),
      400,
      'VALIDATION_ERROR',
      'Cần cả vĩ độ và kinh độ',
    );
    expect((await cartOf(customer)).items).toEqual([]);
  });

  it('refuses anonymous callers (401), staff-level accounts (403)', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 1 }]);
    refused(await reorder(undefined, order.id), 401, 'UNAUTHENTICATED');
    const owner = await ownerOf(t, restaurant['Phở Hàng Bạc']!);
    const staff = await newUser(t, 'staff', { restaurant_id: restaurant['Phở Hàng Bạc']! });
    for (const who of [owner, staff, await newUser(t, 'admin')]) {
      refused(await reorder(who.token, order.id), 403, 'FORBIDDEN');
    }
  });
});

describe('what changed since', () => {
  it('adds at today’s price with a notice per line whose price changed, naming the dish as today', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, FULL_ORDER);
    await setDish('Phở bò', { price: 55_000, name: 'Phở bò tái' });
    await t.database.db
      .updateTable('toppings')
      .set({ price: 20_000 })
      .where('id', '=', choice['Phở gà/Thêm gà']!)
      .execute();
    try {
      const result = reordered(await reorder(customer.token, order.id));
      expect(result.notices).toEqual([
        {
          food_id: dish['Phở bò'],
          food_name: 'Phở bò tái',
          kind: 'price',
          reason: 'Phở bò tái: giá đã đổi từ 68.000 ₫ thành 73.000 ₫',
        },
        {
          food_id: dish['Phở gà'],
          food_name: 'Phở gà',
          kind: 'price',
          reason: 'Phở gà: giá đã đổi từ 60.000 ₫ thành 65.000 ₫',
        },
      ]);
      expect(linesOf(result).map((l) => [l.food, l.price, l.quantity])).toEqual([
        ['Phở bò tái', 73_000, 2],
        ['Phở gà', 65_000, 1],
        ['Trà đá', 5_000, 3],
      ]);
    } finally {
      await setDish('Phở bò', { price: 50_000, name: 'Phở bò' });
      await t.database.db
        .updateTable('toppings')
        .set({ price: 15_000 })
        .where('id', '=', choice['Phở gà/Thêm gà']!)
        .execute();
    }
  });

  it('leaves out a switched-off, sold-out or deleted dish with its notice, adding the rest', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [...FULL_ORDER, { food: 'Nem rán', quantity: 1 }]);
    await setDish('Trà đá', { available: false });
    await setDish('Phở gà', { sold_out_until: new Date(Date.now() + 3_600_000) });
    await setDish('Nem rán', { deleted_at: new Date() });
    try {
      const result = reordered(await reorder(customer.token, order.id));
      expect(result.notices).toEqual([
        {
          food_id: dish['Phở gà'],
          food_name: 'Phở gà',
          kind: 'unavailable',
          reason: 'Phở gà: món đã hết hôm nay',
        },
        {
          food_id: dish['Trà đá'],
          food_name: 'Trà đá',
          kind: 'unavailable',
          reason: 'Trà đá: món hiện không khả dụng',
        },
        {
          food_id: dish['Nem rán'],
          food_name: 'Nem rán',
          kind: 'unavailable',
          reason: 'Nem rán: món hiện không khả dụng',
        },
      ]);
      expect(linesOf(result).map((l) => l.food)).toEqual(['Phở bò']);
    } finally {
      await setDish('Trà đá', { available: true });
      await setDish('Phở gà', { sold_out_until: null });
      await setDish('Nem rán', { deleted_at: null });
    }
  });

  it('leaves out a line whose choice is gone, sold out, or that must be chosen anew', async () => {
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [
      { food: 'Phở bò', quantity: 1, choices: ['Bát nhỏ', 'Quẩy'] },
      { food: 'Phở gà', quantity: 1, choices: ['Thêm gà'] },
      { food: 'Trà đá', quantity: 1 },
    ]);
    const setChoice = (key: string, values: Record<string, unknown>) =>
      db.updateTable('toppings').set(values).where('id', '=', choice[key]!).execute();
    await setChoice('Phở bò/Quẩy', { deleted_at: new Date() });
    await setChoice('Phở gà/Thêm gà', { available: false });
    try {
      expect(reordered(await reorder(customer.token, order.id)).notices).toEqual([
        {
          food_id: dish['Phở bò'],
          food_name: 'Phở bò',
          kind: 'unavailable',
          reason: 'Phở bò: lựa chọn "Quẩy" không còn',
        },
        {
          food_id: dish['Phở gà'],
          food_name: 'Phở gà',
          kind: 'unavailable',
          reason: 'Phở gà: lựa chọn "Thêm gà" đã hết',
        },
      ]);
    } finally {
      await setChoice('Phở bò/Quẩy', { deleted_at: null });
      await setChoice('Phở gà/Thêm gà', { available: true });
    }
    // A required group added since: Trà đá now asks a size.
    const group = await db
      .insertInto('option_groups')
      .values({ food_id: dish['Trà đá']!, name: 'Size', min_select: 1, max_select: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('toppings')
      .values({ food_id: dish['Trà đá']!, group_id: group.id, name: 'M', price: 0 })
      .execute();
    try {
      const again = reordered(await reorder(customer.token, order.id));
      expect(again.notices).toEqual([
        {
          food_id: dish['Trà đá'],
          food_name: 'Trà đá',
          kind: 'unavailable',
          reason: 'Trà đá: món có lựa chọn mới, hãy chọn lại trên trang món',
        },
      ]);
    } finally {
      await db
        .updateTable('option_groups')
        .set({ deleted_at: new Date() })
        .where('id', '=', group.id)
        .execute();
    }
  });

  it('keeps toppings moved into a group whose rule the line still meets, else asks anew', async () => {
    const db = t.database.db;
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [
      { food: 'Phở bò', quantity: 1, choices: ['Bát nhỏ', 'Thêm trứng', 'Quẩy'] },
      { food: 'Nem rán', quantity: 1 },
    ]);
    const group = await db
      .insertInto('option_groups')
      .values({ food_id: dish['Phở bò']!, name: 'Ăn kèm', min_select: 0, max_select: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const extras = [choice['Phở bò/Thêm trứng']!, choice['Phở bò/Quẩy']!];
    await db
      .updateTable('toppings')
      .set({ group_id: group.id })
      .where('id', 'in', extras)
      .execute();
    try {
      const kept = reordered(await reorder(customer.token, order.id));
      expect(kept.notices).toEqual([]);
      expect(linesOf(kept)[0]!.choices).toEqual(['Bát nhỏ', 'Thêm trứng', 'Quẩy']);
      await call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: customer.token });
      // At most one now: the line's two no longer answer the group.
      await db
        .updateTable('option_groups')
        .set({ max_select: 1 })
        .where('id', '=', group.id)
        .execute();
      const asked = reordered(await reorder(customer.token, order.id));
      expect(asked.notices).toEqual([
        {
          food_id: dish['Phở bò'],
          food_name: 'Phở bò',
          kind: 'unavailable',
          reason: 'Phở bò: món có lựa chọn mới, hãy chọn lại trên trang món',
        },
      ]);
      expect(linesOf(asked).map((l) => l.food)).toEqual(['Nem rán']);
    } finally {
      await db.updateTable('toppings').set({ group_id: null }).where('id', 'in', extras).execute();
      await db
        .updateTable('option_groups')
        .set({ deleted_at: new Date() })
        .where('id', '=', group.id)
        .execute();
    }
  });

  it('adds what the cart’s limits leave, with a notice', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [
      { food: 'Nem rán', quantity: 3 },
      { food: 'Trà đá', quantity: 2 },
    ]);
    expect((await addToCart(customer, 'Nem rán', 98)).status).toBe(200);
    expect((await addToCart(customer, 'Trà đá', 99)).status).toBe(200);
    const result = reordered(await reorder(customer.token, order.id));
    expect(result.notices).toEqual([
      {
        food_id: dish['Nem rán'],
        food_name: 'Nem rán',
        kind: 'limit',
        reason: 'Nem rán: chỉ thêm được 1 phần vì giỏ hàng đã đến giới hạn',
      },
      {
        food_id: dish['Trà đá'],
        food_name: 'Trà đá',
        kind: 'limit',
        reason: 'Trà đá: không thêm được vì giỏ hàng đã đến giới hạn',
      },
    ]);
    expect(linesOf(result).map((l) => [l.food, l.quantity])).toEqual([
      ['Nem rán', 99],
      ['Trà đá', 99],
    ]);
  });

  it('says the cart is full when its limits alone keep every line out, the cart unchanged', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Trà đá', quantity: 2 }]);
    expect((await addToCart(customer, 'Trà đá', 99)).status).toBe(200);
    const before = await cartOf(customer);
    refused(
      await reorder(customer.token, order.id),
      409,
      'REORDER_NOTHING_LEFT',
      'Giỏ hàng đã đến giới hạn nên chưa thêm được món nào của đơn này. Giỏ hàng của bạn vẫn giữ nguyên.',
    );
    expect(await cartOf(customer)).toEqual(before);
  });
});

describe('when nothing or nobody can take it', () => {
  it('refuses an order whose every dish is gone (409), the cart unchanged even with replace', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [
      { food: 'Trà đá', quantity: 1 },
      { food: 'Nem rán', quantity: 1 },
    ]);
    expect((await addToCart(customer, 'Phở gà', 2)).status).toBe(200);
    const before = await cartOf(customer);
    await setDish('Trà đá', { available: false });
    await setDish('Nem rán', { deleted_at: new Date() });
    try {
      for (const body of [{}, { replace: true }]) {
        refused(
          await reorder(customer.token, order.id, body),
          409,
          'REORDER_NOTHING_LEFT',
          REORDER_NOTHING_LEFT_MESSAGE,
        );
        expect(await cartOf(customer)).toEqual(before);
      }
      expect(REORDER_NOTHING_LEFT_MESSAGE).toBe(
        'Các món trong đơn này hiện không còn bán, chưa thể đặt lại. Giỏ hàng của bạn vẫn giữ nguyên.',
      );
    } finally {
      await setDish('Trà đá', { available: true });
      await setDish('Nem rán', { deleted_at: null });
    }
  });

  it('refuses, as every dish gone, an order of a restaurant no longer approved', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Bún chả', quantity: 1 }]);
    await setRestaurant('Bún Chả Đổi Thay', { approval_status: 'rejected' });
    try {
      refused(await reorder(customer.token, order.id), 409, 'REORDER_NOTHING_LEFT');
    } finally {
      await setRestaurant('Bún Chả Đổi Thay', { approval_status: 'approved' });
    }
    expect((await cartOf(customer)).items).toEqual([]);
  });

  it('refuses the whole reorder while the restaurant does not take orders, with the cart’s errors', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Bún chả', quantity: 1 }]);
    const name = 'Bún Chả Đổi Thay';
    const db = t.database.db;
    const hours = async (value: OpeningHours) =>
      db
        .updateTable('restaurants')
        .set({ opening_hours: JSON.stringify(value) })
        .where('id', '=', restaurant[name]!)
        .execute();

    await setRestaurant(name, { is_active: false });
    refused(
      await reorder(customer.token, order.id),
      409,
      'RESTAURANT_PAUSED',
      'Nhà hàng đang tạm ngừng nhận đơn',
    );
    await setRestaurant(name, { is_active: true });

    const until = new Date(Date.now() + 30 * 60_000);
    await setRestaurant(name, { paused_until: until });
    refused(await reorder(customer.token, order.id), 409, 'RESTAURANT_BUSY', pausedMessage(until));
    await setRestaurant(name, { paused_until: null });

    // Open for one hour a day, three hours from now (Vietnam's clock).
    const hour = (new Date(Date.now() + 7 * 3_600_000).getUTCHours() + 3) % 24;
    const at = `${String(hour).padStart(2, '0')}:00`;
    const closes = `${String(hour).padStart(2, '0')}:59`;
    const day = [{ open: at, close: closes }];
    const someHours: OpeningHours = {
      mon: day,
      tue: day,
      wed: day,
      thu: day,
      fri: day,
      sat: day,
      sun: day,
    };
    await hours(someHours);
    const now = new Date();
    const res = await reorder(customer.token, order.id);
    refused(res, 409, 'RESTAURANT_CLOSED', closedMessage(nextOpeningAfter(someHours, now)!, now));
    expect(res.body.message).toMatch(new RegExp(`^Đang đóng cửa, mở lại lúc ${at}`));
    await hours({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
    refused(
      await reorder(customer.token, order.id),
      409,
      'RESTAURANT_CLOSED',
      'Nhà hàng hiện đã đóng cửa. Vui lòng đặt món trong giờ mở cửa.',
    );
    const always = [{ open: '00:00', close: '24:00' }];
    await hours({
      mon: always,
      tue: always,
      wed: always,
      thu: always,
      fri: always,
      sat: always,
      sun: always,
    });

    // Hồ Chí Minh City is far outside a Hà Nội kitchen's area; near it is fine.
    refused(
      await reorder(customer.token, order.id, { lat: 10.7769, lon: 106.7009 }),
      409,
      'OUT_OF_DELIVERY_AREA',
      'Ngoài khu vực giao hàng',
    );
    expect((await cartOf(customer)).items).toEqual([]);
    expect(
      linesOf(reordered(await reorder(customer.token, order.id, { lat: 21.03, lon: 105.85 }))),
    ).toEqual([{ food: 'Bún chả', choices: [], note: '', quantity: 1, price: 40_000 }]);
  });
});

describe('the cart it goes into', () => {
  it('asks before replacing another restaurant’s dishes; replace: true empties the cart first', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 2 }]);
    expect((await addToCart(customer, 'Bánh mì', 1)).status).toBe(200);
    const before = await cartOf(customer);
    refused(
      await reorder(customer.token, order.id),
      409,
      'CART_OTHER_RESTAURANT',
      OTHER_RESTAURANT_MESSAGE,
    );
    refused(
      await reorder(customer.token, order.id, { replace: false }),
      409,
      'CART_OTHER_RESTAURANT',
    );
    expect(await cartOf(customer)).toEqual(before);
    const result = reordered(await reorder(customer.token, order.id, { replace: true }));
    expect(result.restaurant_id).toBe(restaurant['Phở Hàng Bạc']);
    expect(linesOf(result).map((l) => [l.food, l.quantity])).toEqual([['Nem rán', 2]]);
  });

  it('keeps the same restaurant’s dishes, and equal lines add up', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [
      { food: 'Nem rán', quantity: 2 },
      { food: 'Phở gà', quantity: 1, choices: ['Thêm gà'] },
    ]);
    expect((await addToCart(customer, 'Nem rán', 1)).status).toBe(200);
    expect((await addToCart(customer, 'Trà đá', 4)).status).toBe(200);
    const result = reordered(await reorder(customer.token, order.id));
    expect(linesOf(result).map((l) => [l.food, l.choices, l.quantity])).toEqual([
      ['Nem rán', [], 3],
      ['Trà đá', [], 4],
      ['Phở gà', ['Thêm gà'], 1],
    ]);
  });

  it('refuses what would take the cart past the order cap, changing nothing', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 2 }]);
    await setDish('Nem rán', { price: 30_000_000 });
    try {
      refused(await reorder(customer.token, order.id), 400, 'ORDER_TOO_LARGE');
      expect((await cartOf(customer)).items).toEqual([]);
    } finally {
      await setDish('Nem rán', { price: 30_000 });
    }
  });

  it('adds once for a repeated Idempotency-Key, replaying the first reply', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, [{ food: 'Nem rán', quantity: 2 }]);
    const headers = { 'idempotency-key': `reorder-${order.id}` };
    const first = await reorder(customer.token, order.id, {}, headers);
    const second = await reorder(customer.token, order.id, {}, headers);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(linesOf(await cartOf(customer)).map((l) => l.quantity)).toEqual([2]);
  });
});

describe(`racing a cart change from another tab (${testLane()})`, () => {
  it('a clear at the same moment comes wholly before or after: the cart is never half refilled', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, FULL_ORDER);
    for (let round = 0; round < 4; round += 1) {
      const [re, cleared] = await Promise.all([
        reorder(customer.token, order.id),
        call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: customer.token }),
      ]);
      expect(re.status).toBe(200);
      expect(cleared.status).toBe(200);
      const items = (await cartOf(customer)).items;
      expect([0, 3]).toContain(items.length);
      await call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: customer.token });
    }
  });

  it('an add of another restaurant’s dish at the same moment: exactly one of the two wins', async () => {
    const customer = await newUser(t, 'customer');
    const order = await pastOrder(customer, FULL_ORDER);
    const [re, added] = await Promise.all([
      reorder(customer.token, order.id),
      addToCart(customer, 'Bánh mì', 1),
    ]);
    expect([re.status, added.status].sort()).toEqual([200, 409]);
    const loser = re.status === 409 ? re : added;
    expect(loser.body).toMatchObject({ code: 'CART_OTHER_RESTAURANT' });
    const cart = await cartOf(customer);
    const restaurants = new Set(cart.items.map((i) => i.restaurant_name));
    expect(restaurants.size).toBe(1);
    expect(cart.items).toHaveLength(re.status === 200 ? 3 : 1);
  });
});

describe('GET /api/docs', () => {
  it('lists every reply the reorder can give', async () => {
    const doc = (
      await call<{ paths: Record<string, Record<string, { responses: Json }>> }>(
        t.app,
        'GET',
        '/api/docs',
      )
    ).body;
    const responses = doc.paths['/api/customer/orders/{id}/reorder/']!.post!.responses;
    // 409 and 422: an Idempotency-Key in use, or reused for another body.
    expect(Object.keys(responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '422',
    ]);
  });
});
