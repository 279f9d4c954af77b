import type { Pagination } from '#contract/envelope';

/**
 * A long list is counted only ten pages ahead (total_exact false, total_pages a lower bound),
 * while has_next is always exact: there is at least one page past the one shown.
 */
export function pageCount({ page, total_pages, has_next }: Pagination): number {
  return Math.max(total_pages, has_next ? page + 1 : page);
}

/** Read ?page= from the address: 1 unless it is a whole number from 1 up. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
