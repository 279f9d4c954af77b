import type { Cart, CartItem } from '#contract/cart';

/** A cart as GET /api/customer/cart/ returns it (contract/cart.ts), for the checkout tests. */

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const toppings = overrides.toppings ?? [
    { id: 101, name: 'Trứng chần', price: 5_000 },
    { id: 102, name: 'Quẩy', price: 3_000 },
  ];
  return {
    id: 501,
    food_id: 12,
    food_name: 'Phở bò tái lăn',
    food_image: '/uploads/foods/pho.webp',
    restaurant_name: 'Phở Thìn Lò Đúc',
    price: 53_000,
    base_price: 45_000,
    quantity: 2,
    topping_ids: [101, 102],
    toppings,
    // As the server lists them: the toppings are the line's 'Topping' group.
    option_ids: toppings.map((topping) => topping.id),
    options: toppings.map((topping) => ({ ...topping, group: 'Topping' })),
    note: '',
    line_total: 106_000,
    available: true,
    unavailable_reason: null,
    ...overrides,
  };
}

/** Two lines of one restaurant: 2 x 53.000 (with toppings) + 1 x 45.000 = 151.000. */
export function makeCart(overrides: Partial<Cart> = {}): Cart {
  return {
    restaurant_id: 3,
    restaurant_name: 'Phở Thìn Lò Đúc',
    items: [
      makeCartItem(),
      makeCartItem({
        id: 502,
        food_id: 15,
        food_name: 'Bún chả Hà Nội',
        food_image: null,
        price: 45_000,
        base_price: 45_000,
        quantity: 1,
        topping_ids: [],
        toppings: [],
        line_total: 45_000,
      }),
    ],
    item_count: 3,
    subtotal: 151_000,
    ...overrides,
  };
}

export const EMPTY: Cart = {
  restaurant_id: null,
  restaurant_name: null,
  items: [],
  item_count: 0,
  subtotal: 0,
};
