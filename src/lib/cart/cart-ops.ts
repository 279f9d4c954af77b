import type { Cart, CartItem, CartTopping } from '#contract/cart';
import type { LineOption } from '#contract/options';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '#contract/cart-limits';
import { TOPPINGS_GROUP_NAME } from '#contract/option-words';
import { lineKey, sortedChoiceIds } from './line-key';

/**
 * The pure half of the offline cart (design.md section 6): the changes waiting in the outbox,
 * how a new change merges into them, and the cart they make on top of the server's.
 */

export type CartLineView = Omit<CartItem, 'id'> & {
  /** Server line id; null while the line exists only locally (added offline). */
  id: number | null;
  /** lineKey(food_id, topping_ids + option_ids, note) */
  key: string;
  /** A change to this line waits in the outbox. */
  pending: boolean;
};

export type CartView = Omit<Cart, 'items'> & { items: CartLineView[] };

/**
 * What the client knows of a line without asking the server: enough to show it while it waits
 * and to add it again. `price` is the unit price (choices included) the screen showed when the
 * change was made, so a changed price can be told apart when the server answers. The choices
 * and the note are optional: a change saved by a version of the app before them has none, and
 * means a line without any.
 */
export interface LineDetails {
  food_id: number;
  /** The chosen toppings (spec), sorted, without repeats. */
  topping_ids: number[];
  /** The chosen options of the dish's groups, toppings aside; sorted, without repeats. */
  option_ids?: number[];
  /** Every choice by group, in the dish's group order, toppings last (as the server lists them). */
  options?: LineOption[];
  /** Trimmed; '' for none. */
  note?: string;
  /** The delivery location when the change was made, sent with the add for the area check. */
  location?: { lat: number; lon: number };
  food_name: string;
  food_image: string | null;
  restaurant_id: number | null;
  restaurant_name: string;
  base_price: number;
  toppings: CartTopping[];
  price: number;
}

/** The add-to-cart body (contract/cart.ts's CartAddBodySchema) as the outbox sends it. */
export interface AddBody {
  food_id: number;
  quantity: number;
  topping_ids: number[];
  option_ids: number[];
  note: string;
  lat?: number;
  lon?: number;
}

/** A request exactly as sent: a retry repeats it byte for byte, under the same key. */
export interface CartRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API prefix, e.g. 'customer/cart/update/17/'. */
  path: string;
  json?: AddBody | { quantity: number };
}

interface OpBase {
  /** Local id, for the outbox and for whoever waits on the outcome. */
  id: string;
  /** Idempotency-Key (design.md section 4), kept across retries. */
  key: string;
  created_at: string;
  /**
   * Set, in the same IndexedDB write, just before the first send. From then on the server may
   * have applied the change: the op is never merged into, and every retry sends this request.
   */
  request?: CartRequest;
  /** How often the op was re-addressed after its line moved on the server (see the engine). */
  readdressed?: number;
}

/** Adds `quantity` to the line, as the server's add does. */
export type AddOp = OpBase & {
  op: 'add';
  line: string;
  payload: { quantity: number };
  details: LineDetails;
};
/** Makes the line hold `quantity`, creating it when the server does not have it. */
export type SetOp = OpBase & {
  op: 'set';
  line: string;
  payload: { quantity: number };
  details: LineDetails;
};
/** Removes the line, if the server has it. */
export type RemoveOp = OpBase & {
  op: 'remove';
  line: string;
  payload: Record<string, never>;
  details: LineDetails;
};
export type ClearOp = OpBase & { op: 'clear'; line: null; payload: Record<string, never> };

export type CartOp = AddOp | SetOp | RemoveOp | ClearOp;

type Fresh<T> = T extends CartOp ? Omit<T, 'id' | 'key' | 'created_at' | 'request'> : never;
/** A change as the actions describe it, before it gets its ids. */
export type CartChange = Fresh<CartOp>;

