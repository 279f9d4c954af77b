/**
 * The numeric id of a /food/{id} or /restaurant/{id} path, or null when the path cannot name
 * one (the server's ids are positive 32-bit integers): such a link is not found without asking.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
