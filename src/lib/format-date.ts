// Dates as a Vietnamese reader writes them, dd/mm/yyyy, on the calendar of Asia/Ho_Chi_Minh
// (design.md section 4): a review written at 23:30 in Hà Nội is dated that day, not the UTC one.
// A moment that needs its time too (an order) puts the 24-hour time first, 'HH:mm dd/mm/yyyy',
// as Vietnamese receipts and food apps print it.

const calendar = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Asia/Ho_Chi_Minh',
});

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(format: Intl.DateTimeFormat, iso: string): Parts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** An ISO-8601 instant as 'dd/mm/yyyy'; '' when it cannot be read. */
export function formatDate(iso: string): string {
  const found = partsOf(calendar, iso);
  return found ? `${found.day}/${found.month}/${found.year}` : '';
}

/**
 * The same moment date first, 'dd/mm/yyyy HH:mm' ('27/11/2026 14:05'), as a receipt printer's
 * header line has it; '' when it cannot be read.
 */
export function formatDateThenTime(iso: string): string {
  const found = partsOf(clock, iso);
  return found ? `${found.day}/${found.month}/${found.year} ${found.hour}:${found.minute}` : '';
}

/** An ISO-8601 instant as 'HH:mm dd/mm/yyyy' ('14:05 27/11/2026'); '' when it cannot be read. */
export function formatDateTime(iso: string): string {
  const found = partsOf(clock, iso);
  return found ? `${found.hour}:${found.minute} ${found.day}/${found.month}/${found.year}` : '';
}
