/**
 * Vietnamese text arrives both precomposed (NFC) and decomposed (NFD, e.g. from macOS and
 * some Android keyboards). Normalising every input string to NFC means "Phở" typed either way
 * is stored, compared and searched as the same text.
 */
export function normalizeInput<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => normalizeInput(item)) as T;
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = normalizeInput(item);
    return out as T;
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The path of the first text (a value or a key) that no column can hold: a NUL character, which
 * PostgreSQL's text refuses, or a lone UTF-16 surrogate (a `\ud800` escape in JSON), which is
 * not Unicode at all. null when every text is clean. Bodies reach here with a bounded depth
 * (the JSON parser refuses deep nesting first), so the recursion is safe.
 */
export function findInvalidText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInvalidText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isCleanText(key)) return [...path, key];
      const found = findInvalidText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}
