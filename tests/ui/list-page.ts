/**
 * One page of a list as the server sends it (contract/envelope.ts): `total` items in all,
 * `perPage` a page; a long list's total may be a lower bound (totalExact false).
 */
export function listPage<T>(
  items: T[],
  { page = 1, total = items.length, totalExact = true, hasNext = false, perPage = 10 } = {},
) {
  return {
    items,
    pagination: {
      page,
      per_page: perPage,
      total,
      total_exact: totalExact,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      has_next: hasNext,
    },
  };
}
