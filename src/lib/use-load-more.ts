import { useEffect, useEffectEvent } from 'react';

// Behind src/components/infinite-list-footer.tsx (the home grid, the orders, the inbox) and the
// search results.

/** Spec section 9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_MARGIN_PX = 100;

export interface LoadMoreOptions {
  /** Watch at all: false once the last page is in. */
  enabled: boolean;
  /**
   * Changes when a page has arrived. The position is then checked at once, so a page too short
   * to scroll still brings the next one. A failed page changes nothing: it is tried again on the
   * next scroll, not in a tight loop.
   */
  resetKey: unknown;
}

/**
 * The bottom of the page itself, not of the list: what sits below the list (its footer, the
 * page's padding, the mobile navigation's room) would otherwise bring the next page early.
 */
function isNearBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - LOAD_MORE_MARGIN_PX;
}

/**
 * Calls `onLoadMore` when the page is scrolled within 100 px of its bottom (spec section 9), on
 * scroll and resize and when a page has arrived. `onLoadMore` decides whether a request may
 * start (none while one runs), so a burst of scroll events asks once.
 */
export function useLoadMore(onLoadMore: () => void, { enabled, resetKey }: LoadMoreOptions): void {
  const loadMore = useEffectEvent(onLoadMore);

  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (isNearBottom()) loadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, resetKey]);
}
