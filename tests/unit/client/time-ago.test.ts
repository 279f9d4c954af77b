import { describe, expect, it } from 'vitest';
import { timeAgo } from '#src/features/notifications/time-ago';

const now = Date.parse('2026-11-26T10:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("a notification's time in the inbox", () => {
  it.each([
    ['a few seconds ago', before(20_000), 'Vừa xong'],
    ['a moment ahead of this clock', before(-30_000), 'Vừa xong'],
    ['one minute ago', before(MINUTE), '1 phút trước'],
    ['59 minutes ago', before(59 * MINUTE + 59_000), '59 phút trước'],
    ['an hour ago', before(HOUR), '1 giờ trước'],
    ['23 hours ago', before(23 * HOUR), '23 giờ trước'],
    ['a day ago', before(DAY + HOUR), 'Hôm qua'],
    ['six days ago', before(6 * DAY), '6 ngày trước'],
  ])('%s reads %s', (_case, iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });

  it('gives the date on the Hà Nội calendar from a week on', () => {
    // 20:30 UTC on the 18th is 03:30 on the 19th in Hà Nội.
    expect(timeAgo('2026-11-18T20:30:00Z', now)).toBe('19/11/2026');
  });

  it('says nothing for a time it cannot read', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});
