import { describe, expect, it } from 'vitest';
import { EMPTY_CART, type Cart, type CartItem } from '#contract/cart';
import {
  applyOps,
  createOp,
  enqueueOp,
  type CartChange,
  type CartOp,
  type LineDetails,
} from '#src/lib/cart/cart-ops';
import { lineKey, sortedChoiceIds } from '#src/lib/cart/line-key';

// Two restaurants: Phở Thìn (1) with phở (toppings: trứng 5.000, quẩy 3.000) and trà đá;
// Bún chả Hương Liên (2) with bún chả.
const PHO: LineDetails = {
  food_id: 10,
  topping_ids: [],
  food_name: 'Phở bò',
  food_image: '/uploads/pho.webp',
  restaurant_id: 1,
  restaurant_name: 'Phở Thìn',
  base_price: 50000,
  toppings: [],
  price: 50000,
};
const PHO_EXTRA: LineDetails = {
  ...PHO,
  topping_ids: [3, 5],
  toppings: [
    { id: 3, name: 'Trứng', price: 5000 },
    { id: 5, name: 'Quẩy', price: 3000 },
  ],
  price: 58000,
};
const TRA: LineDetails = {
  ...PHO,
  food_id: 11,
  food_name: 'Trà đá',
  food_image: null,
  base_price: 5000,
  price: 5000,
};
const BUN: LineDetails = {
  food_id: 20,
  topping_ids: [],
  food_name: 'Bún chả',
  food_image: null,
  restaurant_id: 2,
  restaurant_name: 'Bún chả Hương Liên',
  base_price: 45000,
  toppings: [],
  price: 45000,
};

const keyOf = (d: LineDetails) => lineKey(d.food_id, d.topping_ids);

function item(id: number, details: LineDetails, quantity: number): CartItem {
  return {
    id,
    food_id: details.food_id,
    food_name: details.food_name,
    food_image: details.food_image,
    restaurant_name: details.restaurant_name,
    price: details.price,
    base_price: details.base_price,
    quantity,
    topping_ids: details.topping_ids,
    toppings: details.toppings,
    option_ids: details.topping_ids,
    options: details.toppings.map((t) => ({ ...t, group: 'Topping' })),
    note: '',
    line_total: details.price * quantity,
    available: true,
    unavailable_reason: null,
  };
}

function serverCart(...items: CartItem[]): Cart {
  return {
    restaurant_id: items.length ? 1 : null,
    restaurant_name: items.length ? 'Phở Thìn' : null,
    items,
    item_count: items.reduce((s, i) => s + i.quantity, 0),
    subtotal: items.reduce((s, i) => s + i.line_total, 0),
  };
}

const add = (details: LineDetails, quantity: number): CartChange => ({
  op: 'add',
  line: keyOf(details),
  payload: { quantity },
  details,
});
const set = (details: LineDetails, quantity: number): CartChange => ({
  op: 'set',
  line: keyOf(details),
  payload: { quantity },
  details,
});
const remove = (details: LineDetails): CartChange => ({
  op: 'remove',
  line: keyOf(details),
  payload: {},
  details,
});
const clear: CartChange = { op: 'clear', line: null, payload: {} };

/** Enqueues each change in turn, as the actions do. */
function queue(base: Cart, ...changes: CartChange[]): CartOp[] {
  return changes.reduce<CartOp[]>((ops, change) => enqueueOp(ops, createOp(change), base).ops, []);
}

/** An op that has been sent (the head, with its request). */
function sent(change: CartChange): CartOp {
  return { ...createOp(change), request: { method: 'POST', path: 'customer/cart/add/' } };
}

const summary = (ops: readonly CartOp[]) =>
  ops.map((op) =>
    op.op === 'clear' ? 'clear' : `${op.op} ${op.line} ${op.payload.quantity ?? ''}`.trim(),
  );

