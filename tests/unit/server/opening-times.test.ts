import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import { nextOpeningAfter, storeState } from '#server/modules/catalogue/opening-times';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
/** A moment given in Vietnam's local time (UTC+7). */
const vn = (isoLocal: string) => new Date(`${isoLocal}+07:00`);
const every = (open: string, close: string): OpeningHours =>
  Object.fromEntries(
    Object.keys(closed).map((day) => [day, [{ open, close }]]),
  ) as unknown as OpeningHours;

// 2026-11-20 is a Friday.
describe('nextOpeningAfter (Asia/Ho_Chi_Minh)', () => {
  const lunchAndDinner: OpeningHours = {
    ...closed,
    fri: [
      { open: '10:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ],
  };

  it.each([
    ['2026-11-20T08:00', '2026-11-20T10:00'],
    ['2026-11-20T12:00', '2026-11-20T17:00'],
    ['2026-11-20T14:00', '2026-11-20T17:00'],
    // Open at 17:00 already: the next opening is a week on.
    ['2026-11-20T17:00', '2026-11-27T10:00'],
    ['2026-11-20T23:00', '2026-11-27T10:00'],
    ['2026-11-23T09:00', '2026-11-27T10:00'],
  ])('at %s opens next at %s', (at, expected) => {
    expect(nextOpeningAfter(lunchAndDinner, vn(at))).toEqual(vn(expected));
  });

  it('counts from the start of the minute, whatever the seconds', () => {
    expect(nextOpeningAfter(lunchAndDinner, vn('2026-11-20T09:59:59.500'))).toEqual(
      vn('2026-11-20T10:00'),
    );
  });

  it('is tomorrow morning for a restaurant open every day, from noon or from the night', () => {
    const daily = every('07:00', '22:00');
    expect(nextOpeningAfter(daily, vn('2026-11-20T12:00'))).toEqual(vn('2026-11-21T07:00'));
    expect(nextOpeningAfter(daily, vn('2026-11-20T23:30'))).toEqual(vn('2026-11-21T07:00'));
    expect(nextOpeningAfter(daily, vn('2026-11-21T06:59'))).toEqual(vn('2026-11-21T07:00'));
  });

  it('reads an interval past midnight as isOpenAt does', () => {
    const nights: OpeningHours = { ...closed, sun: [{ open: '18:00', close: '02:00' }] };
    // Sunday night into Monday, across the end of the week.
    expect(nextOpeningAfter(nights, vn('2026-11-23T01:00'))).toEqual(vn('2026-11-29T18:00'));
    expect(nextOpeningAfter(nights, vn('2026-11-22T10:00'))).toEqual(vn('2026-11-22T18:00'));
  });

  it('does not see a reopening between back-to-back intervals', () => {
    const split: OpeningHours = {
      ...every('07:00', '14:00'),
      fri: [
        { open: '07:00', close: '14:00' },
        { open: '14:00', close: '22:00' },
      ],
    };
    expect(nextOpeningAfter(split, vn('2026-11-20T12:00'))).toEqual(vn('2026-11-21T07:00'));
  });

  it('is null for hours that never open, and for hours that never close', () => {
    expect(nextOpeningAfter(closed, vn('2026-11-20T12:00'))).toBeNull();
    expect(nextOpeningAfter(every('00:00', '24:00'), vn('2026-11-20T12:00'))).toBeNull();
  });
});

describe('storeState', () => {
  const daily = every('07:00', '22:00');
  const open = { is_active: true, opening_hours: daily, paused_until: null };

  it('is open within its hours, with nothing to say of a reopening', () => {
    expect(storeState(open, vn('2026-11-20T12:00'))).toEqual({
      is_open_now: true,
      opens_at: null,
      paused_until: null,
    });
  });

  it('outside its hours opens at the next opening', () => {
    expect(storeState(open, vn('2026-11-20T23:00'))).toEqual({
      is_open_now: false,
      opens_at: vn('2026-11-21T07:00').toISOString(),
      paused_until: null,
    });
  });

  it('while paused within its hours reopens at the end of the pause', () => {
    const until = vn('2026-11-20T12:30');
    expect(storeState({ ...open, paused_until: until }, vn('2026-11-20T12:00'))).toEqual({
      is_open_now: false,
      opens_at: until.toISOString(),
      paused_until: until.toISOString(),
    });
  });

  it('paused past closing time reopens at the next opening after the pause', () => {
    const until = vn('2026-11-20T22:30');
    expect(storeState({ ...open, paused_until: until }, vn('2026-11-20T21:45'))).toEqual({
      is_open_now: false,
      opens_at: vn('2026-11-21T07:00').toISOString(),
      paused_until: until.toISOString(),
    });
  });

  it('forgets a pause that has ended, with no job to clear it', () => {
    const ended = { ...open, paused_until: '2026-11-20T04:59:00.000Z' };
    expect(storeState(ended, vn('2026-11-20T12:00'))).toEqual({
      is_open_now: true,
      opens_at: null,
      paused_until: null,
    });
  });

  it('has no reopening when switched off by hand or when it never opens', () => {
    expect(storeState({ ...open, is_active: false }, vn('2026-11-20T12:00')).opens_at).toBeNull();
    expect(storeState({ ...open, opening_hours: closed }, vn('2026-11-20T12:00'))).toEqual({
      is_open_now: false,
      opens_at: null,
      paused_until: null,
    });
  });

  it('reads days missing from the stored hours as closed', () => {
    expect(storeState({ ...open, opening_hours: {} }, vn('2026-11-20T12:00'))).toEqual({
      is_open_now: false,
      opens_at: null,
      paused_until: null,
    });
    const fridays = { fri: [{ open: '10:00', close: '14:00' }] } as unknown as OpeningHours;
    expect(nextOpeningAfter(fridays, vn('2026-11-20T08:00'))).toEqual(vn('2026-11-20T10:00'));
  });
});

describe('nextOpeningAfter, for a dish sold out today', () => {
  // 2026-11-20 is a Friday.
  it('while open, is the next morning, not the end of today', () => {
    expect(nextOpeningAfter(every('07:00', '21:00'), vn('2026-11-20T12:34:56'))).toEqual(
      vn('2026-11-21T07:00'),
    );
  });

  it('before opening, is today at opening time', () => {
    expect(nextOpeningAfter(every('07:00', '21:00'), vn('2026-11-20T05:00'))).toEqual(
      vn('2026-11-20T07:00'),
    );
  });

  it('at the very minute of opening, is the next day (strictly after)', () => {
    expect(nextOpeningAfter(every('07:00', '21:00'), vn('2026-11-20T07:00'))).toEqual(
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
    const hours: OpeningHours = every('18:00', '02:00');
    expect(nextOpeningAfter(hours, vn('2026-11-21T01:00'))).toEqual(vn('2026-11-21T18:00'));
  });

  it('reads the clock in Vietnam: 23:30 UTC is already the next local day', () => {
    // 2026-11-20T23:30Z is Saturday 06:30 in Vietnam.
    expect(nextOpeningAfter(every('07:00', '21:00'), new Date('2026-11-20T23:30:00Z'))).toEqual(
      vn('2026-11-21T07:00'),
    );
  });

  it('is null for a restaurant with no hours at all', () => {
    expect(nextOpeningAfter(closed, vn('2026-11-20T12:00'))).toBeNull();
  });
});
