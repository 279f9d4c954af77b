import type { CartChange, CartLineView, CartView, LineDetails } from './cart-ops';
import { lineKey, sortedToppingIds } from './line-key';

/**
 * The changes each cart action puts into the outbox, built from what the screen holds (a dish
 * for an add, a cart line for the others), so a change made offline still knows how to show
 * its line and how to add it on the server.
 */

export interface AddToCartInput {
  food: {
    id: number;
    name: string;
    price: number;
    image_url: string | null;
    restaurant: { id: number; name: string };
    toppings?: readonly { id: number; name: string; price: number }[];
  };
  quantity: number;
  topping_ids: number[];
}

/** True when adding this restaurant's dish needs the other-restaurant confirmation. */
export function needsRestaurantSwitch(cart: CartView, restaurantId: number): boolean {
  return cart.items.length > 0 && cart.restaurant_id !== restaurantId;
}

/** The line as the screen shows it before the server has seen it. */
export function detailsFromFood(input: AddToCartInput): LineDetails {
  const toppingIds = sortedToppingIds(input.topping_ids);
  const toppings = toppingIds.flatMap((id) => {
    const topping = input.food.toppings?.find((t) => t.id === id);
    return topping ? [{ id: topping.id, name: topping.name, price: topping.price }] : [];
  });
  return {
    food_id: input.food.id,
    topping_ids: toppingIds,
    food_name: input.food.name,
    food_image: input.food.image_url,
    restaurant_id: input.food.restaurant.id,
    restaurant_name: input.food.restaurant.name,
    base_price: input.food.price,
    toppings,
    price: input.food.price + toppings.reduce((sum, t) => sum + t.price, 0),
  };
}

function detailsFromLine(line: CartLineView, cart: CartView): LineDetails {
  return {
    food_id: line.food_id,
    topping_ids: line.topping_ids,
    food_name: line.food_name,
    food_image: line.food_image,
    restaurant_id: cart.restaurant_id,
    restaurant_name: line.restaurant_name,
    base_price: line.base_price,
    toppings: line.toppings,
    price: line.price,
  };
}

/** An add; after the user confirmed replacing another restaurant's cart, a clear first. */
export function addChanges(input: AddToCartInput, replaceOtherRestaurant = false): CartChange[] {
  const details = detailsFromFood(input);
  const add: CartChange = {
    op: 'add',
    line: lineKey(details.food_id, details.topping_ids),
    payload: { quantity: input.quantity },
    details,
  };
  return replaceOtherRestaurant ? [clearChange(), add] : [add];
}

export function setChange(cart: CartView, line: CartLineView, quantity: number): CartChange {
  return { op: 'set', line: line.key, payload: { quantity }, details: detailsFromLine(line, cart) };
}

export function removeChange(cart: CartView, line: CartLineView): CartChange {
  return { op: 'remove', line: line.key, payload: {}, details: detailsFromLine(line, cart) };
}

export function clearChange(): CartChange {
  return { op: 'clear', line: null, payload: {} };
}
