import { queryOptions } from '@tanstack/react-query';
import type { Pagination } from '#contract/envelope';
import type { Order } from '#contract/orders';
import { orderQueries } from '#src/api/orders';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';

/** Spec section 9 'Dashboard': 10 orders fetched, 5 shown. */
export const RECENT_ORDERS_FETCHED = 10;
export const RECENT_ORDERS_SHOWN = 5;

interface OrderPage {
  items: Order[];
  pagination: Pagination;
}

/** GET /api/staff/orders/?page=1&per_page=10 (spec 7.5): the restaurant's newest orders. */
export async function getRecentOrders(signal?: AbortSignal): Promise<Order[]> {
  const reply = await http
    .get('staff/orders/', { searchParams: { page: 1, per_page: RECENT_ORDERS_FETCHED }, signal })
    .json<ApiReply<OrderPage>>();
  if (!reply.data) throw new Error('Order list reply without data');
  return reply.data.items;
}

export const recentOrdersQuery = queryOptions({
  // Under the orders lists' prefix: a staff action on an order refreshes these too.
  queryKey: [...orderQueries.lists(), 'staff-recent'] as const,
  queryFn: ({ signal }) => getRecentOrders(signal),
  ...persistedQuery,
});
