import { useEffect, useEffectEvent } from 'react';

/** Spec section 9: the next page loads within 100 px of the bottom. */
export const NEAR_BOTTOM_PX = 100;

function isNearBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - NEAR_BOTTOM_PX;
}

/**
 * Spec section 4: scrolling within 100 px of the bottom of the page loads the next page.
 * `canLoad` is false while a request runs or when the last page is in, so a burst of scroll
 * events asks once. `contentKey` changes when a page has arrived: the position is checked again
 * then, so a page too short to scroll still brings the next one. A failed page changes nothing,
 * so it is tried again on the next scroll, never in a loop.
 */
export function useLoadMoreNearBottom(
  loadMore: () => void,
  canLoad: boolean,
  contentKey: unknown,
): void {
  const check = useEffectEvent(() => {
    if (canLoad && isNearBottom()) loadMore();
  });

  useEffect(() => {
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  useEffect(() => {
    check();
  }, [contentKey]);
}
