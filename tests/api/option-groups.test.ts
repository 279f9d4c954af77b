import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartReplySchema, type Cart } from '#contract/cart';
import { FoodReplySchema } from '#contract/catalogue';
import { LINE_NOTE_MESSAGE, OPTION_PRICE_MESSAGE, type OptionGroupInput } from '#contract/options';
import { OrderReplySchema } from '#contract/orders';
import { StaffFoodReplySchema, type StaffFood } from '#contract/staff-menu';
import { call, type Reply } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { DELIVERY, setOrderStatus } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

let t: TestApp;
let ownerA: TestUser;
let staffA: TestUser;
let ownerB: TestUser;
let dishA: Record<string, number>;
let dishB: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await insertCatalogue(t.database.db, [
    {
      name: 'Trà Sữa Phố Cổ',
      lat: 21.034,
      lon: 105.85,
      dishes: [
        { name: 'Trà sữa', price: 35_000, toppings: [{ name: 'Trân châu', price: 5_000 }] },
        { name: 'Phở bò', price: 50_000 },
        { name: 'Cà phê', price: 25_000 },
      ],
    },
    {
      name: 'Bánh Mì Bà Lan',
      lat: 21.03,
      lon: 105.84,
      dishes: [{ name: 'Bánh mì', price: 30_000 }],
    },
  ]);
  dishA = a!.dishes;
  dishB = b!.dishes;
  ownerA = await ownerOf(t, a!.id);
  staffA = await newUser(t, 'staff', { restaurant_id: a!.id });
  ownerB = await ownerOf(t, b!.id);
});
afterAll(() => t.close());

const SIZE: OptionGroupInput = {
  name: 'Size',
  min_select: 1,
  max_select: 1,
  options: [
    { name: 'M', price: 0 },
    { name: 'L', price: 10_000 },
  ],
};
const EXTRAS: OptionGroupInput = {
  name: 'Thêm',
  min_select: 0,
  max_select: 2,
  options: [
    { name: 'Thạch', price: 5_000 },
    { name: 'Pudding', price: 7_000 },
    { name: 'Kem cheese', price: 12_000 },
  ],
};

type StaffReply = Reply<ErrorBody & { data: StaffFood }>;

const putFood = (user: TestUser, id: number, body: unknown): Promise<StaffReply> =>
  call(t.app, 'PUT', `/api/staff/foods/${id}/`, { token: user.token, body });

const staffFood = async (id: number): Promise<StaffFood> => {
  const res = await call(t.app, 'GET', `/api/staff/foods/${id}/`, { token: ownerA.token });
  return StaffFoodReplySchema.parse(res.body).data;
};

/** Everything stored about a dish's groups and choices: what "nothing changed" is checked against. */
const stored = async (foodId: number) => ({
  groups: await t.database.db
    .selectFrom('option_groups')
    .selectAll()
    .where('food_id', '=', foodId)
    .orderBy('id')
    .execute(),
  choices: await t.database.db
    .selectFrom('toppings')
    .selectAll()
    .where('food_id', '=', foodId)
    .orderBy('id')
    .execute(),
});

const refusal = (res: Reply, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as unknown as ErrorBody;
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  return body;
};

/** Gives a dish the Size and Thêm groups (whole list), answering the staff dish. */
async function withGroups(foodId: number, groups = [SIZE, EXTRAS]): Promise<StaffFood> {
  const res = await putFood(ownerA, foodId, { option_groups: groups });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffFoodReplySchema.parse(res.body).data;
}

const optionId = (food: StaffFood, group: string, name: string) =>
  food.option_groups.find((g) => g.name === group)!.options.find((o) => o.name === name)!.id;

