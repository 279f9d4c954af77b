import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_CART, type Cart, type CartItem } from '#contract/cart';
import {
  addChanges,
  detailsFromFood,
  setChange,
  type AddToCartInput,
} from '#src/lib/cart/cart-changes';
import {
  applyOps,
  createOp,
  detailsKey,
  enqueueOp,
  findLine,
  itemKey,
} from '#src/lib/cart/cart-ops';
import { readCart } from '#src/lib/cart/cart-shape';
import { lineKey } from '#src/lib/cart/line-key';
import { resolveRequest } from '#src/lib/cart/reconcile';

// Trà sữa (food 30, 35.000 ₫): Size (M 0 ₫ id 1, L 10.000 ₫ id 2), Đá (0% id 4, 50% id 5), and
// the toppings Trân châu (id 7, 5.000 ₫) and Thạch (id 8, 6.000 ₫).
const TRA_SUA: AddToCartInput['food'] = {
  id: 30,
  name: 'Trà sữa',
  price: 35_000,
  image_url: null,
  restaurant: { id: 1, name: 'Quán Trà' },
  toppings: [
    { id: 7, name: 'Trân châu', price: 5_000 },
    { id: 8, name: 'Thạch', price: 6_000 },
  ],
  option_groups: [
    {
      name: 'Size',
      options: [
        { id: 1, name: 'M', price: 0 },
        { id: 2, name: 'L', price: 10_000 },
      ],
    },
    {
      name: 'Đá',
      options: [
        { id: 4, name: '0%', price: 0 },
        { id: 5, name: '50%', price: 0 },
      ],
    },
  ],
};

function input(overrides: Partial<AddToCartInput> = {}): AddToCartInput {
  return { food: TRA_SUA, quantity: 1, topping_ids: [], ...overrides };
}

/** The line as the server answers it: option_ids lists every choice, toppings last. */
function serverItem(id: number, choices: number[], note: string, quantity = 1): CartItem {
  const details = detailsFromFood(input({ option_ids: choices, note }));
  return {
    id,
    food_id: 30,
    food_name: 'Trà sữa',
    food_image: null,
    restaurant_name: 'Quán Trà',
    price: details.price,
    base_price: 35_000,
    quantity,
    topping_ids: choices.filter((c) => c === 7 || c === 8),
    toppings: [],
    option_ids: choices,
    options: details.options ?? [],
    note,
    line_total: details.price * quantity,
    available: true,
    unavailable_reason: null,
  };
}

function cartOf(...items: CartItem[]): Cart {
  return {
    restaurant_id: 1,
    restaurant_name: 'Quán Trà',
    items,
    item_count: items.reduce((sum, each) => sum + each.quantity, 0),
    subtotal: items.reduce((sum, each) => sum + each.line_total, 0),
  };
}

describe('a line is a dish, a set of choices and a note', () => {
  it('keeps the key of a line without choices or note as it was', () => {
    expect(lineKey(12, [])).toBe('12:');
    expect(lineKey(12, [5, 3])).toBe('12:3,5');
    expect(lineKey(12, [5, 3], '   ')).toBe('12:3,5');
  });

  it('adds the trimmed note after a second colon, whatever the note holds', () => {
    expect(lineKey(12, [2], ' không hành ')).toBe('12:2:không hành');
    expect(lineKey(12, [], 'a:b,1')).toBe('12::a:b,1');
    expect(lineKey(12, [2], 'không hành')).not.toBe(lineKey(12, [2]));
    expect(lineKey(12, [2], 'không hành')).not.toBe(lineKey(12, [2], 'ít đá'));
  });

  it('is the same for any order and repeat of the ids, and whichever list names a topping', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 8 });
    const note = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(ids, fc.boolean(), note, (choices, split, text) => {
        const shuffled = [...choices].reverse();
        const toppings = split ? choices.slice(0, 2) : [];
        const viaServer = itemKey({
          food_id: 9,
          topping_ids: toppings,
          option_ids: [...shuffled, ...toppings],
          note: text.trim(),
        });
        const viaClient = detailsKey({
          ...detailsFromFood(input({ food: { ...TRA_SUA, id: 9 } })),
          topping_ids: toppings,
          option_ids: choices.filter((c) => !toppings.includes(c)),
          note: text,
        });
        expect(viaServer).toBe(viaClient);
        expect(lineKey(9, [...choices, ...choices], text)).toBe(viaClient);
      }),
    );
  });

  it('tells apart two sets of choices, or two notes, of the same dish', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 6 });
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.string({ maxLength: 10 }),
        fc.string({ maxLength: 10 }),
        (a, b, n, m) => {
          const same = [...a].sort().join() === [...b].sort().join() && n.trim() === m.trim();
          expect(lineKey(30, a, n) === lineKey(30, b, m)).toBe(same);
        },
      ),
    );
  });
});

