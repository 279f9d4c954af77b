import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Pagination } from '#contract/envelope';
import type { Order, OrderStatus } from '#contract/orders';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** Customers read their own orders, staff-level users their restaurant's (spec 7.4, 7.5). */
export type OrderKind = 'customer' | 'staff';
export type StatusFilter = OrderStatus | 'all';

/**
 * Spec section 9 leaves the size open; ten cards fill a phone screen and then some. Also the
 * server's default, which a customer's list relies on (it sends no per_page).
 */
export const ORDERS_PAGE_SIZE = 10;

/**
 * An order changes behind its reader's back (the kitchen accepts it, VNPay's confirmation lands,
 * the restaurant cancels and refunds), so a copy restored from IndexedDB or read a minute ago is
 * read again whenever an order screen opens; offline the copy still shows.
 */
export const ORDERS_STALE_TIME_MS = 0;

export interface OrderPage {
  items: Order[];
  pagination: Pagination;
}

export function ordersEndpoint(kind: OrderKind): string {
  return kind === 'staff' ? 'staff/orders/' : 'customer/orders/';
}

/** GET /api/customer/orders/ or /api/staff/orders/: one page, newest first. */
export async function getOrders(
  kind: OrderKind,
  { page, status }: { page: number; status: StatusFilter },
  signal?: AbortSignal,
): Promise<OrderPage> {
  // Spec 7.4 names only page for a customer's list (the server's default size is the same);
  // 7.5 names page and per_page for the staff's.
  const searchParams: Record<string, string | number> =
    kind === 'staff' ? { page, per_page: ORDERS_PAGE_SIZE } : { page };
  if (status !== 'all') searchParams.status = status;
  const reply = await http
    .get(ordersEndpoint(kind), { searchParams, signal })
    .json<ApiReply<OrderPage>>();
  if (!reply.data) throw new Error('Order list reply without data');
  return reply.data;
}

/** GET /api/customer/orders/{id}/ or /api/staff/orders/{id}/. */
export async function getOrder(kind: OrderKind, id: number, signal?: AbortSignal): Promise<Order> {
  const reply = await http.get(`${ordersEndpoint(kind)}${id}/`, { signal }).json<ApiReply<Order>>();
  if (!reply.data) throw new Error('Order reply without data');
  return reply.data;
}

export const orderQueries = {
  /**
   * Every order query (lists of both roles, details, the dashboard's latest) lives under this
   * prefix, so checkout, payments and staff actions refresh them all with one invalidation.
   */
  all: () => ['orders'] as const,
  /** Every list: both roles' and every filter's, and the dashboard's latest. */
  lists: () => [...orderQueries.all(), 'list'] as const,
  /** Persisted (design.md section 6), so the list reads offline and after a restart. */
  list: (kind: OrderKind, status: StatusFilter) =>
    infiniteQueryOptions({
      queryKey: [...orderQueries.lists(), kind, status] as const,
      queryFn: ({ pageParam, signal }) => getOrders(kind, { page: pageParam, status }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        lastPage.pagination.has_next ? lastPageParam + 1 : undefined,
      ...persistedQuery,
    }),
  /** Persisted (design.md section 6), so an order seen once reads offline. */
  detail: (kind: OrderKind, id: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'detail', kind, id] as const,
      queryFn: ({ signal }) => getOrder(kind, id, signal),
      staleTime: ORDERS_STALE_TIME_MS,
      ...persistedQuery,
    }),
};
