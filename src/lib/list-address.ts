/** ?page=3 in the address; anything else is the first page. */
export function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of a searchable list's page: ?q= only when searching, ?page= only past the first. */
export function listParams(q: string, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}
