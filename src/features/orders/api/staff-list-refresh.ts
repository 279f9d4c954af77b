import type { LiveStatus } from '#src/lib/live/live-client';

/**
 * The restaurant's order list often runs on a tablet pinned at the counter that nobody touches
 * between orders. The live connection brings new orders the moment they are paid; while it is
 * down (reconnecting, offline, a proxy that buffers the stream) the list fetches itself again
 * every 30 s as a fallback, so a newly paid order still shows up on its own. Only while the
 * page is visible; a hidden tab or a sleeping screen costs no requests.
 */
export const STAFF_ORDERS_REFRESH_MS = 30_000;

export function staffListRefresh(status: LiveStatus) {
  return {
    refetchInterval: status === 'live' ? false : STAFF_ORDERS_REFRESH_MS,
    refetchIntervalInBackground: false,
  } as const;
}
