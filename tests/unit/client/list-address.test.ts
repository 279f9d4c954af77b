import { describe, expect, it } from 'vitest';
import { listParams, pageOf } from '#src/lib/list-address';

describe('a searchable list in the address', () => {
  it('reads ?page= as a whole number from 1, anything else as the first page', () => {
    expect(pageOf('3')).toBe(3);
    expect(pageOf(null)).toBe(1);
    expect(pageOf('0')).toBe(1);
    expect(pageOf('-2')).toBe(1);
    expect(pageOf('2.5')).toBe(1);
    expect(pageOf('abc')).toBe(1);
  });

  it('writes ?q= only when searching and ?page= only past the first page', () => {
    expect(listParams('', 1).toString()).toBe('');
    expect(listParams('', 2).toString()).toBe('page=2');
    expect(listParams('phở bò', 1).toString()).toBe('q=ph%E1%BB%9F+b%C3%B2');
    expect(listParams('bún', 3).toString()).toBe('q=b%C3%BAn&page=3');
  });
});
