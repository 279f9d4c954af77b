import { describe, expect, it } from 'vitest';
import { findInvalidText, isCleanText, normalizeInput } from '#server/lib/normalize';

describe('normalizeInput', () => {
  it('turns decomposed Vietnamese into NFC at every depth', () => {
    const nfd = (s: string) => s.normalize('NFD');
    const input = {
      name: nfd('Bún chả'),
      items: [nfd('Phở'), { note: nfd('Không hành') }],
      quantity: 2,
      paid: false,
      nothing: null,
    };
    expect(normalizeInput(input)).toEqual({
      name: 'Bún chả',
      items: ['Phở', { note: 'Không hành' }],
      quantity: 2,
      paid: false,
      nothing: null,
    });
    expect(normalizeInput(input).name).not.toBe(input.name);
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(normalizeInput({ at: date }).at).toBe(date);
  });
});

describe('findInvalidText', () => {
  it('finds a NUL or a lone surrogate in a value or a key, at any depth, and names its path', () => {
    expect(findInvalidText({ a: 'ok', b: ['fine', { c: 'x\u0000y' }] })).toEqual(['b', '1', 'c']);
    expect(findInvalidText({ list: ['\ud800'] })).toEqual(['list', '0']);
    expect(findInvalidText({ 'k\udc00': 1 })).toEqual(['k\udc00']);
    expect(findInvalidText('\u0000')).toEqual([]);
  });

  it('passes clean text, emoji (a surrogate pair) and non-text values', () => {
    expect(findInvalidText({ name: 'Phở 🍜', n: 1, ok: true, none: null, at: new Date(0) })).toBe(
      null,
    );
    expect(isCleanText('🍜')).toBe(true);
    expect(isCleanText('\ud83c')).toBe(false);
    expect(isCleanText('\udf5c🍜')).toBe(false);
  });
});
