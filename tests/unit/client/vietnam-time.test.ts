import { describe, expect, it } from 'vitest';
import { formatDate, formatDateThenTime, formatDateTime } from '#src/lib/format-date';
import { restaurantWeekday } from '#src/lib/opening-hours';

// What the functions wrote with Intl and the Asia/Ho_Chi_Minh zone before they read the wall
// clock as UTC+7 themselves: the same text for every moment since 1976.
const calendar = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Asia/Ho_Chi_Minh',
});
const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  timeZone: 'Asia/Ho_Chi_Minh',
});

function parts(format: Intl.DateTimeFormat, moment: Date) {
  return Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]));
}

describe('dates on the wall clock of Vietnam (UTC+7)', () => {
  // Midnight and the day's turn in Vietnam (17:00 UTC), a leap day, the year's turn, and a fixed
  // pseudo-random sweep from 1976 to 2060.
  const edges = [
    '2024-02-28T17:00:00Z',
    '2024-02-29T16:59:59Z',
    '2025-12-31T16:59:00Z',
    '2025-12-31T17:00:00Z',
    '2026-11-27T07:05:00Z',
    '1976-01-01T00:00:00Z',
  ].map((iso) => new Date(iso));
  let seed = 11;
  const start = Date.UTC(1976, 0, 1);
  const span = Date.UTC(2060, 0, 1) - start;
  const sweep = Array.from({ length: 2000 }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return new Date(start + Math.floor((seed / 2_147_483_647) * span));
  });

  it('write what Intl with the zone wrote', () => {
    for (const moment of [...edges, ...sweep]) {
      const iso = moment.toISOString();
      const day = parts(calendar, moment);
      const time = parts(clock, moment);
      expect([iso, formatDate(iso)]).toEqual([iso, `${day.day}/${day.month}/${day.year}`]);
      expect([iso, formatDateTime(iso)]).toEqual([
        iso,
        `${time.hour}:${time.minute} ${time.day}/${time.month}/${time.year}`,
      ]);
      expect([iso, formatDateThenTime(iso)]).toEqual([
        iso,
        `${time.day}/${time.month}/${time.year} ${time.hour}:${time.minute}`,
      ]);
      expect([iso, restaurantWeekday(moment)]).toEqual([iso, weekday.format(moment).toLowerCase()]);
    }
  });

  it("write '' for what is not a moment", () => {
    expect(formatDate('không phải ngày')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateThenTime('2026-13-45')).toBe('');
  });
});
