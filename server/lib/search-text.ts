/**
 * What a search box on a phone really sends, turned into the words the catalogue is matched on.
 * One place for it, pure and unit-tested; the database side (migration 0011: search_lower,
 * search_words, search_fold) splits and folds dish names with exactly the same rules, so a word
 * typed here and a word of a dish name meet as equal strings.
 *
 * - NFC, lower case (Vietnamese capitals included), zero-width and other format characters
 *   removed, anything that is not a letter or digit a separator (so `%`, `_`, regex characters
 *   and emoji never reach SQL as anything but spaces).
 * - `mỳ`/`mì`: a syllable of consonants and a lone final y is written with i (mỳ → mì, kỷ → kỉ),
 *   both spellings being in use for the same word.
 * - Telex typed with the keyboard's Vietnamese mode off (`phowr` → phở, `bof` → bò) is read as
 *   Vietnamese when the result is a Vietnamese syllable.
 * - One slip in a word (`xoe` for xèo) is corrected against the catalogue's own vocabulary, by
 *   the caller, from the candidates `oneEditAway` lists.
 */

/** Every lower-case Vietnamese letter with a diacritic (NFC), a, ă, â... with their five tones. */
export const VIETNAMESE_LOWER =
  'àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ';
/** The same letters in capitals, position for position. */
export const VIETNAMESE_UPPER = VIETNAMESE_LOWER.toUpperCase();
/** The same letters without any diacritic (đ → d), position for position. */
export const VIETNAMESE_BASE = [...VIETNAMESE_LOWER]
  .map((c) => (c === 'đ' ? 'd' : c.normalize('NFD').replace(/[\u0300-\u036f]/g, '')))
  .join('');

/**
 * Word characters after lower-casing: ASCII digits and letters, and the Latin range up to ỹ that
 * holds every Vietnamese letter. Everything else separates words. The SQL twin uses this class.
 */
export const NOT_WORD = /[^0-9a-z\u00e0-\u1ef9]+/u;

// Zero-width spaces and joiners, the BOM, soft hyphens, bidi marks, variation selectors:
// invisible characters a paste or a keyboard leaves inside words, which must not split or change
// them. The SQL twin lists the common ones by code point.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The most words of a query that are matched; the rest of a pasted paragraph is ignored. */
export const MAX_QUERY_WORDS = 8;
/** Longer "words" are no dish words (a pasted URL, a held key) and are dropped. */
export const MAX_WORD_LENGTH = 30;

const LONE_Y = /^([bcdđghklmnprstvx]+)([yýỳỷỹỵ])$/u;
const Y_TO_I: Record<string, string> = { y: 'i', ý: 'í', ỳ: 'ì', ỷ: 'ỉ', ỹ: 'ĩ', ỵ: 'ị' };

/** mỳ → mì: the i spelling of a syllable that is consonants and a lone y. */
export function canonicalWord(word: string): string {
  const m = LONE_Y.exec(word);
  return m ? m[1]! + Y_TO_I[m[2]!]! : word;
}

/** The words of a text as both the query and the dish names are split into. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .split(NOT_WORD)
    .filter(Boolean)
    .map(canonicalWord);
}

/** The query's words: at most MAX_QUERY_WORDS, none over MAX_WORD_LENGTH, no repeats. */
export function queryWords(text: string): string[] {
  const words = searchWords(text).filter((w) => w.length <= MAX_WORD_LENGTH);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Without diacritics, đ → d: what a word is when typed without accents. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .normalize('NFC');
}

export function hasDiacritics(word: string): boolean {
  return foldWord(word) !== word;
}

// --- Telex ---

const TONES: Record<string, string> = {
  s: '\u0301',
  f: '\u0300',
  r: '\u0309',
  x: '\u0303',
  j: '\u0323',
};
const TONE_MARKS = /[\u0300\u0301\u0303\u0309\u0323]/u;

