import { describe, expect, it } from 'vitest';
import type { Interval, OpeningHours } from '#contract/catalogue';
import {
  DAY_MISSING_MESSAGE,
  HOURS_OVERLAP_MESSAGE,
  hoursOverlap,
  OpeningHoursInputSchema,
  weeklyRanges,
} from '#contract/staff-restaurant';

const CLOSED: OpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const week = (days: Partial<OpeningHours>): OpeningHours => ({ ...CLOSED, ...days });
const at = (open: string, close: string): Interval => ({ open, close });
const ALL_DAY = [at('00:00', '24:00')];

/** The issues of a refused value as [path, message] pairs. */
function issues(value: unknown): [string, string][] {
  const parsed = OpeningHoursInputSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('weeklyRanges', () => {
  it('places each interval in minutes from Monday 00:00, past midnight into the next day', () => {
    expect(
      weeklyRanges(week({ mon: [at('07:00', '14:00')], sat: [at('18:00', '02:00')] })),
    ).toEqual([
      [420, 840],
      [5 * 1440 + 1080, 6 * 1440 + 120],
    ]);
  });

  it("runs Sunday's past-midnight interval beyond the end of the week", () => {
    expect(weeklyRanges(week({ sun: [at('22:00', '03:00')] }))).toEqual([
      [6 * 1440 + 1320, 7 * 1440 + 180],
    ]);
  });

  it("reads '24:00' as the midnight that ends the day", () => {
    expect(weeklyRanges(week({ tue: ALL_DAY }))).toEqual([[1440, 2880]]);
  });
});

describe('hoursOverlap', () => {
  it.each<[string, Partial<OpeningHours>]>([
    [
      'two intervals of one day sharing an hour',
      { mon: [at('08:00', '12:00'), at('11:00', '14:00')] },
    ],
    ['an interval inside another', { wed: [at('06:00', '22:00'), at('10:00', '11:00')] }],
    ['the same interval twice', { fri: [at('10:00', '14:00'), at('10:00', '14:00')] }],
    [
      "a past-midnight interval and the next day's first",
      { mon: [at('20:00', '03:00')], tue: [at('02:00', '10:00')] },
    ],
    [
      "Saturday night running into Sunday's all-day hours",
      { sat: [at('22:00', '01:00')], sun: ALL_DAY },
    ],
    [
      "Sunday night running into Monday's morning (the week wraps)",
      { sun: [at('22:00', '03:00')], mon: [at('02:30', '09:00')] },
    ],
    ['an all-day day and another interval that day', { thu: [...ALL_DAY, at('23:00', '23:30')] }],
    [
      'an all-day Sunday and a Sunday interval past midnight',
      { sun: [...ALL_DAY, at('23:00', '01:00')] },
    ],
  ])('finds %s', (_label, days) => {
    expect(hoursOverlap(week(days))).toBe(true);
  });

  it.each<[string, Partial<OpeningHours>]>([
    ['a closed week', {}],
    ['intervals that only touch', { mon: [at('07:00', '11:00'), at('11:00', '14:00')] }],
    [
      "a past-midnight interval ending as the next day's opens",
      { mon: [at('20:00', '02:00')], tue: [at('02:00', '10:00')] },
    ],
    [
      "Sunday night ending as Monday's morning opens",
      { sun: [at('22:00', '03:00')], mon: [at('03:00', '09:00')] },
    ],
    [
      'every day open all day',
      {
        mon: ALL_DAY,
        tue: ALL_DAY,
        wed: ALL_DAY,
        thu: ALL_DAY,
        fri: ALL_DAY,
        sat: ALL_DAY,
        sun: ALL_DAY,
      },
    ],
    ["an all-day Sunday before Monday's first hour", { sun: ALL_DAY, mon: [at('00:00', '01:00')] }],
    ['lunch and a late dinner', { sat: [at('10:30', '14:00'), at('17:00', '01:30')] }],
  ])('accepts %s', (_label, days) => {
    expect(hoursOverlap(week(days))).toBe(false);
  });
});

describe('OpeningHoursInputSchema', () => {
  it('accepts a week of several intervals a day, past midnight and all-day days included', () => {
    const hours = week({
      mon: [at('07:00', '14:00'), at('17:00', '22:00')],
      fri: [at('18:00', '02:00')],
      sat: [at('02:00', '24:00')],
      sun: [at('00:00', '24:00')],
    });
    expect(OpeningHoursInputSchema.parse(hours)).toEqual(hours);
  });

  it.each<[string, unknown, [string, string][]]>([
    [
      'an hour of 25',
      week({ mon: [at('25:00', '26:00')] }),
      [
        ['mon.0.open', 'Giờ mở cửa phải có dạng HH:MM'],
        ['mon.0.close', 'Giờ đóng cửa phải có dạng HH:MM'],
      ],
    ],
    [
      'a minute of 60',
      week({ tue: [at('08:00', '21:60')] }),
      [['tue.0.close', 'Giờ đóng cửa phải có dạng HH:MM']],
    ],
    [
      "'24:30'",
      week({ tue: [at('24:30', '08:00')] }),
      [['tue.0.open', 'Giờ mở cửa phải có dạng HH:MM']],
    ],
    [
      'a time without its zero',
      week({ wed: [at('7:00', '14:00')] }),
      [['wed.0.open', 'Giờ mở cửa phải có dạng HH:MM']],
    ],
    [
      'close equal to open',
      week({ thu: [at('09:00', '09:00')] }),
      [['thu.0', 'Giờ đóng cửa phải khác giờ mở cửa']],
    ],
    [
      'overlapping intervals',
      week({ mon: [at('08:00', '12:00'), at('11:00', '14:00')] }),
      [['', HOURS_OVERLAP_MESSAGE]],
    ],
    [
      'a past-midnight interval overlapping the next day',
      week({ fri: [at('20:00', '03:00')], sat: [at('01:00', '05:00')] }),
      [['', HOURS_OVERLAP_MESSAGE]],
    ],
    [
      'Sunday night overlapping Monday morning',
      week({ sun: [at('21:00', '04:00')], mon: [at('03:00', '10:00')] }),
      [['', HOURS_OVERLAP_MESSAGE]],
    ],
    [
      'an unknown weekday',
      { ...CLOSED, funday: [at('08:00', '10:00')] },
      [['', 'Giờ mở cửa không hợp lệ']],
    ],
    ['text', 'mon 08:00-10:00', [['', 'Giờ mở cửa không hợp lệ']]],
    [
      'seven intervals in a day',
      week({
        sat: ['00', '02', '04', '06', '08', '10', '12'].map((h) => at(`${h}:00`, `${h}:30`)),
      }),
      [['sat', 'Tối đa 6 khung giờ mỗi ngày']],
    ],
  ])('refuses %s', (_label, value, expected) => {
    expect(issues(value)).toEqual(expected);
  });

  it('refuses a week with a day missing, naming the day', () => {
    const { sun: _sun, ...sixDays } = CLOSED;
    expect(issues(sixDays)).toEqual([['sun', DAY_MISSING_MESSAGE]]);
  });
});
