import { WEEKDAYS, type OpeningHours, type Weekday } from '#contract/catalogue';

const LOCAL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const SHORT_TO_WEEKDAY: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** Weekday and minute of the day in Vietnam (no daylight saving there, but Intl knows best). */
export function localClock(at: Date): { day: Weekday; minute: number } {
  const parts = Object.fromEntries(LOCAL.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: SHORT_TO_WEEKDAY[parts.weekday!]!,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Open at `at` (Asia/Ho_Chi_Minh)? An interval whose close is before its open runs past
 * midnight: Friday 18:00-02:00 is open on Saturday until 02:00. '24:00' closes at midnight.
 */
export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const { day, minute } = localClock(at);
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;
  for (const interval of hours[day]) {
    const open = minutes(interval.open);
    const close = minutes(interval.close);
    if (close > open ? minute >= open && minute < close : minute >= open) return true;
  }
  for (const interval of hours[yesterday]) {
    const open = minutes(interval.open);
    const close = minutes(interval.close);
    if (close < open && minute < close) return true;
  }
  return false;
}