describe('staff: option groups of a dish', () => {
  it('creates a dish with groups (JSON), in order, next to its toppings', async () => {
    const res = await call<ErrorBody & { data: StaffFood }>(t.app, 'POST', '/api/staff/foods/', {
      token: ownerA.token,
      body: {
        name: 'Trà đào',
        price: 40_000,
        toppings: [{ name: 'Đào miếng', price: 8_000 }],
        option_groups: [SIZE, EXTRAS],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const food = StaffFoodReplySchema.parse(res.body).data;
    expect(food.available_again_at).toBeNull();
    expect(food.toppings).toEqual([{ id: expect.any(Number), name: 'Đào miếng', price: 8_000 }]);
    expect(food.option_groups).toEqual([
      {
        id: expect.any(Number),
        name: 'Size',
        min_select: 1,
        max_select: 1,
        options: [
          {
            id: expect.any(Number),
            name: 'M',
            price: 0,
            available: true,
            available_again_at: null,
          },
          {
            id: expect.any(Number),
            name: 'L',
            price: 10_000,
            available: true,
            available_again_at: null,
          },
        ],
      },
      {
        id: expect.any(Number),
        name: 'Thêm',
        min_select: 0,
        max_select: 2,
        options: ['Thạch', 'Pudding', 'Kem cheese'].map((name) => ({
          id: expect.any(Number),
          name,
          price: expect.any(Number),
          available: true,
          available_again_at: null,
        })),
      },
    ]);
    // One id space: the options are rows of toppings, with their group.
    const rows = await stored(food.id);
    expect(rows.choices.filter((c) => c.group_id !== null)).toHaveLength(5);
    expect(rows.choices.filter((c) => c.group_id === null).map((c) => c.name)).toEqual([
      'Đào miếng',
    ]);
  });

  it('takes the groups as JSON text in the multipart form', async () => {
    const body = multipart({
      name: 'Trà vải',
      price: '38000',
      option_groups: JSON.stringify([SIZE]),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/foods/',
      headers: { ...body.headers, authorization: `Bearer ${staffA.token}` },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const food = StaffFoodReplySchema.parse(res.json()).data;
    expect(food.option_groups.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Size', ['M', 'L']],
    ]);
  });

  it('edits the whole list: ids keep groups and options, what is left out is soft-deleted', async () => {
    const before = await withGroups(dishA['Cà phê']!);
    const size = before.option_groups[0]!;
    const extras = before.option_groups[1]!;
    const m = size.options[0]!;
    const l = size.options[1]!;
    const res = await putFood(ownerA, dishA['Cà phê']!, {
      option_groups: [
        {
          id: size.id,
          name: 'Cỡ ly',
          min_select: 1,
          max_select: 1,
          // L renamed and dearer, M dropped, XL added; L is first now.
          options: [
            { id: l.id, name: 'Lớn', price: 12_000 },
            { name: 'Rất lớn', price: 20_000, available: false },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = StaffFoodReplySchema.parse(res.body).data;
    expect(after.option_groups).toEqual([
      {
        id: size.id,
        name: 'Cỡ ly',
        min_select: 1,
        max_select: 1,
        options: [
          { id: l.id, name: 'Lớn', price: 12_000, available: true, available_again_at: null },
          {
            id: expect.any(Number),
            name: 'Rất lớn',
            price: 20_000,
            available: false,
            available_again_at: null,
          },
        ],
      },
    ]);
    const rows = await stored(dishA['Cà phê']!);
    // The rows stay (past carts and orders name them), marked deleted.
    expect(rows.groups.find((g) => g.id === extras.id)!.deleted_at).not.toBeNull();
    expect(rows.choices.find((c) => c.id === m.id)!.deleted_at).not.toBeNull();
    for (const option of extras.options) {
      expect(rows.choices.find((c) => c.id === option.id)!.deleted_at).not.toBeNull();
    }
    // An update without option_groups leaves them; an empty list removes them all.
    await putFood(ownerA, dishA['Cà phê']!, { price: 26_000 });
    expect((await staffFood(dishA['Cà phê']!)).option_groups).toHaveLength(1);
    await putFood(ownerA, dishA['Cà phê']!, { option_groups: [] });
    expect((await staffFood(dishA['Cà phê']!)).option_groups).toEqual([]);
  });

  it('keeps the spec toppings field to the toppings: groups stay when toppings change', async () => {
    const food = await withGroups(dishA['Trà sữa']!, [SIZE]);
    const topping = food.toppings[0]!;
    const res = await putFood(ownerA, dishA['Trà sữa']!, {
      toppings: [{ id: topping.id, name: 'Trân châu đen', price: 6_000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = StaffFoodReplySchema.parse(res.body).data;
    expect(after.toppings).toEqual([{ id: topping.id, name: 'Trân châu đen', price: 6_000 }]);
    expect(after.option_groups).toEqual(food.option_groups);
    // An option's id is not a topping's: the spec field cannot reach it.
    const m = optionId(food, 'Size', 'M');
    const before = await stored(dishA['Trà sữa']!);
    const body = refusal(
      await putFood(ownerA, dishA['Trà sữa']!, { toppings: [{ id: m, name: 'x', price: 0 }] }),
      400,
      'TOPPING_INVALID',
    );
    expect(body.errors).toEqual([
      { path: 'toppings', message: `Topping ${m} không thuộc món ăn này` },
    ]);
    expect(await stored(dishA['Trà sữa']!)).toEqual(before);
    // And a topping's id is not an option's.
    refusal(
      await putFood(ownerA, dishA['Trà sữa']!, {
        option_groups: [{ ...SIZE, options: [{ id: topping.id, name: 'M', price: 0 }] }],
      }),
      400,
      'OPTION_INVALID',
    );
    expect(await stored(dishA['Trà sữa']!)).toEqual(before);
  });

  it('stores HTML in names as text', async () => {
    const food = await withGroups(dishA['Phở bò']!, [
      {
        name: '<script>alert(1)</script>',
        min_select: 0,
        max_select: 1,
        options: [{ name: '<b>Tái</b> & "chín"', price: 0 }],
      },
    ]);
    expect(food.option_groups[0]!.name).toBe('<script>alert(1)</script>');
    expect(food.option_groups[0]!.options[0]!.name).toBe('<b>Tái</b> & "chín"');
    await putFood(ownerA, dishA['Phở bò']!, { option_groups: [] });
  });

  const group = (over: Partial<OptionGroupInput> = {}): OptionGroupInput => ({ ...SIZE, ...over });
  const manyOptions = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `Lựa chọn ${i + 1}`, price: 1_000 }));

  it.each([
    [
      'min > max',
      [group({ min_select: 2, max_select: 1 })],
      'option_groups.0.min_select',
      'Số lựa chọn tối thiểu không được lớn hơn tối đa',
    ],
    [
      'max 0',
      [group({ min_select: 0, max_select: 0 })],
      'option_groups.0.max_select',
      'Số lựa chọn tối đa phải từ 1 trở lên',
    ],
    [
      '11 groups',
      Array.from({ length: 11 }, (_, i) => group({ name: `Nhóm ${i + 1}` })),
      'option_groups',
      'Tối đa 10 nhóm lựa chọn',
    ],
    [
      '21 options',
      [group({ min_select: 0, max_select: 3, options: manyOptions(21) })],
      'option_groups.0.options',
      'Mỗi nhóm tối đa 20 lựa chọn',
    ],
    [
      'a negative price',
      [group({ options: [{ name: 'M', price: -1_000 }] })],
      'option_groups.0.options.0.price',
      OPTION_PRICE_MESSAGE,
    ],
    [
      'a fractional price',
      [group({ options: [{ name: 'M', price: 1_000.5 }] })],
      'option_groups.0.options.0.price',
      OPTION_PRICE_MESSAGE,
    ],
    [
      'a group name of 1,000 characters',
      [group({ name: 'S'.repeat(1_000) })],
      'option_groups.0.name',
      'Tên nhóm lựa chọn tối đa 100 ký tự',
    ],
    [
      'an option name of 1,000 characters',
      [group({ options: [{ name: 'M'.repeat(1_000), price: 0 }] })],
      'option_groups.0.options.0.name',
      'Tên lựa chọn tối đa 100 ký tự',
    ],
    [
      'a blank option name',
      [group({ options: [{ name: '   ', price: 0 }] })],
      'option_groups.0.options.0.name',
      'Vui lòng nhập tên lựa chọn',
    ],
  ])(
    'refuses %s (400, in Vietnamese, by path), changing nothing',
    async (_, groups, path, message) => {
      const before = await stored(dishA['Phở bò']!);
      const body = refusal(
        await putFood(ownerA, dishA['Phở bò']!, { option_groups: groups }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.errors).toContainEqual({ path, message });
      expect(await stored(dishA['Phở bò']!)).toEqual(before);
    },
  );

  it('refuses ids of another dish, and ids sent twice, changing nothing', async () => {
    const mine = await withGroups(dishA['Phở bò']!, [SIZE]);
    const otherRes = await putFood(ownerB, dishB['Bánh mì']!, { option_groups: [SIZE] });
    const other = StaffFoodReplySchema.parse(otherRes.body).data;
    const size = mine.option_groups[0]!;
    const [m, l] = size.options;
    const before = await stored(dishA['Phở bò']!);
    const cases: [unknown, string, string][] = [
      [
        [{ ...SIZE, id: other.option_groups[0]!.id }],
        'option_groups.0.id',
        `Nhóm lựa chọn ${other.option_groups[0]!.id} không thuộc món ăn này`,
      ],
      [
        [
          {
            ...SIZE,
            id: size.id,
            options: [{ id: other.option_groups[0]!.options[0]!.id, name: 'M', price: 0 }],
          },
        ],
        'option_groups.0.options.0.id',
        `Lựa chọn ${other.option_groups[0]!.options[0]!.id} không thuộc món ăn này`,
      ],
      [
        [
          { ...SIZE, id: size.id },
          { ...EXTRAS, id: size.id },
        ],
        'option_groups.1.id',
        'Mỗi nhóm lựa chọn chỉ được gửi một lần',
      ],
      [
        [
          {
            ...SIZE,
            id: size.id,
            options: [
              { id: m!.id, name: 'M', price: 0 },
              { id: m!.id, name: 'L', price: 0 },
            ],
          },
        ],
        'option_groups.0.options.1.id',
        'Mỗi lựa chọn chỉ được gửi một lần',
      ],
    ];
    for (const [groups, path, message] of cases) {
      const body = refusal(
        await putFood(ownerA, dishA['Phở bò']!, { option_groups: groups }),
        400,
        'OPTION_INVALID',
      );
      expect(body.message).toBe(message);
      expect(body.errors).toEqual([{ path, message }]);
      expect(await stored(dishA['Phở bò']!)).toEqual(before);
    }
    // A new dish has nothing to keep: any id is another dish's.
    const created = await call(t.app, 'POST', '/api/staff/foods/', {
      token: ownerA.token,
      body: { name: 'Bún', price: 40_000, option_groups: [{ ...SIZE, id: size.id }] },
    });
    refusal(created, 400, 'OPTION_INVALID');
    // Staff of another restaurant cannot reach the dish at all.
    refusal(await putFood(ownerB, dishA['Phở bò']!, { option_groups: [] }), 404, 'FOOD_NOT_FOUND');
    expect(l).toBeDefined();
    await putFood(ownerA, dishA['Phở bò']!, { option_groups: [] });
  });
});

describe('customers: choosing options', () => {
  let customer: TestUser;
  let food: StaffFood;
  let dish: number;

  beforeAll(async () => {
    customer = await newUser(t, 'customer', { full_name: 'Ngô Lan' });
    const res = await call(t.app, 'POST', '/api/staff/foods/', {
      token: ownerA.token,
      body: {
        name: 'Trà sữa nướng',
        price: 30_000,
        toppings: [{ name: 'Trân châu trắng', price: 6_000 }],
        option_groups: [SIZE, EXTRAS],
      },
    });
    food = StaffFoodReplySchema.parse(res.body).data;
    dish = food.id;
  });

  const add = (body: Record<string, unknown>, user = customer) =>
    call(t.app, 'POST', '/api/customer/cart/add/', { token: user.token, body });
  const cartOf = async (user = customer): Promise<Cart> =>
    CartReplySchema.parse(
      (await call(t.app, 'GET', '/api/customer/cart/', { token: user.token })).body,
    ).data;
  const clear = (user = customer) =>
    call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: user.token });

  it('shows the groups on the dish, toppings kept apart', async () => {
    const res = await call(t.app, 'GET', `/api/food/${dish}/`);
    const data = FoodReplySchema.parse(res.body).data;
    expect(data.toppings).toEqual([
      { id: food.toppings[0]!.id, name: 'Trân châu trắng', price: 6_000 },
    ]);
    expect(data.option_groups).toEqual(
      food.option_groups.map((g) => ({
        id: g.id,
        name: g.name,
        min_select: g.min_select,
        max_select: g.max_select,
        options: g.options.map((o) => ({
          id: o.id,
          name: o.name,
          price: o.price,
          available: true,
        })),
      })),
    );
  });

  it('adds a line with options and a note; the same set again adds to its quantity', async () => {
    const l = optionId(food, 'Size', 'L');
    const pudding = optionId(food, 'Thêm', 'Pudding');
    const thach = optionId(food, 'Thêm', 'Thạch');
    const tc = food.toppings[0]!.id;
    const first = await add({
      food_id: dish,
      quantity: 1,
      topping_ids: [tc],
      // Order and repeats do not matter; a topping may come in either list.
      option_ids: [pudding, l, thach, pudding, tc],
      note: '  <b>ít đá</b>, không đường  ',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const line = CartReplySchema.parse(first.body).data.items[0]!;
    const ids = [l, pudding, thach, tc].sort((a, b) => a - b);
    expect(line).toMatchObject({
      food_id: dish,
      base_price: 30_000,
      price: 30_000 + 10_000 + 5_000 + 7_000 + 6_000,
      quantity: 1,
      option_ids: ids,
      topping_ids: [tc],
      toppings: [{ id: tc, name: 'Trân châu trắng', price: 6_000 }],
      // Groups in the dish's order (options in menu order), then the toppings.
      options: [
        { id: l, group: 'Size', name: 'L', price: 10_000 },
        { id: thach, group: 'Thêm', name: 'Thạch', price: 5_000 },
        { id: pudding, group: 'Thêm', name: 'Pudding', price: 7_000 },
        { id: tc, group: 'Topping', name: 'Trân châu trắng', price: 6_000 },
      ],
      note: '<b>ít đá</b>, không đường',
      available: true,
      unavailable_reason: null,
    });
    // The same dish, choices and note: one line, quantity 3.
    await add({
      food_id: dish,
      quantity: 2,
      option_ids: [tc, thach, pudding, l],
      note: '<b>ít đá</b>, không đường',
    });
    // Another note, or no note: other lines.
    await add({ food_id: dish, quantity: 1, option_ids: ids, note: 'nhiều đá' });
    await add({ food_id: dish, quantity: 1, option_ids: [optionId(food, 'Size', 'M')] });
    const cart = await cartOf();
    expect(cart.items.map((i) => [i.note, i.quantity, i.price])).toEqual([
      ['<b>ít đá</b>, không đường', 3, 58_000],
      ['nhiều đá', 1, 58_000],
      ['', 1, 30_000],
    ]);
    expect(cart.subtotal).toBe(58_000 * 4 + 30_000);
    await clear();
  });

  it('refuses a choice that breaks the dish’s rules, in Vietnamese, changing nothing', async () => {
    const l = optionId(food, 'Size', 'L');
    const m = optionId(food, 'Size', 'M');
    const [thach, pudding, kem] = ['Thạch', 'Pudding', 'Kem cheese'].map((n) =>
      optionId(food, 'Thêm', n),
    );
    const other = await withGroups(dishA['Phở bò']!, [SIZE]);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ option_ids: [] }, 400, 'OPTION_REQUIRED', 'Vui lòng chọn Size'],
      [{ option_ids: [thach] }, 400, 'OPTION_REQUIRED', 'Vui lòng chọn Size'],
      [{ option_ids: [m, l] }, 400, 'OPTION_TOO_MANY', 'Chỉ được chọn tối đa 1 Size'],
      [
        { option_ids: [m, thach, pudding, kem] },
        400,
        'OPTION_TOO_MANY',
        'Chỉ được chọn tối đa 2 Thêm',
      ],
      [
        { option_ids: [m, optionId(other, 'Size', 'M')] },
        400,
        'OPTION_INVALID',
        'Lựa chọn không thuộc món ăn này',
      ],
      [
        { option_ids: [m, 2_000_000_000] },
        400,
        'OPTION_INVALID',
        'Lựa chọn không thuộc món ăn này',
      ],
      // The spec's topping_ids still take only toppings.
      [
        { option_ids: [m], topping_ids: [l] },
        400,
        'TOPPING_INVALID',
        'Topping không thuộc món ăn này',
      ],
      [{ option_ids: [m], note: 'x'.repeat(201) }, 400, 'VALIDATION_ERROR', LINE_NOTE_MESSAGE],
      [{ option_ids: ['1'] }, 400, 'VALIDATION_ERROR', 'Lựa chọn không hợp lệ'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await add({ food_id: dish, quantity: 1, ...body });
      const error = refusal(res, status, code);
      if (code === 'VALIDATION_ERROR') {
        expect(error.errors!.map((e) => e.message)).toContain(message);
      } else {
        expect(error.message).toBe(message);
      }
    }
    expect((await cartOf()).items).toEqual([]);
    // A note of exactly 200 characters is fine.
    expect(
      (await add({ food_id: dish, quantity: 1, option_ids: [m], note: 'n'.repeat(200) })).status,
    ).toBe(200);
    await clear();
    await putFood(ownerA, dishA['Phở bò']!, { option_groups: [] });
  });

  it('refuses an option switched off by the owner (409, naming it)', async () => {
    const groups = food.option_groups.map((g) => ({
      id: g.id,
      name: g.name,
      min_select: g.min_select,
      max_select: g.max_select,
      options: g.options.map((o) => ({
        id: o.id,
        name: o.name,
        price: o.price,
        available: o.name !== 'L',
      })),
    }));
    await putFood(ownerA, dish, { option_groups: groups });
    const detail = FoodReplySchema.parse(
      (await call(t.app, 'GET', `/api/food/${dish}/`)).body,
    ).data;
    expect(detail.option_groups[0]!.options.map((o) => [o.name, o.available])).toEqual([
      ['M', true],
      ['L', false],
    ]);
    const res = await add({
      food_id: dish,
      quantity: 1,
      option_ids: [optionId(food, 'Size', 'L')],
    });
    expect(refusal(res, 409, 'OPTION_UNAVAILABLE').message).toBe('Lựa chọn "L" đã hết');
    await putFood(ownerA, dish, {
      option_groups: groups.map((g) => ({
        ...g,
        options: g.options.map((o) => ({ ...o, available: true })),
      })),
    });
  });

  it('an option switched off between add and checkout: the cart names the line, checkout refuses, nothing changes', async () => {
    const buyer = await newUser(t, 'customer', { full_name: 'Trần An' });
    const l = optionId(food, 'Size', 'L');
    expect((await add({ food_id: dish, quantity: 2, option_ids: [l] }, buyer)).status).toBe(200);
    const groups = food.option_groups.map((g) => ({
      id: g.id,
      name: g.name,
      min_select: g.min_select,
      max_select: g.max_select,
      options: g.options.map((o) => ({
        id: o.id,
        name: o.name,
        price: o.price,
        available: o.id !== l,
      })),
    }));
    await putFood(ownerA, dish, { option_groups: groups });
    const cart = await cartOf(buyer);
    expect(cart.items[0]).toMatchObject({
      available: false,
      unavailable_reason: 'Lựa chọn "L" đã hết',
      quantity: 2,
    });
    const res = await call(t.app, 'POST', '/api/customer/orders/', {
      token: buyer.token,
      body: DELIVERY,
    });
    expect(refusal(res, 409, 'OPTION_UNAVAILABLE').message).toBe(
      'Món "Trà sữa nướng": Lựa chọn "L" đã hết. Vui lòng xóa món này khỏi giỏ hàng và chọn lại.',
    );
    expect(await cartOf(buyer)).toEqual(cart);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', buyer.id)
      .execute();
    expect(orders).toEqual([]);

    // Back on: orderable again. A required group added since makes the line say so.
    await putFood(ownerA, dish, {
      option_groups: [
        ...groups.map((g) => ({
          ...g,
          options: g.options.map((o) => ({ ...o, available: true })),
        })),
        { name: 'Đá', min_select: 1, max_select: 1, options: [{ name: 'Ít đá', price: 0 }] },
      ],
    });
    expect((await cartOf(buyer)).items[0]).toMatchObject({
      available: false,
      unavailable_reason: 'Vui lòng chọn Đá',
    });
    // An option removed from the menu since.
    await putFood(ownerA, dish, { option_groups: [SIZE] });
    expect((await cartOf(buyer)).items[0]).toMatchObject({
      available: false,
      unavailable_reason: 'Lựa chọn "L" không còn trong thực đơn',
    });
    await clear(buyer);
  });

  it('orders keep every choice and the note, for the customer and the restaurant', async () => {
    const res = await call(t.app, 'POST', '/api/staff/foods/', {
      token: ownerA.token,
      body: {
        name: 'Phở tái',
        price: 50_000,
        toppings: [{ name: 'Quẩy', price: 3_000 }],
        option_groups: [
          {
            name: 'Độ chín',
            min_select: 1,
            max_select: 1,
            options: [
              { name: 'Tái', price: 0 },
              { name: 'Tái lăn', price: 5_000 },
            ],
          },
        ],
      },
    });
    const pho = StaffFoodReplySchema.parse(res.body).data;
    const buyer = await newUser(t, 'customer', { full_name: 'Phạm Hà' });
    const lan = optionId(pho, 'Độ chín', 'Tái lăn');
    const quay = pho.toppings[0]!.id;
    await add(
      { food_id: pho.id, quantity: 2, option_ids: [lan], topping_ids: [quay], note: 'không hành' },
      buyer,
    );
    // The coupon's minimum is met only with the choices: it reads the whole subtotal.
    await t.database.db
      .insertInto('coupons')
      .values({
        code: 'LUACHON10',
        kind: 'percent',
        value: 10,
        min_order: 110_000,
        starts_at: new Date(Date.now() - 86_400_000),
      })
      .execute();
    const created = await call(t.app, 'POST', '/api/customer/orders/', {
      token: buyer.token,
      body: { ...DELIVERY, coupon_code: 'LUACHON10' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = (created.body as { data: { order: { id: number } } }).data.order.id;
    const item = {
      food_name: 'Phở tái',
      price: 58_000,
      quantity: 2,
      subtotal: 116_000,
      toppings: [{ id: quay, name: 'Quẩy', price: 3_000 }],
      options: [
        { id: lan, group: 'Độ chín', name: 'Tái lăn', price: 5_000 },
        { id: quay, group: 'Topping', name: 'Quẩy', price: 3_000 },
      ],
      note: 'không hành',
    };
    const mine = await call(t.app, 'GET', `/api/customer/orders/${orderId}/`, {
      token: buyer.token,
    });
    const order = OrderReplySchema.parse(mine.body).data;
    expect(order).toMatchObject({ subtotal: 116_000, discount: 11_600, total_amount: 104_400 });
    expect(order.items).toEqual([expect.objectContaining(item)]);
    // Later menu edits change nothing in the order.
    await putFood(ownerA, pho.id, { option_groups: [] });
    await setOrderStatus(t, orderId, 'paid');
    const staffView = await call(t.app, 'GET', `/api/staff/orders/${orderId}/`, {
      token: staffA.token,
    });
    expect(OrderReplySchema.parse(staffView.body).data.items).toEqual([
      expect.objectContaining(item),
    ]);
    const list = await call(t.app, 'GET', '/api/customer/orders/', { token: buyer.token });
    expect(JSON.stringify(list.body)).toContain('"note":"không hành"');
  });
});
