import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Pagination } from '#contract/envelope';
import type { StaffFood } from '#contract/staff-menu';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';

/** Spec section 9: the staff menu shows 10 dishes a page. */
export const STAFF_MENU_PAGE_SIZE = 10;

export interface StaffFoodPage {
  items: StaffFood[];
  pagination: Pagination;
}

export interface StaffFoodListParams {
  page: number;
  /** The name typed in the search box, trimmed; '' lists every dish. */
  q: string;
}

/** GET /api/staff/foods/?page&per_page=10&q: one page of the restaurant's own dishes. */
export async function getStaffFoods(
  { page, q }: StaffFoodListParams,
  signal?: AbortSignal,
): Promise<StaffFoodPage> {
  const searchParams: Record<string, string | number> = { page, per_page: STAFF_MENU_PAGE_SIZE };
  if (q !== '') searchParams.q = q;
  const reply = await http
    .get('staff/foods/', { searchParams, signal })
    .json<ApiReply<StaffFoodPage>>();
  if (!reply.data) throw new Error('Staff food list reply without data');
  return reply.data;
}

/** GET /api/staff/foods/{id}/: one dish with its categories and toppings, for the dish form. */
export async function getStaffFood(id: number, signal?: AbortSignal): Promise<StaffFood> {
  const reply = await http.get(`staff/foods/${id}/`, { signal }).json<ApiReply<StaffFood>>();
  if (!reply.data) throw new Error('Staff food reply without data');
  return reply.data;
}

export const staffFoodQueries = {
  /** Every staff dish query: what a create, edit, toggle or delete makes stale. */
  all: () => ['staff', 'foods'] as const,
  /**
   * Persisted (design.md section 6: the menu reads offline). The previous page stays on screen
   * while the next one loads, so the list and the pager do not jump on a tablet.
   */
  list: (params: StaffFoodListParams) =>
    queryOptions({
      queryKey: [...staffFoodQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => getStaffFoods(params, signal),
      placeholderData: keepPreviousData,
      ...persistedQuery,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...staffFoodQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getStaffFood(id, signal),
      ...persistedQuery,
    }),
};
