/**
 * 'Hết hôm nay' of a dish or an option: sold out while `sold_out_until` is still ahead. Decided
 * here, in JavaScript, against the caller's clock rather than with now() in SQL: the statements
 * that read the column stay plain reads that the embedded database's read cache may keep
 * (decision 032), and their rows change only when the column does, so a sold-out that ends by
 * itself is never served stale from that cache.
 */
export function isSoldOut(soldOutUntil: Date | null, now: Date): boolean {
  return soldOutUntil !== null && soldOutUntil.getTime() > now.getTime();
}

/** When a sold-out dish or option sells again (ISO), or null when it is not sold out now. */
export function availableAgainAt(soldOutUntil: Date | null, now: Date): string | null {
  return isSoldOut(soldOutUntil, now) ? soldOutUntil!.toISOString() : null;
}