function randomId(): string {
  return crypto.randomUUID();
}

export function createOp(change: CartChange, now: Date = new Date()): CartOp {
  return {
    ...change,
    id: randomId(),
    key: randomId(),
    created_at: now.toISOString(),
  };
}

/**
 * The key of a server line: its option_ids may repeat its topping ids, which changes nothing. A
 * cart persisted by the app before choices existed has neither option_ids nor note.
 */
export function itemKey(
  item: Pick<CartItem, 'food_id' | 'topping_ids'> & Partial<Pick<CartItem, 'option_ids' | 'note'>>,
): string {
  return lineKey(item.food_id, [...item.topping_ids, ...(item.option_ids ?? [])], item.note ?? '');
}

/** The key of a line as a change describes it. */
export function detailsKey(details: LineDetails): string {
  return lineKey(
    details.food_id,
    [...details.topping_ids, ...(details.option_ids ?? [])],
    details.note ?? '',
  );
}

/** The toppings as a line's options list them, for a change saved before options existed. */
export function toppingOptions(toppings: readonly CartTopping[]): LineOption[] {
  return toppings.map((t) => ({
    id: t.id,
    group: TOPPINGS_GROUP_NAME,
    name: t.name,
    price: t.price,
  }));
}

function toLineView(item: CartItem): CartLineView {
  return { ...item, key: itemKey(item), pending: false };
}

/**
 * The cart the user sees: the last server cart with the waiting changes replayed on top, as
 * the server would apply them. A change the server is bound to refuse (another restaurant's
 * dish, more than 99 of a dish, a 51st line) changes nothing here either, so the screen never
 * promises what the replay cannot keep.
 */
export function applyOps(base: Cart, ops: readonly CartOp[]): CartView {
  let restaurantId = base.restaurant_id;
  let restaurantName = base.restaurant_name;
  let lines = base.items.map(toLineView);
  const touched = new Set<string>();

  const upsert = (details: LineDetails, key: string, quantity: (current: number) => number) => {
    const index = lines.findIndex((line) => line.key === key);
    const current = lines[index];
    if (current) {
      const next = quantity(current.quantity);
      if (next > CART_MAX_QUANTITY) return;
      lines = lines.with(index, { ...current, quantity: next, line_total: current.price * next });
      return;
    }
    const next = quantity(0);
    if (next > CART_MAX_QUANTITY || lines.length >= CART_MAX_LINES) return;
    if (
      lines.length > 0 &&
      details.restaurant_id !== null &&
      restaurantId !== null &&
      details.restaurant_id !== restaurantId
    ) {
      return;
    }
    if (lines.length === 0) {
      restaurantId = details.restaurant_id;
      restaurantName = details.restaurant_name;
    }
    lines = [
      ...lines,
      {
        id: null,
        key,
        pending: true,
        food_id: details.food_id,
        food_name: details.food_name,
        food_image: details.food_image,
        restaurant_name: details.restaurant_name,
        price: details.price,
        base_price: details.base_price,
        quantity: next,
        topping_ids: details.topping_ids,
        toppings: details.toppings,
        option_ids: sortedChoiceIds(details.topping_ids, details.option_ids ?? []),
        options: details.options ?? toppingOptions(details.toppings),
        note: details.note ?? '',
        line_total: details.price * next,
        available: true,
        unavailable_reason: null,
      },
    ];
  };

  for (const op of ops) {
    switch (op.op) {
      case 'clear':
        lines = [];
        break;
      case 'add':
        upsert(op.details, op.line, (current) => current + op.payload.quantity);
        break;
      case 'set':
        upsert(op.details, op.line, () => op.payload.quantity);
        break;
      case 'remove':
        lines = lines.filter((line) => line.key !== op.line);
        break;
    }
    if (op.line !== null) touched.add(op.line);
    // The server frees an empty cart for any restaurant (remove of the last line, clear).
    if (lines.length === 0) {
      restaurantId = null;
      restaurantName = null;
    }
  }

  const items = lines.map((line) =>
    touched.has(line.key) === line.pending ? line : { ...line, pending: touched.has(line.key) },
  );
  return {
    restaurant_id: items.length > 0 ? restaurantId : null,
    restaurant_name: items.length > 0 ? restaurantName : null,
    items,
    item_count: items.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: items.reduce((sum, line) => sum + line.line_total, 0),
  };
}

