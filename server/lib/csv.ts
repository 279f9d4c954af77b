/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, a field holding a comma, a
 * quote or a line break wrapped in quotes with its quotes doubled, every row ended by CRLF, and
 * a byte order mark first so Excel reads UTF-8 (the Vietnamese) as UTF-8.
 */

export type CsvValue = string | number | null;

/** Excel, LibreOffice and Sheets run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. Text that a spreadsheet would run as a formula (=HYPERLINK(...), +1, -2, @x) is
 * prefixed with ' so it shows as typed: CSV injection through a name or a reason a user wrote.
 * Numbers are written as plain integers and never prefixed (a negative amount stays a number);
 * null is an empty field.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The whole file: the byte order mark, the header row, then the rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return `\uFEFF${csvRow(header)}${rows.map(csvRow).join('')}`;
}
