import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Interval, type OpeningHours } from '#contract/catalogue';
import {
  formatDay,
  formatIntervals,
  formatLine,
  openingHoursLines,
  restaurantWeekday,
} from '#src/lib/opening-hours';

const iv = (open: string, close: string): Interval => ({ open, close });

function week(every: Interval[], overrides: Partial<OpeningHours> = {}): OpeningHours {
  return {
    mon: every,
    tue: every,
    wed: every,
    thu: every,
    fri: every,
    sat: every,
    sun: every,
    ...overrides,
  };
}

const lines = (hours: OpeningHours) => openingHoursLines(hours).map(formatLine);

describe('formatIntervals', () => {
  it("joins a day's intervals with en dashes and commas", () => {
    expect(formatIntervals([iv('07:00', '14:00'), iv('17:00', '22:00')])).toBe(
      '07:00–14:00, 17:00–22:00',
    );
  });

  it('orders the intervals by their opening time', () => {
    expect(formatIntervals([iv('17:00', '22:00'), iv('07:00', '14:00')])).toBe(
      '07:00–14:00, 17:00–22:00',
    );
  });

  it("says 'Cả ngày' for 00:00–24:00", () => {
    expect(formatIntervals([iv('00:00', '24:00')])).toBe('Cả ngày');
  });

  it("says 'Đóng cửa' for a day without intervals", () => {
    expect(formatIntervals([])).toBe('Đóng cửa');
  });

  it('keeps an interval past midnight as it was entered', () => {
    expect(formatIntervals([iv('18:00', '02:00')])).toBe('18:00–02:00');
    expect(formatIntervals([iv('10:00', '14:00'), iv('18:00', '02:00')])).toBe(
      '10:00–14:00, 18:00–02:00',
    );
  });

  it('keeps an evening that ends at 24:00', () => {
    expect(formatIntervals([iv('18:00', '24:00')])).toBe('18:00–24:00');
  });
});

describe('formatDay', () => {
  it("names the day in Vietnamese: 'Thứ 2: 07:00–14:00, 17:00–22:00'", () => {
    expect(formatDay('mon', [iv('07:00', '14:00'), iv('17:00', '22:00')])).toBe(
      'Thứ 2: 07:00–14:00, 17:00–22:00',
    );
  });

  it.each([
    ['tue', 'Thứ 3'],
    ['wed', 'Thứ 4'],
    ['thu', 'Thứ 5'],
    ['fri', 'Thứ 6'],
    ['sat', 'Thứ 7'],
    ['sun', 'Chủ nhật'],
  ] as const)('%s is %s', (day, name) => {
    expect(formatDay(day, [])).toBe(`${name}: Đóng cửa`);
  });

  it('says Cả ngày for a whole day', () => {
    expect(formatDay('sun', [iv('00:00', '24:00')])).toBe('Chủ nhật: Cả ngày');
  });
});

describe('openingHoursLines', () => {
  it("is one 'Hằng ngày' line for a week of identical days", () => {
    expect(lines(week([iv('00:00', '24:00')]))).toEqual(['Hằng ngày: Cả ngày']);
    expect(lines(week([iv('06:00', '22:00')]))).toEqual(['Hằng ngày: 06:00–22:00']);
  });

  it('groups consecutive days with the same hours, Monday first', () => {
    expect(
      lines(
        week([iv('07:00', '14:00'), iv('17:00', '22:00')], {
          sat: [iv('18:00', '02:00')],
          sun: [],
        }),
      ),
    ).toEqual([
      'Thứ 2 – Thứ 6: 07:00–14:00, 17:00–22:00',
      'Thứ 7: 18:00–02:00',
      'Chủ nhật: Đóng cửa',
    ]);
  });

  it('keeps a closed Monday as its own first line', () => {
    expect(lines(week([iv('06:00', '14:00')], { mon: [] }))).toEqual([
      'Thứ 2: Đóng cửa',
      'Thứ 3 – Chủ nhật: 06:00–14:00',
    ]);
  });

  it('does not group days that are not next to each other', () => {
    const open = [iv('08:00', '20:00')];
    expect(lines(week(open, { tue: [], thu: [] }))).toEqual([
      'Thứ 2: 08:00–20:00',
      'Thứ 3: Đóng cửa',
      'Thứ 4: 08:00–20:00',
      'Thứ 5: Đóng cửa',
      'Thứ 6 – Chủ nhật: 08:00–20:00',
    ]);
  });

  it('treats the same intervals in another order as the same hours', () => {
    expect(
      lines(
        week([iv('07:00', '14:00'), iv('17:00', '22:00')], {
          wed: [iv('17:00', '22:00'), iv('07:00', '14:00')],
        }),
      ),
    ).toEqual(['Hằng ngày: 07:00–14:00, 17:00–22:00']);
  });

  it("covers every day of the contract's week, in its order", () => {
    const distinct = Object.fromEntries(
      WEEKDAYS.map((day, index) => [day, [iv(`0${index}:00`, '23:00')]]),
    ) as OpeningHours;
    expect(openingHoursLines(distinct).flatMap((line) => line.days)).toEqual(WEEKDAYS);
  });

  it('tells which days each line covers', () => {
    const result = openingHoursLines(week([iv('08:00', '20:00')], { sun: [] }));
    expect(result.map((line) => line.days)).toEqual([
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      ['sun'],
    ]);
    expect(result[0]).toMatchObject({ label: 'Thứ 2 – Thứ 7', hours: '08:00–20:00' });
  });
});

describe('restaurantWeekday', () => {
  it('reads the weekday in Asia/Ho_Chi_Minh, not in the device time zone', () => {
    // Sunday 18:00 UTC is Monday 01:00 in Hà Nội.
    expect(restaurantWeekday(new Date('2024-05-19T18:00:00Z'))).toBe('mon');
    // Sunday 16:59 UTC is still Sunday 23:59 there.
    expect(restaurantWeekday(new Date('2024-05-19T16:59:00Z'))).toBe('sun');
    expect(restaurantWeekday(new Date('2024-05-22T05:00:00Z'))).toBe('wed');
  });
});
