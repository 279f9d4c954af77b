import type { Food } from '../../../contract/catalogue';

/** Spec sections 5 and 9: a quantity never goes below 1. */
export const MIN_QUANTITY = 1;
/** Not in the spec: a bound so a held-down plus cannot order a restaurant's whole stock. */
export const MAX_QUANTITY = 99;

/** Spec 2.9: the dish cannot be ordered when it is unavailable or its restaurant is paused. */
export function canOrder(food: Pick<Food, 'available' | 'restaurant'>): boolean {
  return food.available && food.restaurant.is_active;
}

/** One dish with the chosen toppings, times the quantity, in integer đồng. */
export function lineTotal(
  price: number,
  toppingPrices: readonly number[],
  quantity: number,
): number {
  return (price + toppingPrices.reduce((sum, each) => sum + each, 0)) * quantity;
}
