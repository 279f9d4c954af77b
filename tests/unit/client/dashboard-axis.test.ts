import { describe, expect, it } from 'vitest';
import { formatVndTick } from '#src/features/dashboard/stats';

describe('formatVndTick, the revenue axis of the dashboard chart', () => {
  it.each([
    [0, '0'],
    [500, '500'],
    [1_000, '1 nghìn'],
    [2_500, '2,5 nghìn'],
    [25_000, '25 nghìn'],
    [500_000, '500 nghìn'],
    [1_000_000, '1 triệu'],
    [1_200_000, '1,2 triệu'],
    [2_500_000, '2,5 triệu'],
    [15_000_000, '15 triệu'],
    [1_500_000_000, '1,5 tỷ'],
  ])('says %d đồng as %s', (value, shown) => {
    expect(formatVndTick(value)).toBe(shown);
  });
});
