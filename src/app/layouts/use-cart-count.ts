import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CART_QUERY_KEY, CART_UPDATED_EVENT } from '../../lib/cart/cart-query';
import { useCart } from '../../lib/cart/use-cart';

export { CART_UPDATED_EVENT };

/**
 * The number of dishes in the cart (the sum of the lines' quantities) for the cart badge: the
 * same cart the cart screen shows, changes still waiting in the offline outbox included.
 * Spec 2.2: re-read on load and whenever a window-wide 'cartUpdated' event fires, and 0 on
 * any error (never a stale count after one).
 */
export function useCartCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const { cart, isError } = useCart();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    };
    window.addEventListener(CART_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(CART_UPDATED_EVENT, refresh);
  }, [enabled, queryClient]);
  return enabled && !isError ? cart.item_count : 0;
}
