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
