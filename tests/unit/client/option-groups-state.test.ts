import { describe, expect, it } from 'vitest';
import { OptionGroupsInputSchema } from '#contract/options';
import {
  checkOptionGroups,
  moveRow,
  optionGroupsPayload,
  type OptionGroupErrors,
  type OptionGroupRow,
  type OptionRow,
} from '#src/features/staff-menu/option-groups-state';

// The dish form checks the option groups by hand (zod stays out of the staff chunks); these
// cases hold its verdicts and words to the contract's schema, field by field.

let count = 0;
const option = (over: Partial<OptionRow> = {}): OptionRow => ({
  key: `o${(count += 1)}`,
  name: 'L',
  price: 10_000,
  available: true,
  ...over,
});
const group = (over: Partial<OptionGroupRow> = {}): OptionGroupRow => ({
  key: `g${(count += 1)}`,
  name: 'Size',
  min: 1,
  max: 1,
  options: [option({ name: 'M', price: 0 }), option()],
  ...over,
});

/** The first message per field, as `path -> message`, from either side. */
function contractVerdict(groups: OptionGroupRow[]): Record<string, string> {
  const parsed = OptionGroupsInputSchema.safeParse(optionGroupsPayload(groups));
  const found: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.join('.');
    found[path] ??= issue.message;
  }
  return found;
}

function clientVerdict(groups: OptionGroupRow[]): Record<string, string> {
  const errors: OptionGroupErrors = checkOptionGroups(groups);
  const found: Record<string, string> = {};
  if (errors.list) found[''] = errors.list;
  const fieldOf = { name: 'name', min: 'min_select', max: 'max_select', options: 'options' };
  groups.forEach((row, g) => {
    for (const [field, message] of Object.entries(errors.groups[row.key] ?? {})) {
      found[`${g}.${fieldOf[field as keyof typeof fieldOf]}`] = message;
    }
    row.options.forEach((item, o) => {
      for (const [field, message] of Object.entries(errors.options[item.key] ?? {})) {
        found[`${g}.options.${o}.${field}`] = message;
      }
    });
  });
  return found;
}

const cases: [string, OptionGroupRow[]][] = [
  ['a required size and optional toppings', [group(), group({ name: 'Topping', min: 0, max: 2 })]],
  ['min above max', [group({ min: 2, max: 1 })]],
  ['max 0', [group({ min: 0, max: 0 })]],
  ['max above 20', [group({ min: 0, max: 21 })]],
  ['min above the number of options', [group({ min: 3, max: 3 })]],
  ['empty min and max', [group({ min: '', max: '' })]],
  ['a blank group name', [group({ name: '   ' })]],
  ['a name of 1,000 characters', [group({ name: 'x'.repeat(1000) })]],
  ['no options', [group({ min: 0, options: [] })]],
  ['21 options', [group({ min: 0, options: Array.from({ length: 21 }, () => option()) })]],
  ['11 groups', Array.from({ length: 11 }, () => group())],
  ['a blank option name', [group({ options: [option({ name: '' })] })]],
  ['an option name of 101 characters', [group({ options: [option({ name: 'y'.repeat(101) })] })]],
  ['a negative price', [group({ options: [option({ price: -1000 })] })]],
  ['a fractional price', [group({ options: [option({ price: 1500.5 })] })]],
  ['a price above 1.000.000 ₫', [group({ options: [option({ price: 1_000_001 })] })]],
  ['an empty price', [group({ options: [option({ price: '' })] })]],
  [
    'HTML in names, kept as text',
    [group({ name: '<b>Size</b>', options: [option({ name: '<i>L</i>' })] })],
  ],
];

describe('checkOptionGroups mirrors OptionGroupsInputSchema', () => {
  it.each(cases)('%s', (_name, groups) => {
    expect(clientVerdict(groups)).toEqual(contractVerdict(groups));
  });

  it('finds nothing wrong in a good list, and the right problem in a bad one', () => {
    expect(clientVerdict(cases[0]![1])).toEqual({});
    expect(clientVerdict(cases[1]![1])).toEqual({
      '0.min_select': 'Số lựa chọn tối thiểu không được lớn hơn tối đa',
    });
    expect(clientVerdict(cases[2]![1])).toEqual({
      '0.max_select': 'Số lựa chọn tối đa phải từ 1 trở lên',
    });
  });
});

describe('moveRow', () => {
  it('swaps a row with its neighbour and leaves the ends alone', () => {
    expect(moveRow(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
