/**
 * The restaurant's order list often runs on a tablet pinned at the counter that nobody touches
 * between orders: it fetches itself again every 30 s, so a newly paid order shows up on its
 * own. Only while the page is visible; a hidden tab or a sleeping screen costs no requests.
 */
export const STAFF_ORDERS_REFRESH_MS = 30_000;

export const staffListRefresh = {
  refetchInterval: STAFF_ORDERS_REFRESH_MS,
  refetchIntervalInBackground: false,
} as const;