describe('lineKey', () => {
  it('is the dish id and its sorted topping ids', () => {
    expect(lineKey(12, [5, 3])).toBe('12:3,5');
    expect(lineKey(12, [])).toBe('12:');
  });

  it('treats toppings as a set: order and repeats do not make another line', () => {
    expect(lineKey(12, [5, 3, 5])).toBe(lineKey(12, [3, 5]));
    expect(lineKey(12, [3])).not.toBe(lineKey(12, [3, 5]));
    expect(lineKey(1, [23])).not.toBe(lineKey(12, [3]));
    // Numeric, not text, order: 10 after 9.
    expect(sortedChoiceIds([10, 9, 9])).toEqual([9, 10]);
  });
});

describe('applyOps: the cart the user sees', () => {
  it('is the server cart when nothing waits, every line marked synced', () => {
    const base = serverCart(item(7, PHO, 2), item(8, TRA, 1));
    const view = applyOps(base, []);
    expect(view.items.map((l) => [l.id, l.key, l.quantity, l.pending])).toEqual([
      [7, '10:', 2, false],
      [8, '11:', 1, false],
    ]);
    expect(view).toMatchObject({ restaurant_id: 1, item_count: 3, subtotal: 105000 });
  });

  it('adds to an existing line and marks it pending, keeping its server id', () => {
    const view = applyOps(serverCart(item(7, PHO, 2)), queue(EMPTY_CART, add(PHO, 3)));
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ id: 7, quantity: 5, line_total: 250000, pending: true });
    expect(view.item_count).toBe(5);
  });

  it('shows a new line locally, without a server id, priced with its toppings', () => {
    const view = applyOps(EMPTY_CART, queue(EMPTY_CART, add(PHO_EXTRA, 2)));
    expect(view).toMatchObject({
      restaurant_id: 1,
      restaurant_name: 'Phở Thìn',
      item_count: 2,
      subtotal: 116000,
    });
    expect(view.items[0]).toMatchObject({
      id: null,
      key: '10:3,5',
      food_name: 'Phở bò',
      price: 58000,
      base_price: 50000,
      line_total: 116000,
      pending: true,
      available: true,
      toppings: PHO_EXTRA.toppings,
    });
  });

  it('keeps the same dish with other toppings as another line', () => {
    const view = applyOps(serverCart(item(7, PHO, 1)), queue(EMPTY_CART, add(PHO_EXTRA, 1)));
    expect(view.items.map((l) => l.key)).toEqual(['10:', '10:3,5']);
  });

  it('sets, removes and clears', () => {
    const base = serverCart(item(7, PHO, 2), item(8, TRA, 1));
    expect(applyOps(base, queue(base, set(PHO, 9))).items[0]).toMatchObject({
      quantity: 9,
      pending: true,
    });
    expect(applyOps(base, queue(base, remove(TRA))).items.map((l) => l.key)).toEqual(['10:']);
    const cleared = applyOps(base, queue(base, clear));
    expect(cleared).toEqual({
      restaurant_id: null,
      restaurant_name: null,
      items: [],
      item_count: 0,
      subtotal: 0,
    });
  });

  it('frees the cart for any restaurant once its last line is removed, as the server does', () => {
    const base = serverCart(item(7, PHO, 1));
    const view = applyOps(base, queue(base, remove(PHO), add(BUN, 2)));
    expect(view).toMatchObject({ restaurant_id: 2, restaurant_name: 'Bún chả Hương Liên' });
    expect(view.items.map((l) => l.key)).toEqual(['20:']);
  });

  it('switches restaurant after a clear', () => {
    const base = serverCart(item(7, PHO, 1), item(8, TRA, 4));
    const view = applyOps(base, queue(base, clear, add(BUN, 1)));
    expect(view.restaurant_id).toBe(2);
    expect(view.items).toEqual([expect.objectContaining({ key: '20:', id: null, quantity: 1 })]);
  });

  it('does not show what the server is bound to refuse', () => {
    const base = serverCart(item(7, PHO, 98));
    // Another restaurant's dish into a non-empty cart: CART_OTHER_RESTAURANT.
    expect(applyOps(base, queue(base, add(BUN, 1))).items.map((l) => l.key)).toEqual(['10:']);
    // More than 99 of a line: CART_QUANTITY_LIMIT.
    expect(applyOps(base, queue(base, add(PHO, 2))).items[0]?.quantity).toBe(98);
    expect(applyOps(base, queue(base, add(PHO, 1))).items[0]?.quantity).toBe(99);
  });

  it('refuses a 51st line, like the server', () => {
    const lines = Array.from({ length: 50 }, (_, i) =>
      item(i + 1, { ...TRA, food_id: 100 + i }, 1),
    );
    const base = serverCart(...lines);
    expect(applyOps(base, queue(base, add(PHO, 1))).items).toHaveLength(50);
  });

  it('shows a sent op whose reply has not come yet', () => {
    const view = applyOps(serverCart(item(7, PHO, 1)), [sent(add(PHO, 2))]);
    expect(view.items[0]).toMatchObject({ quantity: 3, pending: true });
  });

  it('keeps the server line order, new lines last', () => {
    const base = serverCart(item(7, PHO, 1), item(8, TRA, 1));
    const view = applyOps(base, queue(base, add(PHO_EXTRA, 1), set(PHO, 4)));
    expect(view.items.map((l) => l.key)).toEqual(['10:', '11:', '10:3,5']);
  });
});

