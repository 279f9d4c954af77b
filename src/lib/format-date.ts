// Dates as a Vietnamese reader writes them, dd/mm/yyyy, on the calendar of Asia/Ho_Chi_Minh
// (design.md section 4): a review written at 23:30 in Hà Nội is dated that day, not the UTC one.

const calendar = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** An ISO-8601 instant as 'dd/mm/yyyy'; '' when it cannot be read. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const found = Object.fromEntries(
    calendar.formatToParts(date).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${found.day}/${found.month}/${found.year}`;
}
