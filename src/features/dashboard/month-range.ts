/** The restaurant's calendar (design.md section 4): a month starts at midnight in Hà Nội. */
const TIME_ZONE = 'Asia/Ho_Chi_Minh';

// en-CA writes dates as YYYY-MM-DD, the form the revenue call takes.
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TIME_ZONE,
});

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  start_date: string;
  /** 'YYYY-MM-DD', inclusive. */
  end_date: string;
}

/**
 * Spec 7.5 'GET revenue/': the first and last day of the current month, date only. At 01:00 on
 * 1 March in Hà Nội it is still February in UTC; the restaurant's month is March.
 */
export function currentMonthRange(now: Date = new Date()): DateRange {
  const [year, month] = isoDay.format(now).split('-').map(Number) as [number, number];
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  return { start_date: `${prefix}-01`, end_date: `${prefix}-${String(lastDay).padStart(2, '0')}` };
}
