import { queryOptions } from '@tanstack/react-query';
import type { Cart } from '#contract/cart';
import { http, type ApiReply } from '../http';
import { persistedQuery } from '../query-client';
import { readCart } from './cart-shape';

/** Prefix of every cart query; persisted, so the cart shows after a reload offline. */
export const CART_QUERY_KEY = ['cart'] as const;

/** Fired on window after a successful add (spec section 4, 'Cart add'); the badge re-reads. */
export const CART_UPDATED_EVENT = 'cartUpdated';

/** The last server cart of one customer: the base the outbox's changes are shown on. */
export function cartQuery(userId: string) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, userId],
    queryFn: async ({ signal }): Promise<Cart> => {
      const reply = await http.get('customer/cart/', { signal }).json<ApiReply<unknown>>();
      // A reply of another shape is an error, not an empty cart: the badge shows 0 for it and
      // the cart screen asks to sign in again (spec 2.2, 2.11).
      const cart = readCart(reply.data);
      if (!cart) throw new Error('Cart reply of another shape');
      return cart;
    },
    ...persistedQuery,
    // The server's cart is the truth, and a persisted copy can be older than the last change
    // (the cache is written a moment after it) or than another device's: every screen that
    // shows the cart reads it again when the network allows.
    staleTime: 0,
  });
}
