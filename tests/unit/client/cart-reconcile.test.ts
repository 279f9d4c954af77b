import { describe, expect, it } from 'vitest';
import { EMPTY_CART, type Cart } from '#contract/cart';
import { createOp, type CartChange, type LineDetails } from '#src/lib/cart/cart-ops';
import { lineKey } from '#src/lib/cart/line-key';
import {
  classifyFailure,
  opsRepeatingRefusal,
  priceChange,
  priceChangeText,
  refusalText,
  resolveRequest,
} from '#src/lib/cart/reconcile';

const PHO: LineDetails = {
  food_id: 10,
  topping_ids: [3, 5],
  food_name: 'Phở bò',
  food_image: null,
  restaurant_id: 1,
  restaurant_name: 'Phở Thìn',
  base_price: 50000,
  toppings: [
    { id: 3, name: 'Trứng', price: 5000 },
    { id: 5, name: 'Quẩy', price: 3000 },
  ],
  price: 58000,
};
const KEY = lineKey(10, [3, 5]);

function cartWith(id: number, price: number, quantity = 1): Cart {
  return {
    restaurant_id: 1,
    restaurant_name: 'Phở Thìn',
    items: [
      {
        id,
        food_id: 10,
        food_name: 'Phở bò',
        food_image: null,
        restaurant_name: 'Phở Thìn',
        price,
        base_price: price - 8000,
        quantity,
        topping_ids: [3, 5],
        toppings: PHO.toppings,
        option_ids: [3, 5],
        options: PHO.toppings.map((t) => ({ ...t, group: 'Topping' })),
        note: '',
        line_total: price * quantity,
        available: true,
        unavailable_reason: null,
      },
    ],
    item_count: quantity,
    subtotal: price * quantity,
  };
}

const op = (change: CartChange) => createOp(change);
const add = (quantity: number) => op({ op: 'add', line: KEY, payload: { quantity }, details: PHO });
const set = (quantity: number) => op({ op: 'set', line: KEY, payload: { quantity }, details: PHO });
const remove = () => op({ op: 'remove', line: KEY, payload: {}, details: PHO });
const clear = () => op({ op: 'clear', line: null, payload: {} });

describe('resolveRequest: ops address lines by key, the server by id', () => {
  it('sends an add with the dish, quantity and sorted toppings', () => {
    expect(resolveRequest(add(2), EMPTY_CART)).toEqual({
      method: 'POST',
      path: 'customer/cart/add/',
      json: { food_id: 10, quantity: 2, topping_ids: [3, 5], option_ids: [], note: '' },
    });
  });

  it('sends a set to the server line of that key', () => {
    expect(resolveRequest(set(4), cartWith(17, 58000))).toEqual({
      method: 'PUT',
      path: 'customer/cart/update/17/',
      json: { quantity: 4 },
    });
  });

  it('turns a set of a line the server does not have into an add of that quantity', () => {
    expect(resolveRequest(set(4), EMPTY_CART)).toEqual({
      method: 'POST',
      path: 'customer/cart/add/',
      json: { food_id: 10, quantity: 4, topping_ids: [3, 5], option_ids: [], note: '' },
    });
  });

  it('removes through the server id, and drops a remove of a line the server does not have', () => {
    expect(resolveRequest(remove(), cartWith(17, 58000))).toEqual({
      method: 'DELETE',
      path: 'customer/cart/remove/17/',
    });
    expect(resolveRequest(remove(), EMPTY_CART)).toBeNull();
  });

  it('does not take the same dish with other toppings for the line', () => {
    const plain = cartWith(17, 50000);
    plain.items[0]!.topping_ids = [];
    plain.items[0]!.option_ids = [];
    expect(resolveRequest(remove(), plain)).toBeNull();
  });

  it('clears without an id', () => {
    expect(resolveRequest(clear(), EMPTY_CART)).toEqual({
      method: 'DELETE',
      path: 'customer/cart/clear/',
    });
  });
});

