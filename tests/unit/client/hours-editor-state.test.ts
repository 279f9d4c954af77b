import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import {
  addInterval,
  EDITOR_WEEKDAYS,
  hoursProblem,
  isWholeDay,
  nextWeekday,
  removeInterval,
  runsPastMidnight,
  setIntervalTime,
  toEditorWeek,
  toOpeningHours,
  type EditorWeek,
} from '#src/features/staff-restaurant/hours-editor-state';

function week(overrides: Partial<OpeningHours> = {}): OpeningHours {
  const day = [{ open: '07:00', close: '22:00' }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day, ...overrides };
}

/** The week without the editor's row keys. */
const times = (editor: EditorWeek) =>
  Object.fromEntries(
    EDITOR_WEEKDAYS.map((day) => [day, editor[day].map(({ open, close }) => [open, close])]),
  );

describe('toEditorWeek and toOpeningHours', () => {
  it('round-trips a week with several intervals a day and one past midnight', () => {
    const hours = week({
      mon: [
        { open: '07:00', close: '14:00' },
        { open: '17:00', close: '22:00' },
      ],
      fri: [{ open: '18:00', close: '02:00' }],
      sun: [],
    });
    expect(toOpeningHours(toEditorWeek(hours))).toEqual(hours);
  });

  it("writes the whole day as 00:00-00:00 in the time inputs and sends it as '24:00'", () => {
    const editor = toEditorWeek(week({ wed: [{ open: '00:00', close: '24:00' }] }));
    expect(times(editor).wed).toEqual([['00:00', '00:00']]);
    expect(isWholeDay(editor.wed[0]!)).toBe(true);
    expect(toOpeningHours(editor).wed).toEqual([{ open: '00:00', close: '24:00' }]);
  });

  it('gives every interval its own key', () => {
    const editor = toEditorWeek(week());
    const keys = EDITOR_WEEKDAYS.flatMap((day) => editor[day].map((interval) => interval.key));
    expect(new Set(keys).size).toBe(7);
  });
});

describe('runsPastMidnight and nextWeekday', () => {
  it.each([
    ['18:00', '02:00', true],
    ['22:00', '00:00', true],
    ['22:00', '22:00', false],
    ['07:00', '22:00', false],
    ['00:00', '00:00', false],
    ['', '02:00', false],
    ['18:00', '', false],
  ])('%s-%s runs past midnight: %s', (open, close, expected) => {
    expect(runsPastMidnight({ open, close })).toBe(expected);
  });

  it('names the next day, Sunday running into Monday', () => {
    expect(nextWeekday('mon')).toBe('tue');
    expect(nextWeekday('sat')).toBe('sun');
    expect(nextWeekday('sun')).toBe('mon');
  });
});

describe('adding, removing and editing intervals', () => {
  it('opens a closed day 07:00-22:00 and adds an empty interval to an open one', () => {
    let editor = toEditorWeek(week({ tue: [] }));
    editor = addInterval(editor, 'tue');
    expect(times(editor).tue).toEqual([['07:00', '22:00']]);
    editor = addInterval(editor, 'tue');
    expect(times(editor).tue).toEqual([
      ['07:00', '22:00'],
      ['', ''],
    ]);
    // Other days are untouched.
    expect(times(editor).mon).toEqual([['07:00', '22:00']]);
  });

  it('stops at six intervals a day, as the server does', () => {
    let editor = toEditorWeek(week());
    for (let i = 0; i < 10; i += 1) editor = addInterval(editor, 'sat');
    expect(editor.sat).toHaveLength(6);
  });

  it('removes one interval by its key and edits one time of another', () => {
    let editor = toEditorWeek(
      week({
        thu: [
          { open: '07:00', close: '10:00' },
          { open: '11:00', close: '14:00' },
        ],
      }),
    );
    const [first, second] = editor.thu;
    editor = removeInterval(editor, 'thu', first!.key);
    editor = setIntervalTime(editor, 'thu', second!.key, 'close', '15:30');
    expect(times(editor).thu).toEqual([['11:00', '15:30']]);
  });
});

describe('hoursProblem', () => {
  it('accepts the default week, a closed day and an interval past midnight', () => {
    const hours = week({ mon: [], fri: [{ open: '18:00', close: '02:00' }] });
    expect(hoursProblem(toEditorWeek(hours))).toBeNull();
  });

  it('asks for both times of every interval', () => {
    const editor = addInterval(toEditorWeek(week()), 'mon');
    expect(hoursProblem(editor)).toBe('incomplete');
  });

  it('refuses a close equal to the open, except the whole day', () => {
    expect(hoursProblem(toEditorWeek(week({ tue: [{ open: '09:00', close: '09:00' }] })))).toBe(
      'sameTime',
    );
    expect(hoursProblem(toEditorWeek(week({ tue: [{ open: '00:00', close: '24:00' }] })))).toBe(
      null,
    );
  });

  it('refuses intervals of one day that overlap', () => {
    const hours = week({
      wed: [
        { open: '07:00', close: '14:00' },
        { open: '13:00', close: '22:00' },
      ],
    });
    expect(hoursProblem(toEditorWeek(hours))).toBe('overlap');
  });

  it("refuses a night that runs into the next day's opening, Sunday into Monday too", () => {
    expect(hoursProblem(toEditorWeek(week({ thu: [{ open: '20:00', close: '08:00' }] })))).toBe(
      'overlap',
    );
    expect(hoursProblem(toEditorWeek(week({ sun: [{ open: '20:00', close: '08:00' }] })))).toBe(
      'overlap',
    );
    expect(hoursProblem(toEditorWeek(week({ sun: [{ open: '20:00', close: '06:00' }] })))).toBe(
      null,
    );
  });
});
