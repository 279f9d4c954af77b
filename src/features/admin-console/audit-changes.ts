import { vi } from '#src/i18n/vi';

const text = vi.adminConsole.audit;

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A logged value as an admin reads it: blank, yes/no, the text itself, a list comma-joined. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return text.blank;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? text.blank : value.map(readableValue).join(', ');
  return JSON.stringify(value);
}

/**
 * The fields an audited action changed, before and after, in the order they were logged. A
 * side that is not an object (nothing before a creation) counts as every field blank; a
 * snapshot that is a bare value is one change of the whole.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ field: '', before: readableValue(before), after: readableValue(after) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({
      field: text.fields[field] ?? field,
      before: readableValue(from[field]),
      after: readableValue(to[field]),
    }));
}