describe('an add with choices and a note', () => {
  it('shows the choices by group in the dish order, toppings last, and prices them', () => {
    const details = detailsFromFood(
      input({ topping_ids: [8, 7], option_ids: [5, 2], note: '  không đường ' }),
    );
    expect(details.options).toEqual([
      { id: 2, group: 'Size', name: 'L', price: 10_000 },
      { id: 5, group: 'Đá', name: '50%', price: 0 },
      { id: 7, group: 'Topping', name: 'Trân châu', price: 5_000 },
      { id: 8, group: 'Topping', name: 'Thạch', price: 6_000 },
    ]);
    expect(details).toMatchObject({
      topping_ids: [7, 8],
      option_ids: [2, 5],
      note: 'không đường',
      price: 56_000,
    });
  });

  it('shows at once as a waiting line with its choices and note', () => {
    const [add] = addChanges(input({ quantity: 2, option_ids: [2], note: 'không hành' }));
    const view = applyOps(EMPTY_CART, [createOp(add!)]);
    expect(view.items).toEqual([
      expect.objectContaining({
        key: '30:2:không hành',
        id: null,
        pending: true,
        option_ids: [2],
        options: [{ id: 2, group: 'Size', name: 'L', price: 10_000 }],
        note: 'không hành',
        price: 45_000,
        line_total: 90_000,
        unavailable_reason: null,
      }),
    ]);
  });

  it('merges the same choices and note into one line, and keeps another note apart', () => {
    const changes = [
      ...addChanges(input({ option_ids: [2], note: 'không hành' })),
      ...addChanges(input({ option_ids: [2], note: ' không hành ' })),
      ...addChanges(input({ option_ids: [2], note: 'ít đá' })),
      ...addChanges(input({ option_ids: [1], note: 'không hành' })),
    ];
    const ops = changes.reduce<ReturnType<typeof createOp>[]>(
      (queue, change) => enqueueOp(queue, createOp(change), EMPTY_CART).ops,
      [],
    );
    const view = applyOps(EMPTY_CART, ops);
    expect(view.items.map((line) => [line.key, line.quantity])).toEqual([
      ['30:2:không hành', 2],
      ['30:2:ít đá', 1],
      ['30:1:không hành', 1],
    ]);
  });

  it('sends the choices, the note and the location with the add', () => {
    const [add] = addChanges(
      input({
        quantity: 3,
        topping_ids: [7],
        option_ids: [2, 7],
        note: ' không hành ',
        location: { lat: 21.03, lon: 105.85 },
      }),
    );
    expect(resolveRequest(createOp(add!), EMPTY_CART)).toEqual({
      method: 'POST',
      path: 'customer/cart/add/',
      json: {
        food_id: 30,
        quantity: 3,
        topping_ids: [7],
        option_ids: [2],
        note: 'không hành',
        lat: 21.03,
        lon: 105.85,
      },
    });
  });

  it('sends no location when none is stored', () => {
    const [add] = addChanges(input({ option_ids: [1] }));
    expect(resolveRequest(createOp(add!), EMPTY_CART)?.json).toEqual({
      food_id: 30,
      quantity: 1,
      topping_ids: [],
      option_ids: [1],
      note: '',
    });
  });

  it('finds the server line of a change, and adds it again with its choices when it is gone', () => {
    const server = cartOf(serverItem(41, [2, 5, 7], 'không hành', 2), serverItem(42, [2], '', 1));
    const view = applyOps(server, []);
    const line = view.items[0]!;
    expect(line.key).toBe('30:2,5,7:không hành');
    expect(findLine(server, line.key)?.id).toBe(41);

    const change = setChange(view, line, 4, { lat: 10.77, lon: 106.7 });
    expect(resolveRequest(createOp(change), server)).toEqual({
      method: 'PUT',
      path: 'customer/cart/update/41/',
      json: { quantity: 4 },
    });
    expect(resolveRequest(createOp(change), cartOf(serverItem(42, [2], '')))).toEqual({
      method: 'POST',
      path: 'customer/cart/add/',
      json: {
        food_id: 30,
        quantity: 4,
        topping_ids: [7],
        option_ids: [2, 5],
        note: 'không hành',
        lat: 10.77,
        lon: 106.7,
      },
    });
  });

  it('reads a change saved before choices existed as a line without any', () => {
    const old = createOp({
      op: 'add',
      line: '30:7',
      payload: { quantity: 1 },
      details: {
        food_id: 30,
        topping_ids: [7],
        food_name: 'Trà sữa',
        food_image: null,
        restaurant_id: 1,
        restaurant_name: 'Quán Trà',
        base_price: 35_000,
        toppings: [{ id: 7, name: 'Trân châu', price: 5_000 }],
        price: 40_000,
      },
    });
    expect(resolveRequest(old, EMPTY_CART)?.json).toEqual({
      food_id: 30,
      quantity: 1,
      topping_ids: [7],
      option_ids: [],
      note: '',
    });
    expect(applyOps(EMPTY_CART, [old]).items[0]).toMatchObject({
      key: '30:7',
      note: '',
      options: [{ id: 7, group: 'Topping', name: 'Trân châu', price: 5_000 }],
    });
  });
});

describe('the cart reply', () => {
  it('fills in the choices of a line from a server that does not send them yet', () => {
    const {
      option_ids: _ids,
      options: _options,
      note: _note,
      unavailable_reason: _reason,
      ...old
    } = serverItem(41, [7], '');
    const cart = readCart({
      ...cartOf(),
      items: [{ ...old, toppings: [{ id: 7, name: 'Trân châu', price: 5_000 }] }],
    });
    expect(cart?.items[0]).toMatchObject({
      option_ids: [7],
      options: [{ id: 7, group: 'Topping', name: 'Trân châu', price: 5_000 }],
      note: '',
      unavailable_reason: null,
    });
  });

  it('keeps the reason of an unavailable line, and refuses a line with a bad note', () => {
    const item = {
      ...serverItem(41, [2], ''),
      available: false,
      unavailable_reason: 'Lựa chọn "Size L" đã hết',
    };
    expect(readCart(cartOf(item))?.items[0]?.unavailable_reason).toBe('Lựa chọn "Size L" đã hết');
    expect(readCart(cartOf({ ...item, note: 5 as unknown as string }))).toBeNull();
  });
});
