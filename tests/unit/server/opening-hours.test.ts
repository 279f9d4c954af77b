import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import { isOpenAt, localClock } from '#server/modules/catalogue/opening-hours';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
/** A moment given in Vietnam's local time (UTC+7). */
const vn = (isoLocal: string) => new Date(`${isoLocal}+07:00`);

describe('isOpenAt (Asia/Ho_Chi_Minh)', () => {
  it('reads the clock in Vietnam, not on the server', () => {
    // 2026-11-20 is a Friday.
    expect(localClock(new Date('2026-11-20T17:30:00Z'))).toEqual({ day: 'sat', minute: 30 });
  });

  const lunchAndDinner: OpeningHours = {
    ...closed,
    fri: [
      { open: '10:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ],
  };

  it.each([
    ['2026-11-20T09:59', false],
    ['2026-11-20T10:00', true],
    ['2026-11-20T13:59', true],
    ['2026-11-20T14:00', false],
    ['2026-11-20T17:30', true],
    ['2026-11-20T22:00', false],
    ['2026-11-21T12:00', false],
  ])('several intervals a day: %s -> %s', (at, open) => {
    expect(isOpenAt(lunchAndDinner, vn(at))).toBe(open);
  });

  const lateNight: OpeningHours = { ...closed, fri: [{ open: '18:00', close: '02:00' }] };
  it.each([
    ['2026-11-20T17:59', false],
    ['2026-11-20T23:30', true],
    ['2026-11-21T01:59', true],
    ['2026-11-21T02:00', false],
    ['2026-11-19T01:00', false],
  ])('past midnight: %s -> %s', (at, open) => {
    expect(isOpenAt(lateNight, vn(at))).toBe(open);
  });

  it('is always open with 00:00-24:00 every day', () => {
    const day = [{ open: '00:00', close: '24:00' }];
    const allDay: OpeningHours = {
      mon: day,
      tue: day,
      wed: day,
      thu: day,
      fri: day,
      sat: day,
      sun: day,
    };
    for (const at of ['2026-11-22T00:00', '2026-11-22T23:59', '2026-11-23T12:00']) {
      expect(isOpenAt(allDay, vn(at))).toBe(true);
    }
  });

  it('is closed on a day without intervals', () => {
    expect(isOpenAt(closed, vn('2026-11-22T12:00'))).toBe(false);
  });
});
