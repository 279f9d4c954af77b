import type { Pagination } from '#contract/envelope';

/**
 * The pagination block every paged reply carries (design.md section 4). `exact` false: `total`
 * was counted only up to a horizon past this page and is a lower bound (has_next stays exact).
 */
export function pagination(page: number, perPage: number, total: number, exact = true): Pagination {
  const totalPages = Math.ceil(total / perPage);
  return {
    page,
    per_page: perPage,
    total,
    total_exact: exact,
    total_pages: totalPages,
    has_next: page < totalPages,
  };
}

/** How far past a page large lists are counted: ten more pages, and one row to spare. */
export const countHorizon = (page: number, perPage: number) => (page + 10) * perPage + 1;

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;
