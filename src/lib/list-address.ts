import type { Pagination } from '#contract/envelope';

/** design.md section 4 caps search text at 200 characters; the server refuses longer. */
export const SEARCH_MAX = 200;

/** ?page=3 in the address; anything else (not a whole number from 1 up) is the first page. */
export function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The address of a searchable list's page: ?q= only when searching, ?page= only past the first. */
export function listParams(q: string, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * A long list is counted only ten pages ahead (total_exact false, total_pages a lower bound),
 * while has_next is always exact: there is at least one page past the one shown.
 */
export function pageCount({ page, total_pages, has_next }: Pagination): number {
  return Math.max(total_pages, has_next ? page + 1 : page);
}