export interface EnqueueResult {
  ops: CartOp[];
  /** The op that now carries the change; null when it cancelled out (add, then remove). */
  carrier: string | null;
  /** Waiting ops merged into the carrier: whoever waits on them waits on the carrier now. */
  merged: string[];
  /** Waiting ops that will never be sent (cleared, or cancelled out). */
  dropped: string[];
}

/** The one op that merges `previous` (waiting, same line) and `next`; null: nothing is left. */
function combine(
  previous: AddOp | SetOp | RemoveOp,
  next: AddOp | SetOp | RemoveOp,
  existedBefore: boolean,
): AddOp | SetOp | RemoveOp | null {
  if (next.op === 'remove') {
    // The line only existed through the waiting add: removing it leaves nothing to send.
    if (previous.op === 'add' && !existedBefore) return null;
    return next;
  }
  if (next.op === 'set') {
    // add then set: one add with the final quantity when the add created the line.
    if (previous.op === 'add' && !existedBefore) {
      return { ...next, op: 'add', payload: { quantity: next.payload.quantity } };
    }
    return next;
  }
  // next is an add
  if (previous.op === 'add') {
    return { ...next, payload: { quantity: previous.payload.quantity + next.payload.quantity } };
  }
  if (previous.op === 'set') {
    return {
      ...next,
      op: 'set',
      payload: { quantity: previous.payload.quantity + next.payload.quantity },
    };
  }
  // remove then add: the line ends with just the added dishes, whatever the server holds.
  return { ...next, op: 'set', payload: { quantity: next.payload.quantity } };
}

/**
 * Puts a new change into the outbox, merged per line with the change still waiting for it:
 * several sets keep the last; add then set is one add of the final quantity; add then remove
 * is nothing; a clear drops every change waiting before it. Only the head can have been sent
 * (ops go one at a time, in order) and a sent op is never merged into: the server may already
 * have applied it, and its retry must send the very same request.
 *
 * The merged op takes the place of the newer change (the end of the queue); that is the order
 * in which the user made it, and the server sees the line's final state either way.
 */
export function enqueueOp(ops: readonly CartOp[], op: CartOp, base: Cart): EnqueueResult {
  const sentCount = ops[0]?.request ? 1 : 0;
  const sent = ops.slice(0, sentCount);
  const waiting = ops.slice(sentCount);

  if (op.op === 'clear') {
    return { ops: [...sent, op], carrier: op.id, merged: [], dropped: waiting.map((o) => o.id) };
  }

  const index = waiting.findLastIndex((o) => o.line === op.line);
  const previous = waiting[index];
  // A clear after it would have dropped it: a waiting op on this line is after the last clear.
  if (!previous || previous.op === 'clear') {
    return { ops: [...ops, op], carrier: op.id, merged: [], dropped: [] };
  }
  const before = applyOps(base, [...sent, ...waiting.slice(0, index)]);
  const existedBefore = before.items.some((line) => line.key === op.line);
  const merged = combine(previous, op, existedBefore);
  const rest = waiting.filter((o) => o.id !== previous.id);
  return merged
    ? { ops: [...sent, ...rest, merged], carrier: merged.id, merged: [previous.id], dropped: [] }
    : { ops: [...sent, ...rest], carrier: null, merged: [], dropped: [previous.id] };
}

/** The server line a line key names in a cart, if it has one. */
export function findLine(cart: Cart, key: string): CartItem | undefined {
  return cart.items.find((item) => itemKey(item) === key);
}
