import { queryOptions } from '@tanstack/react-query';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { getErrorReply, http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/**
 * GET /api/staff/restaurant/ (spec 7.5): the restaurant the signed-in owner or staff member
 * works for. Read by the staff dashboard, the profile's restaurant card and /staff/restaurant
 * under one key, so one edit refreshes them all.
 */
export const STAFF_RESTAURANT_QUERY_KEY = ['staff', 'restaurant'] as const;

/** The server's code for a staff-level user with no restaurant yet (create or link one). */
export const RESTAURANT_NONE_CODE = 'RESTAURANT_NONE';
/** The same refusal on the order and revenue calls, which carry the spec's own sentence. */
export const RESTAURANT_NOT_LINKED_CODE = 'RESTAURANT_NOT_LINKED';

/** True when a staff call was refused because the caller has no restaurant to work for. */
export function isNoRestaurantError(error: unknown): boolean {
  const code = getErrorReply(error)?.code;
  return code === RESTAURANT_NONE_CODE || code === RESTAURANT_NOT_LINKED_CODE;
}

/** GET /api/staff/restaurant/; null when none is linked yet (the screens offer to create one). */
export async function getStaffRestaurant(signal?: AbortSignal): Promise<StaffRestaurant | null> {
  try {
    const reply = await http.get('staff/restaurant/', { signal }).json<ApiReply<StaffRestaurant>>();
    if (!reply.data) throw new Error('Restaurant reply without data');
    return reply.data;
  } catch (error) {
    if (getErrorReply(error)?.code === RESTAURANT_NONE_CODE) return null;
    throw error;
  }
}

export const staffRestaurantQuery = queryOptions({
  queryKey: STAFF_RESTAURANT_QUERY_KEY,
  queryFn: ({ signal }) => getStaffRestaurant(signal),
  // Approval, rejection and the active switch change behind the reader's back (an admin, a
  // colleague on the tablet): read again whenever a screen opens; offline the copy shows.
  staleTime: 0,
  ...persistedQuery,
});
