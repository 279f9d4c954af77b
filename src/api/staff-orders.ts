import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import { orderQueries } from './orders';
import { WALLET_QUERY_KEY } from './wallet';
import { http, type ApiReply } from '../lib/http';

/** The staff steps of spec section 4 and 7.5, each its own PUT under /api/staff/orders/{id}/. */
export type StaffOrderAction = 'accept' | 'done' | 'complete' | 'cancel';

export interface StaffOrderActionInput {
  action: StaffOrderAction;
  /** Only cancel carries one (the server requires it there). */
  reason?: string;
}

/** PUT /api/staff/orders/{id}/accept/ | done/ | complete/ | cancel/ {reason}. */
export async function staffOrderAction(
  id: number,
  { action, reason }: StaffOrderActionInput,
): Promise<Order | undefined> {
  const reply = await http
    .put(`staff/orders/${id}/${action}/`, action === 'cancel' ? { json: { reason } } : {})
    .json<ApiReply<Order>>();
  return reply.data;
}

/**
 * What the screen says when a step went through or was refused. Given to the hook rather than
 * to `mutate`: `mutate`'s own callbacks are dropped when the screen that asked unmounts, and the
 * live stream often reports the new status (which swaps the buttons out) before the reply.
 */
export interface StaffOrderActionFeedback {
  onSuccess?: (input: StaffOrderActionInput) => void;
  onError?: (input: StaffOrderActionInput) => void;
}

export function useStaffOrderAction(id: number, feedback: StaffOrderActionFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffOrderActionInput) => staffOrderAction(id, input),
    onSuccess: (order, input) => {
      const { queryKey } = orderQueries.detail('staff', id);
      if (order) queryClient.setQueryData(queryKey, order);
      else void queryClient.invalidateQueries({ queryKey });
      // The order moved to another tab of the list.
      void queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
      feedback.onSuccess?.(input);
    },
    // Refused: the order moved on meanwhile (the customer cancelled, another tablet accepted),
    // so the screen must show where it really is rather than the status it acted on.
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      feedback.onError?.(input);
    },
    // Completion pays the owner's wallet; either way the balance shown must be the server's.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}
