import { describe, expect, it } from 'vitest';
import { backoffDelay, LIVE_BACKOFF } from '#src/lib/live/backoff';

describe('backoffDelay', () => {
  it('doubles its ceiling from 0.5 s up to 30 s', () => {
    const highest = (attempt: number) => backoffDelay(attempt, LIVE_BACKOFF, () => 0.999_999);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(highest)).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('draws anywhere between 0.5 s and the ceiling (full jitter), never below 0.5 s', () => {
    expect(backoffDelay(6, LIVE_BACKOFF, () => 0)).toBe(500);
    expect(backoffDelay(6, LIVE_BACKOFF, () => 0.5)).toBe(15_250);
    const draws = Array.from({ length: 200 }, () => backoffDelay(4));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...draws)).toBeLessThanOrEqual(8000);
    expect(new Set(draws).size).toBeGreaterThan(50);
  });
});
