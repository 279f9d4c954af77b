import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartReplySchema, type Cart } from '#contract/cart';
import {
  FoodListReplySchema,
  FoodReplySchema,
  SearchReplySchema,
  type OpeningHours,
} from '#contract/catalogue';
import type { OptionGroupInput } from '#contract/options';
import { StaffFoodReplySchema, type StaffFood } from '#contract/staff-menu';
import { nextOpeningAfter } from '#server/modules/catalogue/opening-times';
import { call, type Reply } from '../helpers/auth';
import { ALWAYS_OPEN, insertCatalogue, NEVER_OPEN } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { DELIVERY } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

const DAY = { open: '07:00', close: '21:00' };
/** Every day 07:00-21:00, Vietnam time. */
const HOURS: OpeningHours = {
  mon: [DAY],
  tue: [DAY],
  wed: [DAY],
  thu: [DAY],
  fri: [DAY],
  sat: [DAY],
  sun: [DAY],
};
const HERE = { lat: 21.028, lon: 105.852 };

const SIZE: OptionGroupInput = {
  name: 'Size',
  min_select: 1,
  max_select: 1,
  options: [
    { name: 'M', price: 0 },
    { name: 'L', price: 10_000 },
  ],
};

let t: TestApp;
let owner: TestUser;
let staff: TestUser;
let otherOwner: TestUser;
let customer: TestUser;
let dishes: Record<string, number>;
let noHoursDish: number;
let otherDish: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b, c] = await insertCatalogue(t.database.db, [
    {
      name: 'Quán Bún Chả Sáng',
      lat: 21.03,
      lon: 105.85,
      hours: HOURS,
      dishes: [
        { name: 'Bún chả', price: 50_000 },
        { name: 'Trà sữa', price: 35_000, toppings: [{ name: 'Trân châu', price: 5_000 }] },
        { name: 'Nem rán', price: 40_000 },
      ],
    },
    {
      name: 'Quán Không Giờ',
      lat: 21.02,
      lon: 105.86,
      hours: NEVER_OPEN,
      dishes: [{ name: 'Xôi gà', price: 30_000 }],
    },
    {
      name: 'Bánh Mì Bên Kia',
      lat: 21.04,
      lon: 105.84,
      dishes: [{ name: 'Bánh mì', price: 25_000, toppings: [{ name: 'Pate', price: 5_000 }] }],
    },
  ]);
  dishes = a!.dishes;
  noHoursDish = b!.dishes['Xôi gà']!;
  otherDish = c!.dishes['Bánh mì']!;
  owner = await ownerOf(t, a!.id);
  staff = await newUser(t, 'staff', { restaurant_id: a!.id });
  otherOwner = await ownerOf(t, c!.id);
  customer = await newUser(t, 'customer', { full_name: 'Đỗ Minh' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

type StaffReply = Reply<ErrorBody & { data: StaffFood }>;

const soldOut = (user: TestUser, id: number, body: unknown): Promise<StaffReply> =>
  call(t.app, 'PUT', `/api/staff/foods/${id}/sold-out/`, { token: user.token, body });
const optionSoldOut = (
  user: TestUser,
  id: number,
  optionId: number,
  body: unknown,
): Promise<StaffReply> =>
  call(t.app, 'PUT', `/api/staff/foods/${id}/options/${optionId}/sold-out/`, {
    token: user.token,
    body,
  });

const refusal = (res: Reply, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as unknown as ErrorBody;
  expect(body.code).toBe(code);
  return body;
};

const staffOk = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffFoodReplySchema.parse(res.body).data;
};

/** `available` of the dish as every public reply that shows it gives it. */
async function publicAvailability(id: number, name: string) {
  const detail = FoodReplySchema.parse((await call(t.app, 'GET', `/api/food/${id}/`)).body).data;
  const list = FoodListReplySchema.parse(
    (await call(t.app, 'GET', `/api/food/?lat=${HERE.lat}&lon=${HERE.lon}&per_page=50`)).body,
  ).data.items;
  const found = SearchReplySchema.parse(
    (
      await call(
        t.app,
        'GET',
        `/api/search/?q=${encodeURIComponent(name)}&lat=${HERE.lat}&lon=${HERE.lon}`,
      )
    ).body,
  ).data.items.flatMap((r) => r.searched_foods);
  return {
    detail: detail.available,
    list: list.find((d) => d.id === id)!.available,
    search: found.find((d) => d.id === id)!.available,
  };
}

const cartOf = async (user: TestUser): Promise<Cart> =>
  CartReplySchema.parse(
    (await call(t.app, 'GET', '/api/customer/cart/', { token: user.token })).body,
  ).data;
const add = (user: TestUser, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/customer/cart/add/', { token: user.token, body });

describe('PUT /api/staff/foods/{id}/sold-out/', () => {
  it('marks the dish sold out until the next opening; everywhere shows it unavailable', async () => {
    const id = dishes['Bún chả']!;
    expect(await publicAvailability(id, 'Bún chả')).toEqual({
      detail: true,
      list: true,
      search: true,
    });
    const before = new Date();
    const res = await soldOut(owner, id, { sold_out: true });
    const after = new Date();
    expect(res.body.message).toBe('Đã đánh dấu hết hôm nay');
    const food = staffOk(res);
    const expected = [nextOpeningAfter(HOURS, before)!, nextOpeningAfter(HOURS, after)!].map((d) =>
      d.toISOString(),
    );
    expect(expected).toContain(food.available_again_at);
    // The owner's switch is untouched: the staff menu shows it and when the dish comes back.
    expect(food.available).toBe(true);
    const list = await call(t.app, 'GET', '/api/staff/foods/?per_page=50', { token: staff.token });
    expect(JSON.stringify(list.body)).toContain(
      `"available_again_at":"${food.available_again_at}"`,
    );
    expect(await publicAvailability(id, 'Bún chả')).toEqual({
      detail: false,
      list: false,
      search: false,
    });
    const refused = await add(customer, { food_id: id, quantity: 1 });
    expect(refusal(refused, 409, 'FOOD_UNAVAILABLE').message).toBe(
      'Món ăn này hiện không khả dụng',
    );

    // Back on sale now.
    const back = await soldOut(staff, id, { sold_out: false });
    expect(back.body.message).toBe('Đã mở bán lại');
    expect(staffOk(back).available_again_at).toBeNull();
    expect(await publicAvailability(id, 'Bún chả')).toEqual({
      detail: true,
      list: true,
      search: true,
    });
    expect((await add(customer, { food_id: id, quantity: 1 })).status).toBe(200);
    await call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: customer.token });
  });

  it('comes back by itself at the next opening, on every kept reply, with no write', async () => {
    const id = dishes['Nem rán']!;
    const food = staffOk(await soldOut(owner, id, { sold_out: true }));
    const until = new Date(food.available_again_at!);
    // Kept replies of the sold-out dish (the reply cache keeps them until the catalogue changes
    // or, for these, the minute ends).
    expect(await publicAvailability(id, 'Nem rán')).toEqual({
      detail: false,
      list: false,
      search: false,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(until.getTime() - 60_000));
    expect(await publicAvailability(id, 'Nem rán')).toEqual({
      detail: false,
      list: false,
      search: false,
    });
    vi.setSystemTime(until);
    expect(await publicAvailability(id, 'Nem rán')).toEqual({
      detail: true,
      list: true,
      search: true,
    });
  });

  it('a restaurant with no hours at all: until the same time tomorrow', async () => {
    const ownerB = await ownerOf(t, (await restaurantOf(noHoursDish)).id);
    const before = Date.now();
    const food = staffOk(await soldOut(ownerB, noHoursDish, { sold_out: true }));
    const after = Date.now();
    const until = new Date(food.available_again_at!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(until).toBeLessThanOrEqual(after + 86_400_000);
  });

  it('a cart line of a dish sold out since says so; checkout refuses it, and it comes back', async () => {
    const buyer = await newUser(t, 'customer', { full_name: 'Vũ Hoa' });
    const id = dishes['Bún chả']!;
    // This test orders at the real time of day: open around the clock while it runs, so the
    // refusal is the dish's and never 'closed' (07:00-21:00 would make it depend on the hour).
    const restaurant = await restaurantOf(id);
    await setHours(restaurant.id, ALWAYS_OPEN);
    try {
      await soldOutLineAtCheckout(buyer, id);
    } finally {
      await setHours(restaurant.id, HOURS);
    }
  });

  async function soldOutLineAtCheckout(buyer: TestUser, id: number) {
    expect((await add(buyer, { food_id: id, quantity: 2 })).status).toBe(200);
    staffOk(await soldOut(owner, id, { sold_out: true }));
    const cart = await cartOf(buyer);
    expect(cart.items[0]).toMatchObject({
      available: false,
      unavailable_reason: 'Món "Bún chả" đã hết hôm nay',
    });
    const res = await call(t.app, 'POST', '/api/customer/orders/', {
      token: buyer.token,
      body: DELIVERY,
    });
    expect(refusal(res, 409, 'FOOD_UNAVAILABLE').message).toBe(
      'Món "Bún chả" hiện không khả dụng. Vui lòng xóa món này khỏi giỏ hàng.',
    );
    expect(await cartOf(buyer)).toEqual(cart);
    // The moment passes (set in the database: the clock of this test is the real one).
    await t.database.db
      .updateTable('foods')
      .set({ sold_out_until: new Date(Date.now() - 1_000) })
      .where('id', '=', id)
      .execute();
    expect((await cartOf(buyer)).items[0]).toMatchObject({
      available: true,
      unavailable_reason: null,
    });
    expect(await publicAvailability(id, 'Bún chả')).toEqual({
      detail: true,
      list: true,
      search: true,
    });
    const staffView = await call(t.app, 'GET', `/api/staff/foods/${id}/`, { token: owner.token });
    expect(StaffFoodReplySchema.parse(staffView.body).data.available_again_at).toBeNull();
  }

  it('is for the dish’s own restaurant: others get 404, customers 403, a bad body 400', async () => {
    const id = dishes['Bún chả']!;
    const before = await t.database.db
      .selectFrom('foods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(
      refusal(await soldOut(otherOwner, id, { sold_out: true }), 404, 'FOOD_NOT_FOUND').message,
    ).toBe('Không tìm thấy món ăn');
    refusal(await soldOut(customer, id, { sold_out: true }), 403, 'FORBIDDEN');
    refusal(
      await call(t.app, 'PUT', `/api/staff/foods/${id}/sold-out/`, { body: { sold_out: true } }),
      401,
      'UNAUTHENTICATED',
    );
    const bad = refusal(await soldOut(owner, id, { sold_out: 'yes' }), 400, 'VALIDATION_ERROR');
    expect(bad.errors).toEqual([{ path: 'sold_out', message: 'Trạng thái hết món không hợp lệ' }]);
    refusal(await soldOut(owner, 999_999, { sold_out: true }), 404, 'FOOD_NOT_FOUND');
    expect(
      await t.database.db
        .selectFrom('foods')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});

describe('PUT /api/staff/foods/{id}/options/{option_id}/sold-out/', () => {
  let tea: StaffFood;

  beforeAll(async () => {
    const res = await call(t.app, 'PUT', `/api/staff/foods/${dishes['Trà sữa']}/`, {
      token: owner.token,
      body: { option_groups: [SIZE] },
    });
    tea = staffOk(res);
  });

  const size = (name: string) => tea.option_groups[0]!.options.find((o) => o.name === name)!.id;
  const detail = async () =>
    FoodReplySchema.parse((await call(t.app, 'GET', `/api/food/${tea.id}/`)).body).data;

  it('an option sold out today: staff see the switch and the time, customers cannot choose it', async () => {
    const l = size('L');
    const food = staffOk(await optionSoldOut(staff, tea.id, l, { sold_out: true }));
    const option = food.option_groups[0]!.options.find((o) => o.id === l)!;
    expect(option.available).toBe(true);
    expect(option.available_again_at).toBe(nextOpeningAfter(HOURS, new Date())!.toISOString());
    expect((await detail()).option_groups[0]!.options.map((o) => [o.name, o.available])).toEqual([
      ['M', true],
      ['L', false],
    ]);
    const res = await add(customer, { food_id: tea.id, quantity: 1, option_ids: [l] });
    expect(refusal(res, 409, 'OPTION_UNAVAILABLE').message).toBe('Lựa chọn "L" đã hết');

    // Comes back by itself, on the kept dish reply too.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(option.available_again_at!));
    expect((await detail()).option_groups[0]!.options.map((o) => o.available)).toEqual([
      true,
      true,
    ]);
    vi.useRealTimers();
    const back = staffOk(await optionSoldOut(owner, tea.id, l, { sold_out: false }));
    expect(back.option_groups[0]!.options.find((o) => o.id === l)!.available_again_at).toBeNull();
    expect((await add(customer, { food_id: tea.id, quantity: 1, option_ids: [l] })).status).toBe(
      200,
    );
    await call(t.app, 'DELETE', '/api/customer/cart/clear/', { token: customer.token });
  });

  it('a topping sold out today leaves the dish’s toppings and is refused in the cart', async () => {
    const topping = tea.toppings[0]!;
    staffOk(await optionSoldOut(owner, tea.id, topping.id, { sold_out: true }));
    expect((await detail()).toppings).toEqual([]);
    const res = await add(customer, {
      food_id: tea.id,
      quantity: 1,
      option_ids: [size('M')],
      topping_ids: [topping.id],
    });
    expect(refusal(res, 409, 'OPTION_UNAVAILABLE').message).toBe('Lựa chọn "Trân châu" đã hết');
    staffOk(await optionSoldOut(owner, tea.id, topping.id, { sold_out: false }));
    expect((await detail()).toppings).toEqual([topping]);
  });

  it('answers 404 for an option of another dish or one removed, and another restaurant’s dish', async () => {
    const pate = await t.database.db
      .selectFrom('toppings')
      .select('id')
      .where('food_id', '=', otherDish)
      .executeTakeFirstOrThrow();
    expect(
      refusal(
        await optionSoldOut(owner, tea.id, pate.id, { sold_out: true }),
        404,
        'OPTION_NOT_FOUND',
      ).message,
    ).toBe('Không tìm thấy lựa chọn này của món');
    refusal(
      await optionSoldOut(otherOwner, tea.id, size('M'), { sold_out: true }),
      404,
      'FOOD_NOT_FOUND',
    );
    refusal(await optionSoldOut(customer, tea.id, size('M'), { sold_out: true }), 403, 'FORBIDDEN');
    const bad = refusal(
      await call(t.app, 'PUT', `/api/staff/foods/${tea.id}/options/abc/sold-out/`, {
        token: owner.token,
        body: { sold_out: true },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(bad.errors).toEqual([{ path: 'option_id', message: 'Mã lựa chọn không hợp lệ' }]);
    // An option taken off the menu cannot be sold out any more.
    const m = size('M');
    staffOk(
      await call(t.app, 'PUT', `/api/staff/foods/${tea.id}/`, {
        token: owner.token,
        body: { option_groups: [{ ...SIZE, options: [{ name: 'S', price: 0 }] }] },
      }),
    );
    refusal(await optionSoldOut(owner, tea.id, m, { sold_out: true }), 404, 'OPTION_NOT_FOUND');
  });
});

async function setHours(restaurantId: number, hours: OpeningHours) {
  await t.database.db
    .updateTable('restaurants')
    .set({ opening_hours: JSON.stringify(hours) })
    .where('id', '=', restaurantId)
    .execute();
}

async function restaurantOf(foodId: number) {
  const row = await t.database.db
    .selectFrom('foods')
    .select('restaurant_id as id')
    .where('id', '=', foodId)
    .executeTakeFirstOrThrow();
  return row;
}