describe('enqueueOp: merging per line while waiting', () => {
  it('keeps only the last of several sets', () => {
    const base = serverCart(item(7, PHO, 1));
    const ops = queue(base, set(PHO, 2), set(PHO, 3), set(PHO, 5));
    expect(summary(ops)).toEqual(['set 10: 5']);
  });

  it('turns add then set of a new line into one add of the final quantity', () => {
    const ops = queue(EMPTY_CART, add(PHO, 1), set(PHO, 4));
    expect(summary(ops)).toEqual(['add 10: 4']);
  });

  it('keeps a set (not an add) after an add to a line the server already has', () => {
    // An add of 4 would give 1 + 4 on the server.
    const base = serverCart(item(7, PHO, 1));
    expect(summary(queue(base, add(PHO, 1), set(PHO, 4)))).toEqual(['set 10: 4']);
  });

  it('cancels add then remove of a new line: nothing is left to send', () => {
    const ops = queue(EMPTY_CART, add(PHO, 2), remove(PHO));
    expect(ops).toEqual([]);
  });

  it('keeps the remove after an add to a line the server has', () => {
    const base = serverCart(item(7, PHO, 1));
    expect(summary(queue(base, add(PHO, 2), remove(PHO)))).toEqual(['remove 10:']);
  });

  it('sums adds, and adds onto a set', () => {
    expect(summary(queue(EMPTY_CART, add(PHO, 1), add(PHO, 2)))).toEqual(['add 10: 3']);
    const base = serverCart(item(7, PHO, 1));
    expect(summary(queue(base, set(PHO, 4), add(PHO, 2)))).toEqual(['set 10: 6']);
  });

  it('turns remove then add into a set of the added quantity', () => {
    const base = serverCart(item(7, PHO, 5));
    const ops = queue(base, remove(PHO), add(PHO, 2));
    expect(summary(ops)).toEqual(['set 10: 2']);
    expect(applyOps(base, ops).items[0]?.quantity).toBe(2);
  });

  it('drops every waiting change before a clear', () => {
    const base = serverCart(item(7, PHO, 1));
    const ops = queue(base, add(TRA, 1), set(PHO, 3), clear, add(BUN, 1));
    expect(summary(ops)).toEqual(['clear', 'add 20: 1']);
    // Two clears in a row are one.
    expect(summary(queue(base, clear, clear))).toEqual(['clear']);
  });

  it('does not merge across a clear', () => {
    const base = serverCart(item(7, PHO, 1));
    const ops = queue(base, set(PHO, 3), clear, add(PHO, 2));
    expect(summary(ops)).toEqual(['clear', 'add 10: 2']);
    expect(applyOps(base, ops).items[0]?.quantity).toBe(2);
  });

  it('keeps changes to other lines apart, merged op at the end', () => {
    const base = serverCart(item(7, PHO, 1), item(8, TRA, 1));
    const ops = queue(base, set(PHO, 2), set(TRA, 3), set(PHO, 4));
    expect(summary(ops)).toEqual(['set 11: 3', 'set 10: 4']);
  });

  it('never merges into the op in flight', () => {
    const base = serverCart(item(7, PHO, 1));
    const head = sent(set(PHO, 2));
    const second = createOp(set(PHO, 3));
    const result = enqueueOp([head], second, base);
    expect(result.ops[0]).toBe(head);
    expect(summary(result.ops)).toEqual(['set 10: 2', 'set 10: 3']);
    expect(result).toMatchObject({ carrier: second.id, merged: [], dropped: [] });
  });

  it('leaves the op in flight before a clear', () => {
    const head = sent(add(PHO, 1));
    const waiting = createOp(add(TRA, 1));
    const cleared = createOp(clear);
    const result = enqueueOp([head, waiting], cleared, EMPTY_CART);
    expect(result.ops).toEqual([head, cleared]);
    expect(result.dropped).toEqual([waiting.id]);
  });

  it('keeps the remove when the line exists only through the op in flight', () => {
    // The sent add will create the line on the server; dropping the remove would leave it there.
    const ops = [sent(add(PHO, 1))];
    const after = [add(PHO, 1), remove(PHO)].reduce(
      (acc, change) => enqueueOp(acc, createOp(change), EMPTY_CART).ops,
      ops,
    );
    expect(summary(after)).toEqual(['add 10: 1', 'remove 10:']);
    expect(applyOps(EMPTY_CART, after).items).toEqual([]);
  });

  it('tells which op now carries the change and which ones it replaced', () => {
    const base = serverCart(item(7, PHO, 1));
    const first = createOp(set(PHO, 2));
    const second = createOp(set(PHO, 3));
    const merged = enqueueOp(enqueueOp([], first, base).ops, second, base);
    expect(merged).toMatchObject({ carrier: second.id, merged: [first.id], dropped: [] });
    // The carrier keeps the new op's fresh idempotency key.
    expect(merged.ops[0]?.key).toBe(second.key);

    const added = createOp(add(BUN, 1));
    const removed = createOp(remove(BUN));
    const gone = enqueueOp(enqueueOp([], added, EMPTY_CART).ops, removed, EMPTY_CART);
    expect(gone).toMatchObject({ ops: [], carrier: null, merged: [], dropped: [added.id] });
  });

  it('gives every op its own id and idempotency key', () => {
    const ops = queue(EMPTY_CART, add(PHO, 1), add(TRA, 1), add(BUN, 1));
    expect(new Set(ops.flatMap((op) => [op.id, op.key])).size).toBe(ops.length * 2);
  });
});

describe('merging keeps what the user sees', () => {
  // Whatever merges, the view after the merged ops equals the view after every change applied
  // one by one: merging is only ever a shorter way to the same cart.
  const base = serverCart(item(7, PHO, 2), item(8, TRA, 1));
  const changes = [
    add(PHO, 1),
    set(PHO, 4),
    remove(TRA),
    add(TRA, 2),
    add(PHO_EXTRA, 1),
    set(PHO_EXTRA, 3),
    remove(PHO_EXTRA),
    clear,
    add(BUN, 2),
    set(BUN, 1),
  ];

  it.each(changes.map((_, n) => n + 1))('after the first %i changes', (n) => {
    const unmerged = changes.slice(0, n).map((change) => createOp(change));
    const merged = queue(base, ...changes.slice(0, n));
    // Line order is not part of it: a merged op may update a line the unmerged ones re-create.
    const strip = (view: ReturnType<typeof applyOps>) =>
      view.items.map((l) => `${l.key}×${l.quantity}`).sort();
    expect(strip(applyOps(base, merged))).toEqual(strip(applyOps(base, unmerged)));
    expect(merged.length).toBeLessThanOrEqual(n);
  });
});
