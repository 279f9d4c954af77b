import { queryOptions } from '@tanstack/react-query';
import type { Cart } from '#contract/cart';
import { readCart } from '../lib/cart/cart-shape';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** Prefix of every cart query; persisted, so the cart shows after a reload offline. */
export const CART_QUERY_KEY = ['cart'] as const;

/** Fired on window after a successful add (spec section 4, 'Cart add'); the badge re-reads. */
export const CART_UPDATED_EVENT = 'cartUpdated';

/** GET /api/customer/cart/: the signed-in customer's cart as the server holds it. */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const reply = await http.get('customer/cart/', { signal }).json<ApiReply<unknown>>();
  // A reply of another shape is an error, not an empty cart: the badge shows 0 for it and
  // the cart screen asks to sign in again (spec 2.2, 2.11).
  const cart = readCart(reply.data);
  if (!cart) throw new Error('Cart reply of another shape');
  return cart;
}

/**
 * The last server cart of one customer: the base the outbox's changes are shown on
 * (lib/cart/use-cart.ts), and where the sync engine writes the server's replies
 * (lib/cart/cart-runtime.ts).
 */
export function cartQuery(userId: string) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, userId],
    queryFn: ({ signal }) => getCart(signal),
    ...persistedQuery,
    // The server's cart is the truth, and a persisted copy can be older than the last change
    // (the cache is written a moment after it) or than another device's: every screen that
    // shows the cart reads it again when the network allows.
    staleTime: 0,
  });
}
