import { pageOf, SEARCH_MAX } from '#src/lib/list-address';

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

export function readReviewView(params: URLSearchParams): ReviewView {
  return {
    page: pageOf(params.get('page')),
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

export function reviewViewParams({ page, q }: ReviewView): Record<string, string> {
  const params: Record<string, string> = {};
  if (q) params.q = q;
  if (page > 1) params.page = String(page);
  return params;
}
