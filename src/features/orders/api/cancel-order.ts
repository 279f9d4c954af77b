import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import { orderQueries } from '#src/api/orders';
import { WALLET_QUERY_KEY } from '#src/api/wallet';
import { vi } from '#src/i18n/vi';
import { http, type ApiReply } from '#src/lib/http';

/**
 * PUT /api/customer/orders/{id}/cancel/ with the reason of spec section 4. Allowed while the
 * order is pending or paid but not yet accepted; a paid one is refunded to the wallet.
 */
export async function cancelOrder(id: number): Promise<Order | undefined> {
  const reply = await http
    .put(`customer/orders/${id}/cancel/`, { json: { reason: vi.orders.customerCancelReason } })
    .json<ApiReply<Order>>();
  return reply.data;
}

/**
 * What the screen says when the cancel went through or was refused. Given to the hook rather
 * than to `mutate`, whose callbacks are dropped when the button unmounts: the live stream often
 * reports the cancel (which removes the button) before the reply.
 */
export interface CancelOrderFeedback {
  onSuccess?: () => void;
  onError?: () => void;
}

export function useCancelOrder(id: number, feedback: CancelOrderFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(id),
    onSuccess: (order) => {
      const { queryKey } = orderQueries.detail('customer', id);
      if (order) queryClient.setQueryData(queryKey, order);
      else void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
      // A paid order's money is back in the wallet.
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      feedback.onSuccess?.();
    },
    // Refused: the order has moved on (accepted meanwhile, cancelled elsewhere); show where it is.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      feedback.onError?.();
    },
  });
}
