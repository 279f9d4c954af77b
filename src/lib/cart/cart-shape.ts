import type { Cart, CartItem, CartTopping } from '#contract/cart';
import type { LineOption } from '#contract/options';
import { toppingOptions } from './cart-ops';

// The cart reply read without zod: the cart is on the first load's path (the badge, the sync at
// start), and zod alone would cost about 15 KB gzip there (design.md section 7). The server
// answers through contract/cart.ts's CartSchema; this only refuses what is not a cart at all.

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isTopping(value: unknown): value is CartTopping {
  return isRecord(value) && isInt(value.id) && isText(value.name) && isInt(value.price);
}

function isLineOption(value: unknown): value is LineOption {
  return isTopping(value) && isText((value as Json).group);
}

function isItem(value: unknown): value is CartItem {
  return (
    isRecord(value) &&
    isInt(value.id) &&
    isInt(value.food_id) &&
    isText(value.food_name) &&
    (value.food_image === null || isText(value.food_image)) &&
    isText(value.restaurant_name) &&
    isInt(value.price) &&
    isInt(value.base_price) &&
    isInt(value.quantity) &&
    Array.isArray(value.topping_ids) &&
    value.topping_ids.every(isInt) &&
    Array.isArray(value.toppings) &&
    value.toppings.every(isTopping) &&
    isInt(value.line_total) &&
    typeof value.available === 'boolean' &&
    (value.option_ids === undefined ||
      (Array.isArray(value.option_ids) && value.option_ids.every(isInt))) &&
    (value.options === undefined ||
      (Array.isArray(value.options) && value.options.every(isLineOption))) &&
    (value.note === undefined || isText(value.note)) &&
    (value.unavailable_reason === undefined ||
      value.unavailable_reason === null ||
      isText(value.unavailable_reason))
  );
}

type ChoiceFields = 'option_ids' | 'options' | 'note' | 'unavailable_reason';

/**
 * A line's choices, note and reason are filled in when absent: a server of the version before
 * them (during a rolling update) and a cart saved by the app before them mean a line without.
 */
function withChoices(item: CartItem): CartItem {
  const line: Omit<CartItem, ChoiceFields> & Partial<Pick<CartItem, ChoiceFields>> = item;
  return {
    ...item,
    option_ids: line.option_ids ?? line.topping_ids,
    options: line.options ?? toppingOptions(line.toppings),
    note: line.note ?? '',
    unavailable_reason: line.unavailable_reason ?? null,
  };
}

/** The cart of a reply's `data`, or null when it is not one. */
export function readCart(value: unknown): Cart | null {
  if (
    !isRecord(value) ||
    !(value.restaurant_id === null || isInt(value.restaurant_id)) ||
    !(value.restaurant_name === null || isText(value.restaurant_name)) ||
    !Array.isArray(value.items) ||
    !value.items.every(isItem) ||
    !isInt(value.item_count) ||
    !isInt(value.subtotal)
  ) {
    return null;
  }
  return {
    restaurant_id: value.restaurant_id,
    restaurant_name: value.restaurant_name,
    items: value.items.map(withChoices),
    item_count: value.item_count,
    subtotal: value.subtotal,
  };
}
