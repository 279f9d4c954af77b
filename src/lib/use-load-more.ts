import { useEffect, useEffectEvent, useState } from 'react';

// Behind src/components/infinite-list-footer.tsx (the home grid, the orders list).

/** Spec section 9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_MARGIN_PX = 100;

export interface LoadMoreOptions {
  /** Watch at all: false once the last page is in. */
  enabled: boolean;
  /**
   * Changes when a page has arrived (the page count). The watch then starts anew and reports at
   * once, so a page too short to scroll still brings the next one. A failed page changes
   * nothing: it is tried again when the bottom comes back into reach, not in a tight loop.
   */
  resetKey: unknown;
  margin?: number;
}

/**
 * Calls `onLoadMore` when the element given to the returned ref comes within `margin` px of the
 * bottom of the viewport: an IntersectionObserver, or the scroll position in old browsers.
 */
export function useLoadMore(
  onLoadMore: () => void,
  { enabled, resetKey, margin = LOAD_MORE_MARGIN_PX }: LoadMoreOptions,
): (element: Element | null) => void {
  const [element, setElement] = useState<Element | null>(null);
  const loadMore = useEffectEvent(onLoadMore);

  useEffect(() => {
    if (!element || !enabled) return;
    if (typeof IntersectionObserver === 'undefined') {
      const check = () => {
        if (element.getBoundingClientRect().top <= window.innerHeight + margin) loadMore();
      };
      check();
      window.addEventListener('scroll', check, { passive: true });
      window.addEventListener('resize', check);
      return () => {
        window.removeEventListener('scroll', check);
        window.removeEventListener('resize', check);
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, resetKey, margin]);

  return setElement;
}
