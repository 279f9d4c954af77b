import {
  OPTION_GROUPS_MAX,
  OPTION_NAME_MAX,
  OPTION_PRICE_MAX,
  OPTION_PRICE_MESSAGE,
  OPTIONS_PER_GROUP_MAX,
} from '#contract/options';
import type { StaffOptionGroup } from '#contract/options';
import { vi } from '#src/i18n/vi';

// The dish form's option groups ('Size', 'Đá', 'Độ chín') as plain data: the rows the editor
// shows, what they become in the request, and the contract's rules checked before sending.
// The rules are written out rather than run through contract/options.ts's zod schema, which
// would bring zod into the staff screens' chunks; tests/unit/client/option-groups-state.test.ts
// holds the two to the same verdicts and words.

const rules = vi.dishForm.optionRules;

export interface OptionRow {
  /** React's key; rows move and go in any order. */
  key: string;
  /** A saved option keeps its id, and with it its meaning in carts and orders. */
  id?: number;
  name: string;
  /** '' while the field is empty. */
  price: number | '';
  /** The owner's switch; a sold-out-today option stays switched on. */
  available: boolean;
}

export interface OptionGroupRow {
  key: string;
  id?: number;
  name: string;
  min: number | '';
  max: number | '';
  options: OptionRow[];
}

let rowCount = 0;
const nextKey = (kind: string) => `${kind}-${(rowCount += 1)}`;

export function newOptionRow(): OptionRow {
  return { key: nextKey('option'), name: '', price: 0, available: true };
}

/** A new group is an optional single choice with one empty option to fill in. */
export function newOptionGroupRow(): OptionGroupRow {
  return { key: nextKey('group'), name: '', min: 0, max: 1, options: [newOptionRow()] };
}

export function optionGroupRows(groups: readonly StaffOptionGroup[]): OptionGroupRow[] {
  return groups.map((group) => ({
    key: nextKey('group'),
    id: group.id,
    name: group.name,
    min: group.min_select,
    max: group.max_select,
    options: group.options.map((option) => ({
      key: nextKey('option'),
      id: option.id,
      name: option.name,
      price: option.price,
      available: option.available,
    })),
  }));
}

/** The list moved by one place; at either end nothing moves. */
export function moveRow<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const moved = [...rows];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

export interface OptionGroupPayload {
  id?: number;
  name: string;
  min_select: number | null;
  max_select: number | null;
  options: { id?: number; name: string; price: number | null; available: boolean }[];
}

const orNull = (value: number | '') => (value === '' ? null : value);

/** The groups as the request carries them, in the order shown; empty numbers as null. */
export function optionGroupsPayload(groups: readonly OptionGroupRow[]): OptionGroupPayload[] {
  return groups.map((group) => ({
    ...(group.id === undefined ? {} : { id: group.id }),
    name: group.name,
    min_select: orNull(group.min),
    max_select: orNull(group.max),
    options: group.options.map((option) => ({
      ...(option.id === undefined ? {} : { id: option.id }),
      name: option.name,
      price: orNull(option.price),
      available: option.available,
    })),
  }));
}

export interface OptionGroupErrors {
  /** About the whole list (too many groups). */
  list?: string;
  /** Per group key. */
  groups: Record<string, { name?: string; min?: string; max?: string; options?: string }>;
  /** Per option key. */
  options: Record<string, { name?: string; price?: string }>;
}

export const NO_OPTION_GROUP_ERRORS: OptionGroupErrors = { groups: {}, options: {} };

export function hasOptionGroupErrors(errors: OptionGroupErrors): boolean {
  return (
    errors.list !== undefined ||
    Object.keys(errors.groups).length > 0 ||
    Object.keys(errors.options).length > 0
  );
}

const isWhole = (value: number | '', low: number, high: number): value is number =>
  value !== '' && Number.isInteger(value) && value >= low && value <= high;

/** The first problem of each field, in the contract's words; none when the list may be sent. */
export function checkOptionGroups(groups: readonly OptionGroupRow[]): OptionGroupErrors {
  const found: OptionGroupErrors = { groups: {}, options: {} };
  if (groups.length > OPTION_GROUPS_MAX) found.list = rules.tooManyGroups(OPTION_GROUPS_MAX);
  for (const group of groups) {
    const problems: OptionGroupErrors['groups'][string] = {};
    const name = group.name.trim();
    if (name === '') problems.name = rules.groupNameRequired;
    else if (name.length > OPTION_NAME_MAX) problems.name = rules.groupNameTooLong(OPTION_NAME_MAX);

    const select = rules.select(OPTIONS_PER_GROUP_MAX);
    const min = isWhole(group.min, 0, OPTIONS_PER_GROUP_MAX) ? group.min : null;
    const max = isWhole(group.max, 1, OPTIONS_PER_GROUP_MAX) ? group.max : null;
    if (min === null) problems.min = select;
    if (max === null) {
      const belowOne = group.max !== '' && Number.isInteger(group.max) && group.max < 1;
      problems.max = belowOne ? rules.maxAtLeastOne : select;
    }
    if (group.options.length === 0) problems.options = rules.optionsRequired;
    else if (group.options.length > OPTIONS_PER_GROUP_MAX) {
      problems.options = rules.tooManyOptions(OPTIONS_PER_GROUP_MAX);
    }
    if (min !== null && group.max !== '' && min > group.max) problems.min = rules.minAboveMax;
    else if (min !== null && min > group.options.length) problems.min = rules.minAboveOptions;
    if (Object.keys(problems).length > 0) found.groups[group.key] = problems;

    for (const option of group.options) {
      const wrong: OptionGroupErrors['options'][string] = {};
      const optionName = option.name.trim();
      if (optionName === '') wrong.name = rules.optionNameRequired;
      else if (optionName.length > OPTION_NAME_MAX) {
        wrong.name = rules.optionNameTooLong(OPTION_NAME_MAX);
      }
      if (!isWhole(option.price, 0, OPTION_PRICE_MAX)) wrong.price = OPTION_PRICE_MESSAGE;
      if (Object.keys(wrong).length > 0) found.options[option.key] = wrong;
    }
  }
  return found;
}

const GROUP_FIELDS = { name: 'name', min_select: 'min', max_select: 'max', options: 'options' };

/**
 * One of the server's `errors[]` under `option_groups` placed on its field: 'option_groups.1.
 * options.0.price' under the price of the second group's first option as sent. False when the
 * path names no field of the editor (the caller shows it elsewhere).
 */
export function placeOptionGroupError(
  found: OptionGroupErrors,
  path: readonly string[],
  message: string,
  groups: readonly OptionGroupRow[],
): boolean {
  const [groupIndex, field, optionIndex, optionField] = path;
  if (groupIndex === undefined) {
    found.list ??= message;
    return true;
  }
  const group = groups[Number(groupIndex)];
  if (!group) return false;
  if (field === 'options' && optionIndex !== undefined) {
    const option = group.options[Number(optionIndex)];
    if (option && (optionField === 'name' || optionField === 'price')) {
      (found.options[option.key] ??= {})[optionField] ??= message;
      return true;
    }
  }
  const where = GROUP_FIELDS[(field ?? 'name') as keyof typeof GROUP_FIELDS] as
    keyof OptionGroupErrors['groups'][string] | undefined;
  if (!where) return false;
  (found.groups[group.key] ??= {})[where] ??= message;
  return true;
}
