import { paths } from '#src/config/paths';

/** /search?q={text}, or /search when the text is blank (spec 2.6). */
export function searchPath(query: string): string {
  const q = query.trim();
  return q === '' ? paths.search : `${paths.search}?${new URLSearchParams({ q }).toString()}`;
}
