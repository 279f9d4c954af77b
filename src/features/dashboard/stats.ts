import type { Review } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import { vi } from '#src/i18n/staff-home';
import { formatOneDecimal, formatUpToOneDecimal, formatWhole } from '#src/lib/format';

const text = vi.dashboard;

/**
 * Spec section 9 'Dashboard': the average over the reviews the dashboard fetched (the newest
 * 10), not over every review, with one decimal in the vi-VN way ('4,3'); null without reviews.
 */
export function averageRating(reviews: readonly Pick<Review, 'rating'>[]): number | null {
  if (reviews.length === 0) return null;
  return reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
}

export function formatAverage(average: number | null): string {
  return average === null ? text.noRating : formatOneDecimal(average);
}

export function formatCount(count: number): string {
  return formatWhole(count);
}

/** A long list is counted only so far ahead (total_exact false): its total is a lower bound. */
export function formatTotal({ total, total_exact }: Pick<Pagination, 'total' | 'total_exact'>) {
  return total_exact ? formatCount(total) : text.atLeast(formatCount(total));
}

/**
 * A tick of the chart's đồng axis with its unit in words, '25 nghìn', '1,2 triệu', '1,5 tỷ': the
 * compact notation's '25 N' and '1,2 Tr' are not read as money by everyone.
 */
export function formatVndTick(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e9) return text.axisUnits.billions(formatUpToOneDecimal(value / 1e9));
  if (size >= 1e6) return text.axisUnits.millions(formatUpToOneDecimal(value / 1e6));
  if (size >= 1e3) return text.axisUnits.thousands(formatUpToOneDecimal(value / 1e3));
  return formatWhole(value);
}
