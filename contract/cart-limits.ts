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
/**
 * The most one order may come to before a coupon, in đồng: far above any meal (a party of fifty
 * at the dearest dishes), and far below what the orders' integer columns hold (2^31 - 1), which
 * fifty lines of 99 dishes at the 10,000,000 ₫ price cap would otherwise pass.
 */
export const ORDER_MAX_SUBTOTAL = 50_000_000;

export const EMPTY_CART: Cart = {
  restaurant_id: null,
  restaurant_name: null,
  items: [],
  item_count: 0,
  subtotal: 0,
};
