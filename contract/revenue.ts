import { z } from 'zod';
import { okReply } from './envelope';

/** The longest range one call may ask for: a leap year, so any whole year fits. */
export const REVENUE_MAX_DAYS = 366;

export const DATE_INVALID_MESSAGE = 'Ngày không hợp lệ (định dạng YYYY-MM-DD)';
export const DATE_RANGE_MESSAGE = 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc';
export const DATE_RANGE_TOO_LONG_MESSAGE = `Khoảng thời gian tối đa ${REVENUE_MAX_DAYS} ngày`;

/** Days since 1970-01-01 of a real calendar date 'YYYY-MM-DD', or null (2026-02-30 is not one). */
export function dayNumber(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return null;
  // setUTCFullYear, unlike Date.UTC, takes years below 100 as they are. It rolls 02-30 over to
  // 03-02: a date that does not come back unchanged is impossible.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return date.getTime() / 86_400_000;
}

export const DateSchema = z
  .string({ error: DATE_INVALID_MESSAGE })
  .trim()
  .refine((value) => dayNumber(value) !== null, DATE_INVALID_MESSAGE);

/**
 * Spec 7.5 'GET revenue/': start_date and end_date, both inclusive, calendar days in
 * Asia/Ho_Chi_Minh (the dashboard sends the first and last day of the current month).
 */
export const RevenueQuerySchema = z
  .object({ start_date: DateSchema, end_date: DateSchema })
  .superRefine(({ start_date, end_date }, ctx) => checkDateRange(start_date, end_date, ctx));

/**
 * The rule of every inclusive day range: the start not after the end, at most
 * REVENUE_MAX_DAYS days; the issue is on `end_date`.
 */
export function checkDateRange(startDate: string, endDate: string, ctx: z.RefinementCtx) {
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  if (start === null || end === null) return;
  if (start > end) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: DATE_RANGE_MESSAGE });
  } else if (end - start + 1 > REVENUE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: DATE_RANGE_TOO_LONG_MESSAGE });
  }
}

export type RevenueQuery = z.infer<typeof RevenueQuerySchema>;

export const DailyRevenueSchema = z.object({
  /** 'YYYY-MM-DD', a day in Asia/Ho_Chi_Minh. */
  date: z.string(),
  /** Đồng: the total_amount of the orders completed that day. */
  revenue: z.number().int(),
  orders: z.number().int(),
});

/** Spec section 3 'Revenue summary': over completed orders, every day of the range present. */
export const RevenueSummarySchema = z.object({
  order_count: z.number().int(),
  total_revenue: z.number().int(),
  daily_revenue: z.array(DailyRevenueSchema),
});

export type RevenueSummary = z.infer<typeof RevenueSummarySchema>;

export const RevenueReplySchema = okReply(RevenueSummarySchema);