const INITIAL = '(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|b|c|d|đ|g|h|k|l|m|n|p|r|s|t|v|x)?';
const FINAL = '(?:ch|ng|nh|c|m|n|p|t)?';
// The vowel groups of Vietnamese syllables (without tone), longest first.
const NUCLEI = [
  'uyê',
  'ươi',
  'ươu',
  'uôi',
  'oai',
  'oay',
  'oeo',
  'uây',
  'uya',
  'yêu',
  'iêu',
  'ươ',
  'uô',
  'iê',
  'yê',
  'ia',
  'ua',
  'ưa',
  'ai',
  'ao',
  'au',
  'âu',
  'ay',
  'ây',
  'eo',
  'êu',
  'iu',
  'oi',
  'ôi',
  'ơi',
  'ui',
  'ưi',
  'ưu',
  'oa',
  'oă',
  'oe',
  'uê',
  'uy',
  'uơ',
  'uâ',
  'a',
  'ă',
  'â',
  'e',
  'ê',
  'i',
  'o',
  'ô',
  'ơ',
  'u',
  'ư',
  'y',
];
const SYLLABLE = new RegExp(`^${INITIAL}(${NUCLEI.join('|')})${FINAL}$`, 'u');

/** A Vietnamese syllable, tone aside: initial consonant, vowel group, final consonant. */
export function isVietnameseSyllable(word: string): boolean {
  const toneless = word.normalize('NFD').replace(TONE_MARKS, '').normalize('NFC');
  return SYLLABLE.test(toneless);
}

// Telex vowel modifiers, applied before the tone: the doubled letters and w.
const MODIFIERS: [RegExp, string][] = [
  [/^dd/, 'đ'],
  [/uow|uwow|uwo/, 'ươ'],
  [/aa/, 'â'],
  [/ee/, 'ê'],
  [/oo/, 'ô'],
  [/aw/, 'ă'],
  [/ow/, 'ơ'],
  [/uw/, 'ư'],
];

/** Where the tone mark sits: on the modified vowel, else by the common rules. */
function placeTone(word: string, mark: string): string {
  const m = new RegExp(`^(${INITIAL})(${NUCLEI.join('|')})(${FINAL})$`, 'u').exec(word);
  if (!m) return word;
  const [, initial, nucleus, final] = m as unknown as [string, string, string, string];
  let at = [...nucleus].findIndex((c) => 'ăâêôơư'.includes(c));
  if (nucleus === 'ươ' || nucleus.startsWith('ươ')) at = 1;
  if (at < 0) {
    if (nucleus.length === 1) at = 0;
    else if (final || ['oa', 'oe', 'uy'].includes(nucleus)) at = nucleus.length - 1;
    else if (nucleus.length === 3) at = 1;
    else at = 0;
  }
  const letters = [...nucleus];
  letters[at] = (letters[at]! + mark).normalize('NFC');
  return (initial + letters.join('') + final).normalize('NFC');
}

/**
 * A word typed in Telex with the Vietnamese keyboard off, as Vietnamese: `phowr` → phở,
 * `bof` → bò, `dduwowngf` → đường. null when the token has no Telex in it or is not a
 * Vietnamese syllable once read (English words stay themselves).
 */
export function fromTelex(token: string): string | null {
  if (!/^[a-z]+$/.test(token)) return null;
  let word = token;
  let mark = '';
  const last = word.at(-1)!;
  if (TONES[last] && word.length > 1 && /[aeiouy]/.test(word.slice(0, -1))) {
    mark = TONES[last];
    word = word.slice(0, -1);
  }
  for (const [pattern, replacement] of MODIFIERS) word = word.replace(pattern, replacement);
  // A lone w after the vowels: horn or breve on the group (`huong` + w → hương).
  if (/w/.test(word)) {
    word = word
      .replace(/w/g, '')
      .replace(/uo/, 'ươ')
      .replace(/o/, 'ơ')
      .replace(/u/, 'ư')
      .replace(/a/, 'ă');
  }
  if (word === token) return null;
  if (!SYLLABLE.test(word)) return null;
  return canonicalWord(mark ? placeTone(word, mark) : word);
}

/**
 * The tone of a word apart from its letters, so two spellings that put the mark on different
 * vowels (hoà, hòa) compare equal.
 */
export function toneKey(word: string): string {
  const nfd = word.normalize('NFD');
  const tone = TONE_MARKS.exec(nfd)?.[0] ?? '';
  return `${nfd.replace(TONE_MARKS, '').normalize('NFC')}|${tone}`;
}

// --- One slip ---

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away from an unaccented word: a letter deleted, inserted, replaced, or two
 * neighbours swapped (`xoe` → xeo). The caller keeps the ones the catalogue knows.
 */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of ALPHABET) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}
