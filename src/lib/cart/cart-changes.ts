import { TOPPINGS_GROUP_NAME } from '#contract/option-words';
import type { LineOption } from '#contract/options';
import type { CartChange, CartLineView, CartView, LineDetails } from './cart-ops';
import { detailsKey } from './cart-ops';
import { sortedChoiceIds } from './line-key';

/**
 * The changes each cart action puts into the outbox, built from what the screen holds (a dish
 * for an add, a cart line for the others), so a change made offline still knows how to show
 * its line and how to add it on the server.
 */

interface Choice {
  id: number;
  name: string;
  price: number;
}

export interface AddToCartInput {
  food: {
    id: number;
    name: string;
    price: number;
    image_url: string | null;
    restaurant: { id: number; name: string };
    toppings?: readonly Choice[];
    option_groups?: readonly { name: string; options: readonly Choice[] }[];
  };
  quantity: number;
  topping_ids: number[];
  /** Options of the dish's groups; none when omitted. */
  option_ids?: number[];
  /** The customer's note for the line ('không hành'); trimmed here, '' for none. */
  note?: string;
  /** The stored delivery location, when there is one (the server checks the delivery area). */
  location?: { lat: number; lon: number } | null;
}

/** True when adding this restaurant's dish needs the other-restaurant confirmation. */
export function needsRestaurantSwitch(cart: CartView, restaurantId: number): boolean {
  return cart.items.length > 0 && cart.restaurant_id !== restaurantId;
}

/**
 * The line as the screen shows it before the server has seen it: the chosen options by group
 * in the dish's group order, then the toppings, as the server lists a line's options.
 */
export function detailsFromFood(input: AddToCartInput): LineDetails {
  const toppingIds = sortedChoiceIds(input.topping_ids);
  const toppings = toppingIds.flatMap((id) => {
    const topping = input.food.toppings?.find((t) => t.id === id);
    return topping ? [{ id: topping.id, name: topping.name, price: topping.price }] : [];
  });
  // A topping named in option_ids too is one choice, counted once (as a topping).
  const optionIds = sortedChoiceIds(input.option_ids ?? []).filter(
    (id) => !toppingIds.includes(id),
  );
  const options: LineOption[] = (input.food.option_groups ?? []).flatMap((group) =>
    group.options
      .filter((option) => optionIds.includes(option.id))
      .map((option) => ({
        id: option.id,
        group: group.name,
        name: option.name,
        price: option.price,
      })),
  );
  for (const t of toppings) options.push({ ...t, group: TOPPINGS_GROUP_NAME });
  const details: LineDetails = {
    food_id: input.food.id,
    topping_ids: toppingIds,
    option_ids: optionIds,
    options,
    note: (input.note ?? '').trim(),
    food_name: input.food.name,
    food_image: input.food.image_url,
    restaurant_id: input.food.restaurant.id,
    restaurant_name: input.food.restaurant.name,
    base_price: input.food.price,
    toppings,
    price: input.food.price + options.reduce((sum, o) => sum + o.price, 0),
  };
  if (input.location) details.location = { lat: input.location.lat, lon: input.location.lon };
  return details;
}

function detailsFromLine(
  line: CartLineView,
  cart: CartView,
  location: AddToCartInput['location'],
): LineDetails {
  const details: LineDetails = {
    food_id: line.food_id,
    topping_ids: line.topping_ids,
    // The server lists the toppings among a line's option_ids too; the add sends them once.
    option_ids: sortedChoiceIds(line.option_ids).filter((id) => !line.topping_ids.includes(id)),
    options: line.options,
    note: line.note,
    food_name: line.food_name,
    food_image: line.food_image,
    restaurant_id: cart.restaurant_id,
    restaurant_name: line.restaurant_name,
    base_price: line.base_price,
    toppings: line.toppings,
    price: line.price,
  };
  if (location) details.location = { lat: location.lat, lon: location.lon };
  return details;
}

/** An add; after the user confirmed replacing another restaurant's cart, a clear first. */
export function addChanges(input: AddToCartInput, replaceOtherRestaurant = false): CartChange[] {
  const details = detailsFromFood(input);
  const add: CartChange = {
    op: 'add',
    line: detailsKey(details),
    payload: { quantity: input.quantity },
    details,
  };
  return replaceOtherRestaurant ? [clearChange(), add] : [add];
}

/**
 * A new quantity; the location goes with it because a line the server no longer has is added
 * again (see resolveRequest).
 */
export function setChange(
  cart: CartView,
  line: CartLineView,
  quantity: number,
  location: AddToCartInput['location'] = null,
): CartChange {
  return {
    op: 'set',
    line: line.key,
    payload: { quantity },
    details: detailsFromLine(line, cart, location),
  };
}

export function removeChange(cart: CartView, line: CartLineView): CartChange {
  return { op: 'remove', line: line.key, payload: {}, details: detailsFromLine(line, cart, null) };
}

export function clearChange(): CartChange {
  return { op: 'clear', line: null, payload: {} };
}
