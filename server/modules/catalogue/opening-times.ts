import { WEEKDAYS, type OpeningHours } from '#contract/catalogue';
import { isOpenAt, localClock } from './opening-hours';

// When a restaurant takes orders again: the next opening of its week, and what customers are
// told while it is paused or closed. Vietnam keeps UTC+7 all year (no daylight saving), so
// once the wall clock of one moment is known, later moments are plain minute arithmetic.

const MINUTE_MS = 60_000;
const DAY = 24 * 60;
const WEEK = 7 * DAY;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * The hours as stored, every weekday present: a row written around the API (a bulk fixture,
 * an old import) may lack days, and a lacking day is a closed one, never a failed reply.
 */
function everyDay(hours: unknown): OpeningHours {
  const stored = (hours ?? {}) as Partial<OpeningHours>;
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, Array.isArray(stored[day]) ? stored[day] : []]),
  ) as OpeningHours;
}

/**
 * Each interval of the week as [start, end) in minutes from Monday 00:00, as isOpenAt reads
 * it: a close before the open runs past midnight, '24:00' closes at midnight.
 */
function weekRanges(hours: OpeningHours): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  WEEKDAYS.forEach((day, index) => {
    for (const interval of hours[day]) {
      const open = minutesOf(interval.open);
      const close = minutesOf(interval.close);
      const start = index * DAY + open;
      ranges.push({ start, end: index * DAY + (close > open ? close : DAY + close) });
    }
  });
  return ranges;
}

/** Whether the week-minute falls in a range, the week wrapping round (Sunday night). */
function covered(ranges: { start: number; end: number }[], minute: number): boolean {
  const m = ((minute % WEEK) + WEEK) % WEEK;
  return ranges.some(
    (r) => (m >= r.start && m < r.end) || (r.end > WEEK && m + WEEK >= r.start && m + WEEK < r.end),
  );
}

/**
 * The first moment strictly after `at` when the restaurant opens (its hours start again after
 * being closed), in Asia/Ho_Chi_Minh; null when its hours are empty every day. Back-to-back
 * intervals (07:00-14:00, 14:00-22:00) are one opening: 14:00 is not a reopening.
 */
export function nextOpeningAfter(hours: OpeningHours, at: Date): Date | null {
  const ranges = weekRanges(everyDay(hours));
  const { day, minute } = localClock(at);
  const now = WEEKDAYS.indexOf(day) * DAY + minute;
  let best: number | null = null;
  for (const { start } of ranges) {
    if (covered(ranges, start - 1)) continue;
    // 0 would be the minute `at` is in: already begun, so a week on.
    const ahead = (((start - now) % WEEK) + WEEK) % WEEK || WEEK;
    if (best === null || ahead < best) best = ahead;
  }
  if (best === null) return null;
  const minuteStart = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(minuteStart + best * MINUTE_MS);
}

/** What the catalogue says of a restaurant's store state at `now`. */
export interface StoreState {
  /** Takes orders now: active, within its hours and not paused. */
  is_open_now: boolean;
  /** When it takes orders again while it does not; null when open, or when it never opens. */
  opens_at: string | null;
  /** The end of a pause still running; null when not paused or the pause has ended. */
  paused_until: string | null;
}

/**
 * The store state of a restaurant. A pause ends by itself: a `paused_until` in the past is no
 * pause at all, so no job has to clear it. A restaurant switched off by hand (is_active false)
 * has no known reopening.
 */
export function storeState(
  restaurant: { is_active: boolean; opening_hours: unknown; paused_until: Date | string | null },
  now: Date,
): StoreState {
  const hours = everyDay(restaurant.opening_hours);
  const until = restaurant.paused_until === null ? null : new Date(restaurant.paused_until);
  const paused = until !== null && until.getTime() > now.getTime() ? until : null;
  const withinHours = isOpenAt(hours, now);
  const isOpenNow = restaurant.is_active && paused === null && withinHours;
  let opensAt: Date | null = null;
  if (!isOpenNow && restaurant.is_active) {
    const from = paused ?? now;
    opensAt = isOpenAt(hours, from) ? from : nextOpeningAfter(hours, from);
  }
  return {
    is_open_now: isOpenNow,
    opens_at: opensAt?.toISOString() ?? null,
    paused_until: paused?.toISOString() ?? null,
  };
}
