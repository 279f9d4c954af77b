import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { OrderStatus } from '#contract/orders';
import { REORDERABLE_STATUSES, type ReorderBody, type ReorderResult } from '#contract/reorder';
import { CART_UPDATED_EVENT, cartQuery } from '#src/api/cart';
import { cartOwnerId } from '#src/lib/cart/cart-session';
import { readCart } from '#src/lib/cart/cart-shape';
import { http, type ApiReply } from '#src/lib/http';
import { newIdempotencyKey } from '#src/lib/idempotency-key';
import { locationStore } from '#src/lib/location';
import { session } from '#src/lib/session';

/** Only a delivered or cancelled order can be ordered again (the server refuses the others). */
export function isReorderable(status: OrderStatus): boolean {
  return (REORDERABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

export interface ReorderVariables {
  orderId: number;
  /** The answer yes to the other-restaurant question: the cart is emptied first. */
  replace: boolean;
}

/**
 * POST /api/customer/orders/{id}/reorder/: the order's lines go into the cart at today's prices.
 * The stored location goes with it, as with every add, so the server checks the delivery area.
 */
export async function reorder(
  { orderId, replace }: ReorderVariables,
  location: { lat: number; lon: number } | null,
): Promise<ReorderResult> {
  const body: ReorderBody = { replace, ...(location ?? {}) };
  const reply = await http
    .post(`customer/orders/${orderId}/reorder/`, {
      json: body,
      headers: { 'idempotency-key': newIdempotencyKey() },
    })
    .json<ApiReply<ReorderResult>>();
  if (!reply.data) throw new Error('Reorder reply without data');
  return reply.data;
}

/** The reorder; its reply's cart becomes the cart query's, as a cart change's reply does. */
export function useReorder() {
  const queryClient = useQueryClient();
  const { user } = useSnapshot(session);
  const { current } = useSnapshot(locationStore);
  const location = current ? { lat: current.lat, lon: current.lon } : null;
  return useMutation({
    mutationFn: (variables: ReorderVariables) => reorder(variables, location),
    onSuccess: async (result) => {
      const userId = cartOwnerId(user);
      const cart = readCart(result);
      if (userId === null) return;
      const { queryKey } = cartQuery(userId);
      // A cart read started before the reorder would land after it with the older cart.
      await queryClient.cancelQueries({ queryKey });
      if (cart) queryClient.setQueryData(queryKey, cart);
      else void queryClient.invalidateQueries({ queryKey });
      window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    },
  });
}
