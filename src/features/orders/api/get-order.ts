import { queryOptions } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import { http, type ApiReply } from '#src/lib/http';
import { ORDERS_QUERY_KEY, ORDERS_STALE_TIME_MS } from '#src/lib/orders-query-key';
import { persistedQuery } from '#src/lib/query-client';
import { ordersEndpoint, type OrderKind } from './get-orders';

/** GET /api/customer/orders/{id}/ or /api/staff/orders/{id}/. */
export async function getOrder(kind: OrderKind, id: number, signal?: AbortSignal): Promise<Order> {
  const reply = await http.get(`${ordersEndpoint(kind)}${id}/`, { signal }).json<ApiReply<Order>>();
  if (!reply.data) throw new Error('Order reply without data');
  return reply.data;
}

export const orderQueries = {
  /** Persisted (design.md section 6), so an order seen once reads offline. */
  detail: (kind: OrderKind, id: number) =>
    queryOptions({
      queryKey: [...ORDERS_QUERY_KEY, 'detail', kind, id] as const,
      queryFn: ({ signal }) => getOrder(kind, id, signal),
      staleTime: ORDERS_STALE_TIME_MS,
      ...persistedQuery,
    }),
};
