import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatOneDecimal,
  formatUpToOneDecimal,
  formatVnd,
  formatWhole,
} from '#src/lib/format';
import { vi } from '#src/i18n/vi';
import { vi as staffHome } from '#src/i18n/staff-home';

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

describe('formatWhole, formatOneDecimal and formatUpToOneDecimal write what Intl.NumberFormat vi-VN writes', () => {
  const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat('vi-VN', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const upToOneDecimal = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
  // Ties in both directions, values whose binary form lies below the tie (0.15, 2.45), grouping
  // at every length, negatives and the zeros Intl writes with a minus.
  const edges = [
    0, -0, 0.04, 0.05, 0.15, 0.25, 0.45, 0.5, 1.25, 1.35, 2.45, 2.5, 4.05, 4.95, 9.95, 99.95, 999.5,
    999.95, 1000, 1234.5, 99_999.95, 1_250_000, 100_000_000, 123_456_789.45, -0.3, -0.04, -2.5,
    -20_000, -1234.56, 1e-7, 4.35, 1.005, 8.25,
  ];
  // A fixed pseudo-random sweep so a failure names a value that can be replayed.
  let seed = 7;
  const sweep = Array.from({ length: 3000 }, (_, index) => {
    seed = (seed * 48_271) % 2_147_483_647;
    const scale = 10 ** (index % 9);
    return (
      Math.round((seed / 2_147_483_647) * scale * 1000) / 1000 - (index % 5 === 0 ? scale / 2 : 0)
    );
  });
  it('for the edges and a sweep of 3,000 values', () => {
    for (const value of [...edges, ...sweep]) {
      expect([value, formatWhole(value)]).toEqual([value, whole.format(value)]);
      expect([value, formatOneDecimal(value)]).toEqual([value, oneDecimal.format(value)]);
      expect([value, formatUpToOneDecimal(value)]).toEqual([value, upToOneDecimal.format(value)]);
    }
  });
});

describe('the catalogue writes its counts as toLocaleString vi-VN does, without Intl', () => {
  it.each([0, 7, 999, 1000, 1250, 1_250_000])('%d', (count) => {
    const written = count.toLocaleString('vi-VN');
    expect(vi.catalogue.reviewCount(count)).toBe(`${written} đánh giá`);
    expect(vi.search.restaurantCountAtLeast(count)).toBe(`${written}+ nhà hàng`);
    expect(vi.restaurant.sold(count)).toBe(`Đã bán ${written}`);
    expect(staffHome.live.moreNewOrders(count)).toBe(`và ${written} đơn mới khác`);
  });
});
