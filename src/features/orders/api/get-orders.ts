import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Pagination } from '#contract/envelope';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#contract/orders';
import { vi } from '#src/i18n/vi';
import { getErrorReply, http, type ApiReply } from '#src/lib/http';
import { ORDERS_QUERY_KEY } from '#src/lib/orders-query-key';
import { persistedQuery } from '#src/lib/query-client';

/** Customers read their own orders, staff-level users their restaurant's (spec 7.4, 7.5). */
export type OrderKind = 'customer' | 'staff';
export type StatusFilter = OrderStatus | 'all';

/** Spec 2.13: customers filter by every status; staff never see pending (unpaid) orders. */
export const CUSTOMER_FILTERS: readonly StatusFilter[] = ['all', ...ORDER_STATUSES];
export const STAFF_FILTERS: readonly StatusFilter[] = CUSTOMER_FILTERS.filter(
  (filter) => filter !== 'pending',
);

/** Spec section 9 leaves the size open; ten cards fill a phone screen and then some. */
export const ORDERS_PAGE_SIZE = 10;

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
  const searchParams: Record<string, string | number> = { page, per_page: ORDERS_PAGE_SIZE };
  if (status !== 'all') searchParams.status = status;
  const reply = await http
    .get(ordersEndpoint(kind), { searchParams, signal })
    .json<ApiReply<OrderPage>>();
  if (!reply.data) throw new Error('Order list reply without data');
  return reply.data;
}

/**
 * Spec 2.13 and section 8: a staff account without a restaurant is refused with
 * RESTAURANT_NOT_LINKED; an older server only says so in words ('liên kết').
 */
export function isRestaurantNotLinked(error: unknown): boolean {
  const reply = getErrorReply(error);
  if (reply?.code === 'RESTAURANT_NOT_LINKED') return true;
  const message = typeof reply?.message === 'string' ? reply.message.toLowerCase() : '';
  return message.includes(vi.orders.linkingWord) || /\blink/.test(message);
}

export const orderListQueries = {
  /** Persisted (design.md section 6), so the list reads offline and after a restart. */
  list: (kind: OrderKind, status: StatusFilter) =>
    infiniteQueryOptions({
      queryKey: [...ORDERS_QUERY_KEY, 'list', kind, status] as const,
      queryFn: ({ pageParam, signal }) => getOrders(kind, { page: pageParam, status }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        lastPage.pagination.has_next ? lastPageParam + 1 : undefined,
      ...persistedQuery,
    }),
};
