import type { Cart } from './cart';

// The cart's numbers without zod, so the client's first load can use them without carrying the
// schema library (contract/cart.ts re-exports them for everything else).

/** Spec sections 5 and 9: a line holds at least one; 99 keeps a held-down plus sane. */
export const CART_MIN_QUANTITY = 1;
export const CART_MAX_QUANTITY = 99;
/** Distinct lines (dish + toppings) a cart may hold. */
export const CART_MAX_LINES = 50;
/** Toppings of one line; a dish has far fewer, this only bounds the request. */
export const CART_MAX_TOPPINGS = 20;

export const EMPTY_CART: Cart = {
  restaurant_id: null,
  restaurant_name: null,
  items: [],
  item_count: 0,
  subtotal: 0,
};
