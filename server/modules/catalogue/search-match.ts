import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import {
  foldWord,
  fromTelex,
  hasDiacritics,
  oneEditAway,
  queryWords,
  toneKey,
} from '#server/lib/search-text';
import {
  selectCorrectionsInContext,
  selectDishWords,
  type DishWordRow,
  type NamePhrase,
  type TextMatch,
} from './catalogue.queries';

/**
 * A text query made into what it matches (docs/decisions/031), as tiers tried in order until one
 * finds anything: each unaccented word in its common reading (pho: phở); in every reading the
 * catalogue has (hu tieu: hủ tiếu, though hũ is the commoner word); then also a restaurant whose
 * name has the whole query as a phrase (pho hue: the street). Equal tiers are listed once.
 */
export interface SearchText {
  tiers: TextMatch[];
}

/** Words that say what kind of place a restaurant is, not which one. */
const PLACE_WORDS = new Set(['quan', 'tiem', 'nha', 'hang', 'bep']);

/** A word of at least this many letters may be a slip worth correcting. */
const MIN_CORRECTED_LENGTH = 3;

interface Vocabulary {
  byFold: Map<string, DishWordRow[]>;
}

function vocabularyOf(rows: DishWordRow[]): Vocabulary {
  const byFold = new Map<string, DishWordRow[]>();
  // Rows come most used first, so each list's head is the common reading.
  for (const row of rows) byFold.set(row.folded, [...(byFold.get(row.folded) ?? []), row]);
  return { byFold };
}

/** The catalogue's spellings of an accented word (hoà and hòa are one word). */
function sameWord(vocabulary: Vocabulary, word: string): string[] {
  const key = toneKey(word);
  return (vocabulary.byFold.get(foldWord(word)) ?? [])
    .filter((row) => toneKey(row.word) === key)
    .map((row) => row.word);
}

interface Readings {
  common: string[];
  all: string[];
}

function readingsOf(vocabulary: Vocabulary, word: string): Readings {
  // Accents typed count: 'phố' is phố, never phở.
  if (hasDiacritics(word)) {
    const same = sameWord(vocabulary, word);
    return { common: same, all: same };
  }
  const literal = (vocabulary.byFold.get(word) ?? []).map((row) => row.word);
  const telex = fromTelex(word);
  const typed = telex ? sameWord(vocabulary, telex) : [];
  return {
    common: [...new Set([...literal.slice(0, 1), ...typed])],
    all: [...new Set([...literal, ...typed])],
  };
}

/** The query names a restaurant or category through a word no dish name uses ('pasteur', 'cô'). */
function isDistinctive(vocabulary: Vocabulary, word: string): boolean {
  if (PLACE_WORDS.has(foldWord(word))) return false;
  return hasDiacritics(word)
    ? sameWord(vocabulary, word).length === 0
    : !vocabulary.byFold.has(word);
}

function phraseOf(words: string[]): { phrase: string; folded: boolean } {
  const folded = words.some((word) => !hasDiacritics(word));
  const phrase = ` ${words.join(' ')} `;
  return { phrase: folded ? foldWord(phrase) : phrase, folded };
}

export async function resolveSearchText(
  db: Kysely<DB>,
  q: string | undefined,
): Promise<SearchText | undefined> {
  if (!q?.trim()) return undefined;
  const words = queryWords(q);
  // Only punctuation, emoji or invisible characters: nothing a name could match.
  if (!words.length) {
    return { tiers: [{ words: [[]] }] };
  }
  const folds = new Set<string>();
  for (const word of words) {
    folds.add(foldWord(word));
    const telex = hasDiacritics(word) ? null : fromTelex(word);
    if (telex) folds.add(foldWord(telex));
  }
  const rows = await selectDishWords(db, [...folds]);
  let vocabulary = vocabularyOf(rows);
  let readings = words.map((word) => readingsOf(vocabulary, word));

  // One slip in a word no dish uses: the most used catalogue word one edit away ('xoe' → xèo).
  const slips = words.filter(
    (word, i) =>
      !readings[i]!.all.length && /^[a-z]+$/.test(word) && word.length >= MIN_CORRECTED_LENGTH,
  );
  const corrected = new Map<string, string>();
  if (slips.length) {
    const candidates = await selectDishWords(db, [...new Set(slips.flatMap(oneEditAway))]);
    const fixes = vocabularyOf(candidates);
    const uses = (fold: string) =>
      (fixes.byFold.get(fold) ?? []).reduce((n, row) => n + row.dishes, 0);
    // Among the candidates, those that name a dish with the rest of the query come first.
    const context = new Map<string, Set<string>>();
    for (const slip of slips) {
      const folds = oneEditAway(slip).filter((fold) => fixes.byFold.has(fold));
      const others = words
        .map((word, i) => (word === slip ? [] : readings[i]!.common))
        .filter((common) => common.length);
      context.set(
        slip,
        folds.length > 1 && others.length
          ? await selectCorrectionsInContext(
              db,
              folds.map((fold) => ({ fold, readings: fixes.byFold.get(fold)!.map((r) => r.word) })),
              others,
            )
          : new Set(),
      );
      const fits = (fold: string) => (context.get(slip)!.has(fold) ? 1 : 0);
      const best = folds.sort(
        (a, b) => fits(b) - fits(a) || uses(b) - uses(a) || a.localeCompare(b),
      )[0];
      if (best) corrected.set(slip, best);
    }
    vocabulary = vocabularyOf([...rows, ...candidates]);
    const before = readings;
    readings = words.map((word, i) => {
      const fix = corrected.get(word);
      return fix ? readingsOf(vocabulary, fix) : before[i]!;
    });
  }

  // A restaurant or a category is brought in by its name, not by one word that happens to be in
  // it: the whole name; a phrase with a word no dish uses ('co ba', 'pasteur'); a phrase of two
  // words or more when no dish name has them all ('pho hue': the street, not phở Huế). A
  // category by its whole name or a phrase of two words or more ('duong pho', 'mon an nhanh').
  const { phrase, folded } = phraseOf(words);
  const distinctive = words.some((word) => isDistinctive(vocabulary, word) && !corrected.has(word));
  const restaurant = (partial: boolean): NamePhrase => ({ phrase, folded, partial });
  const category: NamePhrase = { phrase, folded, partial: words.length > 1 };
  const named = distinctive && (words.length > 1 || [...words[0]!].length >= 3);
  const common = readings.map((r) => r.common);
  const all = readings.map((r) => r.all);
  const tiers: TextMatch[] = [
    { words: common, restaurant: restaurant(named), category },
    { words: all, restaurant: restaurant(named), category },
    { words: all, restaurant: restaurant(named || words.length > 1), category },
  ];
  const seen = new Set<string>();
  return {
    tiers: tiers.filter((tier) => {
      const key = JSON.stringify(tier);
      return !seen.has(key) && seen.add(key);
    }),
  };
}