describe('classifyFailure', () => {
  it.each([
    [null, undefined, 'no answer at all'],
    [408, undefined, 'a timeout'],
    [429, 'RATE_LIMITED', 'a rate limit'],
    [409, 'IDEMPOTENCY_IN_PROGRESS', 'the first send still running'],
  ] as const)('retries later after %s %s (%s)', (status, code, _what) => {
    expect(classifyFailure(status, code, true)).toBe('retry');
  });

  it.each([
    [500, 'INTERNAL', 'a server failure'],
    [502, undefined, 'a proxy without its server'],
    [503, undefined, 'an unavailable server'],
  ] as const)('tells a server failure %s %s (%s) from no answer', (status, code, _what) => {
    expect(classifyFailure(status, code, true)).toBe('server-error');
  });

  it.each([
    [409, 'CART_OTHER_RESTAURANT'],
    [409, 'FOOD_UNAVAILABLE'],
    [409, 'RESTAURANT_PAUSED'],
    [404, 'FOOD_NOT_FOUND'],
    [400, 'TOPPING_INVALID'],
    [400, 'CART_QUANTITY_LIMIT'],
    [400, 'CART_TOO_MANY_LINES'],
    [400, 'VALIDATION_ERROR'],
    [422, 'IDEMPOTENCY_KEY_REUSED'],
    [403, 'FORBIDDEN'],
  ] as const)('takes %i %s as a refusal', (status, code) => {
    expect(classifyFailure(status, code, true)).toBe('refused');
  });

  it('re-addresses an op whose server line is gone', () => {
    expect(classifyFailure(404, 'CART_ITEM_NOT_FOUND', true)).toBe('line-gone');
  });

  it('stops on a 401 that ended the session, retries one that did not', () => {
    expect(classifyFailure(401, 'UNAUTHENTICATED', false)).toBe('signed-out');
    // The refresh could not reach the server: still signed in, try again later.
    expect(classifyFailure(401, 'UNAUTHENTICATED', true)).toBe('retry');
  });
});

describe('opsRepeatingRefusal', () => {
  it('drops the later adds and sets of a refused line until the next clear', () => {
    const refused = add(1);
    const again = add(2);
    const setLater = set(3);
    const cleared = clear();
    const afterClear = add(1);
    const ops = [refused, again, setLater, cleared, afterClear];
    expect(opsRepeatingRefusal(ops, refused, EMPTY_CART)).toEqual([again.id, setLater.id]);
  });

  it('keeps them when the server has the line (they change its quantity)', () => {
    const refused = add(1);
    expect(opsRepeatingRefusal([refused, set(3)], refused, cartWith(17, 58000))).toEqual([]);
  });

  it('never drops a remove', () => {
    const refused = add(1);
    expect(opsRepeatingRefusal([refused, remove()], refused, EMPTY_CART)).toEqual([]);
  });
});

describe('priceChange', () => {
  it('is null when the server price is the one shown', () => {
    expect(priceChange(add(1), cartWith(17, 58000))).toBeNull();
  });

  it('tells the old and new unit price of the line the op touched', () => {
    const change = priceChange(set(2), cartWith(17, 63000, 2));
    expect(change).toEqual({ name: 'Phở bò', from: 58000, to: 63000 });
    expect(priceChangeText(change!)).toBe('Giá món Phở bò đã thay đổi: 58.000 ₫ → 63.000 ₫');
  });

  it('says nothing for removes, clears and lines the reply lacks', () => {
    expect(priceChange(remove(), cartWith(17, 63000))).toBeNull();
    expect(priceChange(clear(), cartWith(17, 63000))).toBeNull();
    expect(priceChange(add(1), EMPTY_CART)).toBeNull();
  });
});

describe('refusalText: the notice of a replay nobody waits for names the dish', () => {
  const message = 'Món ăn này hiện không khả dụng';

  it('for an add, and for a set that was sent as an add', () => {
    expect(refusalText(add(1), resolveRequest(add(1), EMPTY_CART)!, message)).toBe(
      'Món Phở bò không được thêm: Món ăn này hiện không khả dụng',
    );
    expect(refusalText(set(2), resolveRequest(set(2), EMPTY_CART)!, message)).toBe(
      'Món Phở bò không được thêm: Món ăn này hiện không khả dụng',
    );
  });

  it('for a quantity change, a remove and a clear', () => {
    const limit = 'Số lượng mỗi món tối đa 99';
    expect(refusalText(set(2), resolveRequest(set(2), cartWith(17, 58000))!, limit)).toBe(
      'Món Phở bò không được cập nhật số lượng: Số lượng mỗi món tối đa 99',
    );
    expect(refusalText(remove(), undefined, 'Lỗi')).toBe('Món Phở bò không được xóa: Lỗi');
    expect(refusalText(clear(), undefined, 'Lỗi')).toBe('Giỏ hàng không được xóa: Lỗi');
  });
});
