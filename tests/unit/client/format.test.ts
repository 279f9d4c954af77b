import { describe, expect, it } from 'vitest';
import { formatDistance, formatVnd } from '#src/lib/format';

describe('formatVnd (spec section 9: Vietnamese locale followed by ₫)', () => {
  it.each([
    [0, '0 ₫'],
    [500, '500 ₫'],
    [45_000, '45.000 ₫'],
    [1_250_000, '1.250.000 ₫'],
    [100_000_000, '100.000.000 ₫'],
    [-20_000, '-20.000 ₫'],
  ])('%d -> %s', (amount, expected) => {
    expect(formatVnd(amount)).toBe(expected);
  });

  it('never shows fractions of a đồng', () => {
    expect(formatVnd(1999.6)).toBe('2.000 ₫');
  });
});

describe('formatDistance (under 1 km in metres, otherwise km with one decimal)', () => {
  it.each([
    [0, '0 m'],
    [0.0004, '0 m'],
    [0.05, '50 m'],
    [0.8504, '850 m'],
    [0.9994, '999 m'],
    // 999.6 m rounds to 1000 m: shown as kilometres, not as '1000 m'.
    [0.9996, '1,0 km'],
    [1, '1,0 km'],
    [1.2, '1,2 km'],
    [1.25, '1,3 km'],
    [12.34, '12,3 km'],
    [1234.5, '1.234,5 km'],
  ])('%d km -> %s', (km, expected) => {
    expect(formatDistance(km)).toBe(expected);
  });
});
