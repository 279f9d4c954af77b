import type { DateRange } from './api/admin-api';

// en-CA writes dates as YYYY-MM-DD, the form the console's calls take; the day is Hà Nội's
// (design.md section 4), whatever the admin's device says.
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** From the first day of this month to today, in Hà Nội: the default of every date range. */
export function monthToDate(now: Date = new Date()): DateRange {
  const today = isoDay.format(now);
  return { start_date: `${today.slice(0, 8)}01`, end_date: today };
}
