import { describe, expect, it } from 'vitest';
import { SEARCH_ALPHABET } from '#server/db/migrations/2026-11-27-0011-search-words';
import {
  canonicalWord,
  foldWord,
  fromTelex,
  isVietnameseSyllable,
  oneEditAway,
  queryWords,
  searchWords,
  toneKey,
  VIETNAMESE_BASE,
  VIETNAMESE_LOWER,
  VIETNAMESE_UPPER,
} from '#server/lib/search-text';

describe('searchWords', () => {
  it('lower-cases Vietnamese capitals, NFC or not, and splits on anything not a letter', () => {
    expect(searchWords('BÚN BÒ HUẾ')).toEqual(['bún', 'bò', 'huế']);
    expect(searchWords('Ốc Nóng Phố Cổ'.normalize('NFD'))).toEqual(['ốc', 'nóng', 'phố', 'cổ']);
    expect(searchWords('ĐẬU hũ, chiên-sả (ớt)!')).toEqual(['đậu', 'hũ', 'chiên', 'sả', 'ớt']);
  });

  it('collapses spaces and drops zero-width characters inside words', () => {
    expect(searchWords('  phở\u200b   bò\t\n')).toEqual(['phở', 'bò']);
    expect(searchWords('ph\u200bở\ufeff b\u00adò')).toEqual(['phở', 'bò']);
  });

  it('takes LIKE wildcards, regex characters and emoji for separators', () => {
    expect(searchWords('%_')).toEqual([]);
    expect(searchWords('.*[(\\ 🍜 phở%')).toEqual(['phở']);
    expect(searchWords('!!!???')).toEqual([]);
  });

  it('writes mỳ as mì, and a lone final y after consonants as i', () => {
    expect(searchWords('Mỳ Quảng')).toEqual(['mì', 'quảng']);
    expect(searchWords('my quang')).toEqual(['mi', 'quang']);
    expect(canonicalWord('kỷ')).toBe('kỉ');
    // Not a lone y: these keep it.
    expect(canonicalWord('cay')).toBe('cay');
    expect(canonicalWord('quý')).toBe('quý');
    expect(canonicalWord('yến')).toBe('yến');
  });
});

describe('queryWords', () => {
  it('keeps at most eight distinct words of at most 30 letters', () => {
    expect(queryWords('pho pho bo')).toEqual(['pho', 'bo']);
    expect(queryWords(`pho ${'a'.repeat(31)} bo`)).toEqual(['pho', 'bo']);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('foldWord', () => {
  it('drops every diacritic and folds đ to d', () => {
    expect(foldWord('phở')).toBe('pho');
    expect(foldWord('đường')).toBe('duong');
    expect(foldWord('xèo')).toBe('xeo');
  });

  it('agrees with the tables of the database functions', () => {
    expect(SEARCH_ALPHABET).toEqual({
      LOWER: VIETNAMESE_LOWER,
      UPPER: VIETNAMESE_UPPER,
      BASE: VIETNAMESE_BASE,
    });
    expect([...VIETNAMESE_LOWER].map(foldWord).join('')).toBe(VIETNAMESE_BASE);
    expect(VIETNAMESE_UPPER.toLowerCase()).toBe(VIETNAMESE_LOWER);
  });
});

describe('fromTelex', () => {
  it.each([
    ['phowr', 'phở'],
    ['bof', 'bò'],
    ['char', 'chả'],
    ['bun', null],
    ['xoe', null],
    ['dduwowngf', 'đường'],
    ['cas', 'cá'],
    ['mif', 'mì'],
    ['myf', 'mì'],
    ['nguowif', 'người'],
    ['banhs', 'bánh'],
    ['hoaf', 'hoà'],
    ['pizza', null],
    ['ssss', null],
  ])('reads %s as %s', (typed, expected) => {
    const read = fromTelex(typed);
    expect(read === null ? null : toneKey(read)).toBe(expected === null ? null : toneKey(expected));
  });
});

describe('toneKey', () => {
  it('compares two placements of one tone as equal, and different tones as different', () => {
    expect(toneKey('hoà')).toBe(toneKey('hòa'));
    expect(toneKey('phở')).not.toBe(toneKey('phố'));
  });
});

describe('isVietnameseSyllable', () => {
  it('knows a Vietnamese syllable from other words', () => {
    expect(isVietnameseSyllable('nghiêng')).toBe(true);
    expect(isVietnameseSyllable('phở')).toBe(true);
    expect(isVietnameseSyllable('pizza')).toBe(false);
    expect(isVietnameseSyllable('burger')).toBe(false);
  });
});

describe('oneEditAway', () => {
  it('lists swaps, deletions, insertions and replacements, never the word itself', () => {
    const edits = oneEditAway('xoe');
    expect(edits).toContain('xeo');
    expect(edits).toContain('xo');
    expect(edits).toContain('xoes');
    expect(edits).toContain('xoi');
    expect(edits).not.toContain('xoe');
    expect(oneEditAway('phoo')).toContain('pho');
  });
});
