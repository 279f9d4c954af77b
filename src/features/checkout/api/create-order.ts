import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CreateOrderBody, Order } from '#contract/orders';
import { CART_QUERY_KEY } from '#src/api/cart';
import { orderQueries } from '#src/api/orders';
import { http, type ApiReply } from '#src/lib/http';
import { isSettled, newIdempotencyKey } from '#src/lib/idempotency-key';

interface CreateOrderData {
  id?: unknown;
  order?: Partial<Order> | null;
}

export interface CreatedOrder {
  /** Spec 7.4: read from data.order.id or data.id; null when the reply has neither. */
  id: number | null;
  message: string;
}

function idOf(data: CreateOrderData | undefined): number | null {
  const id = data?.order?.id ?? data?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** POST /api/customer/orders/: the order is built from the server's cart. */
export async function createOrder(body: CreateOrderBody, key: string): Promise<CreatedOrder> {
  const reply = await http
    .post('customer/orders/', { json: body, headers: { 'idempotency-key': key } })
    .json<ApiReply<CreateOrderData>>();
  return { id: idOf(reply.data), message: reply.message };
}

/**
 * Creates the order with one Idempotency-Key per checkout attempt (design.md section 4): a
 * retry after an unsettled send reuses it, so a lost reply never makes a second order. The key
 * is renewed once the server has settled the attempt, or when the details sent change (the
 * server would refuse the old key with another body; a second order is still impossible,
 * since creating one empties the cart it is built from).
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);

  return useMutation({
    mutationFn: (body: CreateOrderBody) => {
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.body !== fingerprint) {
        attempt.current = { key: newIdempotencyKey(), body: fingerprint };
      }
      return createOrder(body, attempt.current.key);
    },
    onSuccess: () => {
      attempt.current = null;
      // The server emptied the cart into the order.
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
    onError: (error) => {
      if (!isSettled(error)) return;
      attempt.current = null;
      // The refusal may come from a cart that changed elsewhere (another tab ordered it).
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });
}
