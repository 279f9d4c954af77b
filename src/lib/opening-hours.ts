import type { Interval, OpeningHours, Weekday } from '#contract/catalogue';
import { vi } from '../i18n/vi';
import { vietnamWallClock } from './vietnam-time';

// Opening hours for display (design.md section 5): times are 'HH:MM' in Asia/Ho_Chi_Minh as the
// restaurant entered them, a close before the open runs past midnight and stays written that way
// ('18:00–02:00'), and '00:00'-'24:00' is the whole day. Whether the restaurant is open right now
// is the server's answer (is_open_now), never recomputed here.

const text = vi.openingHours;

/**
 * Monday first, as a Vietnamese week is written. The same list as the contract's WEEKDAYS,
 * repeated rather than imported: that import would bring zod into every screen that shows hours.
 */
const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function isWholeDay({ open, close }: Interval): boolean {
  return open === '00:00' && close === '24:00';
}

/** '07:00–14:00, 17:00–22:00', 'Cả ngày' or 'Đóng cửa'. */
export function formatIntervals(intervals: readonly Interval[]): string {
  if (intervals.length === 0) return text.closed;
  if (intervals.some(isWholeDay)) return text.allDay;
  return [...intervals]
    .sort((a, b) => a.open.localeCompare(b.open))
    .map(({ open, close }) => `${open}–${close}`)
    .join(', ');
}

/** 'Thứ 2: 07:00–14:00, 17:00–22:00'. */
export function formatDay(day: Weekday, intervals: readonly Interval[]): string {
  return `${text.weekdays[day]}: ${formatIntervals(intervals)}`;
}

export interface OpeningHoursLine {
  /** The days this line covers, Monday first. */
  days: Weekday[];
  /** 'Thứ 2', 'Thứ 2 – Thứ 6' or 'Hằng ngày'. */
  label: string;
  /** What formatIntervals says for each of those days. */
  hours: string;
}

/**
 * The week as a Vietnamese reader scans it on a phone: consecutive days with the same hours
 * share one line ('Thứ 2 – Thứ 6: 07:00–22:00'), a week of identical days is one 'Hằng ngày'
 * line. Days keep their Monday-first order, so a closed Monday stays its own first line.
 */
export function openingHoursLines(hours: OpeningHours): OpeningHoursLine[] {
  const lines: { first: Weekday; last: Weekday; days: Weekday[]; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const formatted = formatIntervals(hours[day]);
    const current = lines.at(-1);
    if (current?.hours === formatted) {
      current.days.push(day);
      current.last = day;
    } else {
      lines.push({ first: day, last: day, days: [day], hours: formatted });
    }
  }
  return lines.map(({ first, last, days, hours: formatted }) => {
    let label: string = text.weekdays[first];
    if (days.length === WEEKDAYS.length) label = text.everyDay;
    else if (first !== last) label = `${text.weekdays[first]} – ${text.weekdays[last]}`;
    return { days, label, hours: formatted };
  });
}

/** 'Thứ 2 – Thứ 6: 07:00–22:00'. */
export function formatLine(line: OpeningHoursLine): string {
  return `${line.label}: ${line.hours}`;
}

/** Date's weekday numbers, Sunday first. */
const BY_DAY_NUMBER: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Today's weekday where the restaurants are, whatever the device's own time zone. */
export function restaurantWeekday(now: Date = new Date()): Weekday {
  return BY_DAY_NUMBER[vietnamWallClock(now).weekday] ?? 'mon';
}
