/**
 * The items of the pages loaded so far, each once: offset paging can repeat an item when the
 * list shifts between two pages (a new order, a dish that moved up).
 */
export function uniqueById<T extends { id: number }>(
  pages: readonly { items: readonly T[] }[],
): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
