import { describe, expect, it } from 'vitest';
import judgments from '../../scripts/search-judgments.json';
import { CATEGORY_NAMES, DEMO_RESTAURANTS } from '#server/seed/catalogue-data';

// The judged query set is only a yardstick if every pair it names is a dish a customer can see:
// a misspelt name or a dish of a pending restaurant would silently lower recall for every engine.

interface Pair {
  restaurant: string;
  dish: string;
  why?: string;
}

interface Query {
  q: string;
  kind: string[];
  intent: string;
  accept: Pair[];
  reject: Pair[];
}

const KINDS = [
  'unaccented',
  'accented',
  'telex',
  'y-i',
  'typo',
  'spaces-case',
  'category',
  'restaurant',
  'short-token',
];

const queries: Query[] = judgments.queries;
const pairKey = (p: Pair) => `${p.restaurant} / ${p.dish}`;

const catalogue = new Map<string, { approved: boolean; categories: readonly string[] }>();
const duplicates: string[] = [];
for (const r of DEMO_RESTAURANTS) {
  for (const d of r.dishes) {
    const key = pairKey({ restaurant: r.name, dish: d.name });
    if (catalogue.has(key)) duplicates.push(key);
    catalogue.set(key, { approved: r.approval_status === 'approved', categories: d.categories });
  }
}

describe('search judgments: the file', () => {
  it('says what it is and searches from Hoàn Kiếm', () => {
    expect(judgments.about.length).toBeGreaterThan(200);
    expect(judgments.origin).toEqual({ lat: 21.0285, lon: 105.8542 });
  });

  it('has at least 40 queries, each asked once', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(queries.map((q) => q.q)).size).toBe(queries.length);
  });

  it('names dishes by a pair the catalogue holds once', () => {
    expect(duplicates).toEqual([]);
  });

  it('gives every query an intent, known kinds and at least one accepted dish', () => {
    for (const q of queries) {
      expect(q.q.trim(), JSON.stringify(q.q)).not.toBe('');
      expect(q.intent.length, q.q).toBeGreaterThan(10);
      expect(q.kind.length, q.q).toBeGreaterThan(0);
      for (const kind of q.kind) expect(KINDS, q.q).toContain(kind);
      expect(q.accept.length, q.q).toBeGreaterThan(0);
    }
  });

  it('covers every kind with several queries', () => {
    for (const kind of KINDS) {
      const count = queries.filter((q) => q.kind.includes(kind)).length;
      expect(count, kind).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('search judgments: every named dish', () => {
  it('exists in the demo catalogue under exactly that restaurant and dish name', () => {
    const missing = queries.flatMap((q) =>
      [...q.accept, ...q.reject]
        .filter((p) => !catalogue.has(pairKey(p)))
        .map((p) => `${q.q}: ${pairKey(p)}`),
    );
    expect(missing).toEqual([]);
  });

  it('belongs to an approved restaurant, which customers can see', () => {
    const hidden = queries.flatMap((q) =>
      [...q.accept, ...q.reject]
        .filter((p) => catalogue.get(pairKey(p))?.approved === false)
        .map((p) => `${q.q}: ${pairKey(p)}`),
    );
    expect(hidden).toEqual([]);
  });

  it('is never both accepted and rejected, nor listed twice, in one query', () => {
    for (const q of queries) {
      const accepted = q.accept.map(pairKey);
      const rejected = q.reject.map(pairKey);
      expect(new Set(accepted).size, q.q).toBe(accepted.length);
      expect(new Set(rejected).size, q.q).toBe(rejected.length);
      expect(
        rejected.filter((k) => accepted.includes(k)),
        q.q,
      ).toEqual([]);
    }
  });

  it('is rejected with a reason', () => {
    for (const q of queries) {
      for (const p of q.reject) expect(p.why?.trim(), `${q.q}: ${pairKey(p)}`).toBeTruthy();
    }
  });
});

describe('search judgments: category queries', () => {
  it('accept every visible dish of the category the chip names', () => {
    const categoryQueries = queries.filter((q) => q.kind.includes('category'));
    expect(categoryQueries.length).toBeGreaterThanOrEqual(3);
    for (const q of categoryQueries) {
      const category = CATEGORY_NAMES.find((c) => c === q.q.trim());
      if (category === undefined) continue; // an unaccented or retyped category name
      const accepted = new Set(q.accept.map(pairKey));
      const expected = [...catalogue]
        .filter(([, d]) => d.approved && d.categories.includes(category))
        .map(([key]) => key);
      expect(
        expected.filter((key) => !accepted.has(key)),
        q.q,
      ).toEqual([]);
    }
  });
});
