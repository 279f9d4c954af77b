/**
 * A cart line is a dish with a set of toppings (design.md section 5): the server keeps one line
 * per (food_id, sorted topping_ids), so order and repeats of the topping ids do not matter.
 */
export function sortedToppingIds(toppingIds: readonly number[]): number[] {
  return [...new Set(toppingIds)].sort((a, b) => a - b);
}

/**
 * The identity of a line, the same on the client and the server: '12:3,5' for dish 12 with
 * toppings 5 and 3, '12:' without toppings. The outbox addresses lines by it, because a line
 * added offline has no server id yet.
 */
export function lineKey(foodId: number, toppingIds: readonly number[]): string {
  return `${foodId}:${sortedToppingIds(toppingIds).join(',')}`;
}
