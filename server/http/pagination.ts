import type { Pagination } from '../../contract/envelope';

/** The pagination block every paged reply carries (design.md section 4). */
export function pagination(page: number, perPage: number, total: number): Pagination {
  const totalPages = Math.ceil(total / perPage);
  return { page, per_page: perPage, total, total_pages: totalPages, has_next: page < totalPages };
}

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;
