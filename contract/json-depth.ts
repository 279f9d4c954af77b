/**
 * The deepest nesting a JSON text may have (objects and arrays count one level each). No
 * request of the app nests past six levels (a restaurant's opening hours); 32 leaves room while
 * keeping every recursive walk of a parsed body (normalising, validation) far from the stack's
 * limit, which a 20,000-level body would otherwise reach.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether a JSON text nests deeper than `max`, read from the raw text without parsing or
 * recursion, so a hostile body is refused before anything walks it. Brackets inside strings do
 * not count; the text need not be valid JSON (JSON.parse judges that afterwards).
 */
export function jsonTooDeep(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}
