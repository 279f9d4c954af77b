import type { Cart } from '#contract/cart';
import { vi } from '#src/i18n/first-screen';
import { formatVnd } from '../format';
import {
  findLine,
  type AddBody,
  type AddOp,
  type CartOp,
  type CartRequest,
  type SetOp,
} from './cart-ops';

/**
 * The decisions the sync engine takes with the server's answers, kept pure so each one is
 * unit-tested on its own: which request a waiting op becomes, what a failure means, what the
 * user is told.
 */

const CART = 'customer/cart';

/**
 * An add of the op's dish with its choices and note, in the op's quantity, from where the
 * customer was when the change was made (the server checks its delivery area).
 */
function addRequest(op: AddOp | SetOp): CartRequest {
  const { details } = op;
  const json: AddBody = {
    food_id: details.food_id,
    quantity: op.payload.quantity,
    topping_ids: details.topping_ids,
    option_ids: details.option_ids ?? [],
    note: details.note ?? '',
  };
  if (details.location) {
    json.lat = details.location.lat;
    json.lon = details.location.lon;
  }
  return { method: 'POST', path: `${CART}/add/`, json };
}

/**
 * The request an op becomes, addressed through the latest server cart (ops name lines by key,
 * since a line added offline has no server id). Null: nothing needs sending.
 * - remove of a line the server does not have (never synced, or removed meanwhile): dropped,
 *   the line is already gone;
 * - set of a line the server does not have: an add of that quantity, since the op carries the
 *   line's dish, choices and note (the user sees the line and means to have that many).
 */
export function resolveRequest(op: CartOp, base: Cart): CartRequest | null {
  switch (op.op) {
    case 'clear':
      return { method: 'DELETE', path: `${CART}/clear/` };
    case 'add':
      return addRequest(op);
    case 'set': {
      const line = findLine(base, op.line);
      if (!line) return addRequest(op);
      return {
        method: 'PUT',
        path: `${CART}/update/${line.id}/`,
        json: { quantity: op.payload.quantity },
      };
    }
    case 'remove': {
      const line = findLine(base, op.line);
      return line ? { method: 'DELETE', path: `${CART}/remove/${line.id}/` } : null;
    }
  }
}

/**
 * - retry: no answer (offline, timeout), asked to slow down (408, 429), or still runs the first
 *   send of this key (409 IDEMPOTENCY_IN_PROGRESS). The op stays with its key: if it was
 *   applied, the retry gets the stored reply instead of a second apply.
 * - server-error: the server answered and failed (5xx). It keeps no reply for a 5xx, so the
 *   op was not applied: a change the user waits for online fails there and then (spec section
 *   8's cart errors), one made offline earlier stays and is retried like `retry`.
 * - signed-out: a 401 the client's token refresh could not cure ended the session; nothing
 *   more is sent (signing out empties the outbox).
 * - line-gone: the server line the op was addressed to no longer exists (another tab or device).
 * - refused: the server's final no (another restaurant, unavailable dish, paused restaurant,
 *   unknown dish or topping, limits, a bad request).
 */
export type FailureKind = 'retry' | 'server-error' | 'signed-out' | 'line-gone' | 'refused';

export function classifyFailure(
  status: number | null,
  code: string | undefined,
  signedIn: boolean,
): FailureKind {
  if (status !== null && status >= 500) return 'server-error';
  if (status === null || status === 408 || status === 429) return 'retry';
  if (status === 401) return signedIn ? 'retry' : 'signed-out';
  if (status === 409 && code === 'IDEMPOTENCY_IN_PROGRESS') return 'retry';
  if (status === 404 && code === 'CART_ITEM_NOT_FOUND') return 'line-gone';
  return 'refused';
}

/**
 * Refusals about the dish itself: every later add of the same line would be refused the same
 * way, so those are dropped with it rather than each bringing its own notice.
 */
export const DISH_REFUSALS: ReadonlySet<string> = new Set([
  'CART_OTHER_RESTAURANT',
  'FOOD_UNAVAILABLE',
  'FOOD_NOT_FOUND',
  'RESTAURANT_PAUSED',
  'TOPPING_INVALID',
  'OPTION_INVALID',
  'OPTION_REQUIRED',
  'OPTION_TOO_MANY',
  'OPTION_UNAVAILABLE',
  'OUT_OF_DELIVERY_AREA',
  'RESTAURANT_BUSY',
]);

/**
 * Ops that would only repeat a dish refusal: the waiting adds and sets of the same line up to
 * the next clear, while the server does not have the line.
 */
export function opsRepeatingRefusal(ops: readonly CartOp[], refused: CartOp, base: Cart): string[] {
  if (refused.op === 'clear' || findLine(base, refused.line)) return [];
  const ids: string[] = [];
  for (const op of ops) {
    if (op.id === refused.id || op.request) continue;
    if (op.op === 'clear') break;
    if (op.line === refused.line && (op.op === 'add' || op.op === 'set')) ids.push(op.id);
  }
  return ids;
}

export interface PriceChange {
  name: string;
  from: number;
  to: number;
}

/** The server's price of a line the op added or changed, when it differs from what was shown. */
export function priceChange(op: CartOp, cart: Cart): PriceChange | null {
  if (op.op !== 'add' && op.op !== 'set') return null;
  const line = findLine(cart, op.line);
  if (!line || line.price === op.details.price) return null;
  return { name: line.food_name, from: op.details.price, to: line.price };
}

export function priceChangeText(change: PriceChange): string {
  return vi.cart.priceChanged(change.name, formatVnd(change.from), formatVnd(change.to));
}

/**
 * The notice for a change refused during a replay the user no longer waits for: it names the
 * dish, since the change may have been made minutes or days before.
 */
export function refusalText(op: CartOp, request: CartRequest | undefined, message: string): string {
  switch (op.op) {
    case 'clear':
      return vi.cart.notCleared(message);
    case 'remove':
      return vi.cart.notRemoved(op.details.food_name, message);
    case 'add':
    case 'set':
      // A set of a line the server did not have was sent as an add.
      return request?.method === 'PUT'
        ? vi.cart.notUpdated(op.details.food_name, message)
        : vi.cart.notAdded(op.details.food_name, message);
  }
}
