import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import { nextOpeningAfter } from '#server/modules/catalogue/opening-hours';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
/** A moment given in Vietnam's local time (UTC+7). */
const vn = (isoLocal: string) => new Date(`${isoLocal}+07:00`);
const everyDay = (open: string, close: string): OpeningHours => ({
  mon: [{ open, close }],
  tue: [{ open, close }],
  wed: [{ open, close }],
  thu: [{ open, close }],
  fri: [{ open, close }],
  sat: [{ open, close }],
  sun: [{ open, close }],
});

describe('nextOpeningAfter (Asia/Ho_Chi_Minh)', () => {
  // 2026-11-20 is a Friday.
  it('while open, is the next morning, not the end of today', () => {
    expect(nextOpeningAfter(everyDay('07:00', '21:00'), vn('2026-11-20T12:34:56'))).toEqual(
      vn('2026-11-21T07:00'),
    );
  });

  it('before opening, is today at opening time', () => {
    expect(nextOpeningAfter(everyDay('07:00', '21:00'), vn('2026-11-20T05:00'))).toEqual(
      vn('2026-11-20T07:00'),
    );
  });

  it('at the very minute of opening, is the next day (strictly after)', () => {
    expect(nextOpeningAfter(everyDay('07:00', '21:00'), vn('2026-11-20T07:00'))).toEqual(
      vn('2026-11-21T07:00'),
    );
  });

  it('between lunch and dinner, is tonight', () => {
    const hours: OpeningHours = {
      ...closed,
      fri: [
        { open: '10:00', close: '14:00' },
        { open: '17:00', close: '22:00' },
      ],
    };
    expect(nextOpeningAfter(hours, vn('2026-11-20T11:00'))).toEqual(vn('2026-11-20T17:00'));
    // After dinner on Friday, the next opening is Friday next week.
    expect(nextOpeningAfter(hours, vn('2026-11-20T18:00'))).toEqual(vn('2026-11-27T10:00'));
  });

  it('skips closed days', () => {
    const hours: OpeningHours = { ...closed, mon: [{ open: '08:00', close: '20:00' }] };
    expect(nextOpeningAfter(hours, vn('2026-11-20T09:00'))).toEqual(vn('2026-11-23T08:00'));
  });

  it('after midnight inside an interval that began yesterday, is tonight', () => {
    const hours: OpeningHours = everyDay('18:00', '02:00');
    expect(nextOpeningAfter(hours, vn('2026-11-21T01:00'))).toEqual(vn('2026-11-21T18:00'));
  });

  it('reads the clock in Vietnam: 23:30 UTC is already the next local day', () => {
    // 2026-11-20T23:30Z is Saturday 06:30 in Vietnam.
    expect(nextOpeningAfter(everyDay('07:00', '21:00'), new Date('2026-11-20T23:30:00Z'))).toEqual(
      vn('2026-11-21T07:00'),
    );
  });

  it('is null for a restaurant with no hours at all', () => {
    expect(nextOpeningAfter(closed, vn('2026-11-20T12:00'))).toBeNull();
  });
});
