import { CART_MAX_QUANTITY, CART_MIN_QUANTITY } from '#contract/cart-limits';

/** Spec sections 5 and 9: a quantity never goes below 1. */
export const MIN_QUANTITY = CART_MIN_QUANTITY;
/** The server's bound (contract/cart.ts), so the stepper never offers what the cart refuses. */
export const MAX_QUANTITY = CART_MAX_QUANTITY;

/** Spec 2.6 and 2.9: the dish cannot be ordered when it is unavailable or its restaurant is paused. */
export function canOrder(food: {
  available: boolean;
  restaurant: { is_active: boolean };
}): boolean {
  return food.available && food.restaurant.is_active;
}

/** A quantity brought back inside 1..99 (a whole number), whatever was asked for. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

/** One dish with the chosen toppings, times the quantity, in integer đồng. */
export function lineTotal(
  price: number,
  toppingPrices: readonly number[],
  quantity: number,
): number {
  return (price + toppingPrices.reduce((sum, each) => sum + each, 0)) * quantity;
}
