import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http, type ApiReply } from '../../lib/http';

/** Fired on window by whatever changes the cart (spec section 4, 'Cart add'). */
export const CART_UPDATED_EVENT = 'cartUpdated';

function countItems(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((sum, item: unknown) => {
    const quantity =
      typeof item === 'object' && item !== null ? (item as { quantity?: unknown }).quantity : 0;
    return typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0
      ? sum + quantity
      : sum;
  }, 0);
}

/**
 * The number of dishes in the cart (the sum of the lines' quantities) for the cart badge. Under
 * the 'cart' key, so whatever invalidates the cart refreshes the badge too. Spec 2.2: any error
 * counts as 0, so the query never fails and never shows a stale count after one.
 */
export const cartCountQuery = queryOptions({
  queryKey: ['cart', 'count'],
  queryFn: async ({ signal }) => {
    try {
      const reply = await http
        .get('customer/cart/', { signal })
        .json<ApiReply<{ items?: unknown } | null>>();
      return countItems(reply.data?.items);
    } catch {
      return 0;
    }
  },
});

/** Spec 2.2: refreshed on load and whenever a window-wide 'cartUpdated' event fires. */
export function useCartCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...cartCountQuery, enabled });
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: cartCountQuery.queryKey });
    };
    window.addEventListener(CART_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(CART_UPDATED_EVENT, refresh);
  }, [enabled, queryClient]);
  return enabled ? (data ?? 0) : 0;
}
