import type { Interval, OpeningHours, Weekday } from '#contract/catalogue';
import { hoursOverlap, INTERVALS_PER_DAY_MAX } from '#contract/staff-restaurant';

// The opening-hours editor as plain data (design.md section 5: several intervals a day in
// Asia/Ho_Chi_Minh, a close before the open runs past midnight, '00:00'-'24:00' the whole day).
// A time input cannot hold '24:00', so in the editor the whole day is written 00:00-00:00 and
// turned back into '24:00' when sent.

/** Monday first, as a Vietnamese week is written (the contract's WEEKDAYS). */
export const EDITOR_WEEKDAYS: readonly Weekday[] = [
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
];

export interface EditorInterval {
  /** React's key for the row; intervals are added and removed in any order. */
  key: string;
  /** 'HH:MM', or '' while the input is empty. */
  open: string;
  close: string;
}

export type EditorWeek = Record<Weekday, EditorInterval[]>;

/** What stops the week from being sent; the overlap rule is the server's own (hoursOverlap). */
export type HoursProblem = 'incomplete' | 'sameTime' | 'overlap';

const MIDNIGHT = '00:00';
const END_OF_DAY = '24:00';

let intervalCount = 0;

function editorInterval(open: string, close: string): EditorInterval {
  intervalCount += 1;
  return { key: `interval-${intervalCount}`, open, close };
}

export function toEditorWeek(hours: OpeningHours): EditorWeek {
  const week = {} as EditorWeek;
  for (const day of EDITOR_WEEKDAYS) {
    week[day] = hours[day].map(({ open, close }) =>
      editorInterval(open, close === END_OF_DAY ? MIDNIGHT : close),
    );
  }
  return week;
}

export function isWholeDay({ open, close }: Pick<EditorInterval, 'open' | 'close'>): boolean {
  return open === MIDNIGHT && close === MIDNIGHT;
}

/** Closing before the opening time means closing the next day ('HH:MM' compares as text). */
export function runsPastMidnight({ open, close }: Pick<EditorInterval, 'open' | 'close'>): boolean {
  return open !== '' && close !== '' && close < open;
}

export function nextWeekday(day: Weekday): Weekday {
  const index = EDITOR_WEEKDAYS.indexOf(day);
  return EDITOR_WEEKDAYS[(index + 1) % EDITOR_WEEKDAYS.length]!;
}

export function toOpeningHours(week: EditorWeek): OpeningHours {
  const hours = {} as OpeningHours;
  for (const day of EDITOR_WEEKDAYS) {
    hours[day] = week[day].map((interval): Interval => ({
      open: interval.open,
      close: isWholeDay(interval) ? END_OF_DAY : interval.close,
    }));
  }
  return hours;
}

/** The first reason the week cannot be saved, or null when it can. */
export function hoursProblem(week: EditorWeek): HoursProblem | null {
  const intervals = EDITOR_WEEKDAYS.flatMap((day) => week[day]);
  if (intervals.some(({ open, close }) => open === '' || close === '')) return 'incomplete';
  if (intervals.some((interval) => interval.open === interval.close && !isWholeDay(interval))) {
    return 'sameTime';
  }
  return hoursOverlap(toOpeningHours(week)) ? 'overlap' : null;
}

/**
 * A new interval: a closed day opens 07:00-22:00 (the server's default week); a day that
 * already has intervals gets an empty one for the owner to fill in.
 */
export function addInterval(week: EditorWeek, day: Weekday): EditorWeek {
  if (week[day].length >= INTERVALS_PER_DAY_MAX) return week;
  const added = week[day].length === 0 ? editorInterval('07:00', '22:00') : editorInterval('', '');
  return { ...week, [day]: [...week[day], added] };
}

export function removeInterval(week: EditorWeek, day: Weekday, key: string): EditorWeek {
  return { ...week, [day]: week[day].filter((interval) => interval.key !== key) };
}

export function setIntervalTime(
  week: EditorWeek,
  day: Weekday,
  key: string,
  field: 'open' | 'close',
  value: string,
): EditorWeek {
  return {
    ...week,
    [day]: week[day].map((interval) =>
      interval.key === key ? { ...interval, [field]: value } : interval,
    ),
  };
}
