import type { Pagination } from '#contract/envelope';

/**
 * Which page of /staff/reviews is shown and what it searches for live in the address
 * (?page=2&q=phở), so a reload or the back button comes back to the same reviews. Defaults are
 * left out: one view has one address.
 */
export interface ReviewView {
  page: number;
  /** Trimmed; '' for every review. */
  q: string;
}

/** design.md section 4 caps search text at 200 characters; the server refuses longer. */
export const SEARCH_MAX = 200;

export function readReviewView(params: URLSearchParams): ReviewView {
  const page = Number(params.get('page'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

export function reviewViewParams({ page, q }: ReviewView): Record<string, string> {
  const params: Record<string, string> = {};
  if (q) params.q = q;
  if (page > 1) params.page = String(page);
  return params;
}

/**
 * A long list is counted only ten pages ahead (total_exact false, total_pages a lower bound),
 * while has_next is always exact: there is at least one page past the one shown.
 */
export function pageCount({ page, total_pages, has_next }: Pagination): number {
  return Math.max(total_pages, has_next ? page + 1 : page);
}
