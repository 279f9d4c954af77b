import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CART_QUERY_KEY, CART_UPDATED_EVENT } from '#src/api/cart';
import { useCart } from '#src/lib/cart/use-cart';
import { useHydrated } from '#src/lib/use-hydrated';

/**
 * Spec 2.2: the cart badge is re-read whenever a window-wide 'cartUpdated' event fires. Used
 * once, by the frame, so one event asks the server once.
 */
export function useRefreshCartOnUpdate(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    };
    window.addEventListener(CART_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(CART_UPDATED_EVENT, refresh);
  }, [enabled, queryClient]);
}

/**
 * The number of dishes in the cart (the sum of the lines' quantities) for the cart badge: the
 * same cart the cart screen shows, changes still waiting in the offline outbox included, and
 * 0 on any error (never a stale count after one, nor during the retries). Read by the components that show it, not by
 * the frame: each change of the cart (loading, refetching, a waiting change) then renders a
 * badge, not the whole header and bottom bar.
 */
export function useCartCount(enabled: boolean): number {
  // Spec 2.2: 0 on any error, from the first failed read on, not once its retries are spent.
  const { cart, readFailed } = useCart();
  // The server drew no count (it does not have the cart); hydration must draw none either.
  const hydrated = useHydrated();
  return enabled && hydrated && !readFailed ? cart.item_count : 0;
}
