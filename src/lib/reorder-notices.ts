import type { ReorderNotice } from '#contract/reorder';

export type { ReorderNotice };

/**
 * What the last 'Đặt lại' could not bring back as it was, handed from the order screen to the
 * cart screen it opens: the cart takes them once and keeps them while it is open. Client state
 * of one visit, not server data, so neither the query cache (persisted) nor the URL.
 */
let pending: readonly ReorderNotice[] = [];

export function handOverReorderNotices(items: readonly ReorderNotice[]): void {
  pending = [...items];
}

export function peekReorderNotices(): readonly ReorderNotice[] {
  return pending;
}

/** Empties the hand-over: a later visit to the cart shows nothing. */
export function takeReorderNotices(): readonly ReorderNotice[] {
  const taken = pending;
  pending = [];
  return taken;
}
