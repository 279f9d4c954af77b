// Dates as a Vietnamese reader writes them, dd/mm/yyyy, on the calendar of Asia/Ho_Chi_Minh
// (design.md section 4): a review written at 23:30 in Hà Nội is dated that day, not the UTC one.
// A moment that needs its time too (an order) puts the 24-hour time first, 'HH:mm dd/mm/yyyy',
// as Vietnamese receipts and food apps print it.

import { twoDigits, vietnamWallClock, type VietnamWallClock } from './vietnam-time';

function clockOf(iso: string): VietnamWallClock | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : vietnamWallClock(date);
}

const dateOf = ({ day, month, year }: VietnamWallClock) =>
  `${twoDigits(day)}/${twoDigits(month)}/${year}`;
const timeOf = ({ hour, minute }: VietnamWallClock) => `${twoDigits(hour)}:${twoDigits(minute)}`;

/** An ISO-8601 instant as 'dd/mm/yyyy'; '' when it cannot be read. */
export function formatDate(iso: string): string {
  const clock = clockOf(iso);
  return clock ? dateOf(clock) : '';
}

/**
 * The same moment date first, 'dd/mm/yyyy HH:mm' ('27/11/2026 14:05'), as a receipt printer's
 * header line has it; '' when it cannot be read.
 */
export function formatDateThenTime(iso: string): string {
  const clock = clockOf(iso);
  return clock ? `${dateOf(clock)} ${timeOf(clock)}` : '';
}

/** An ISO-8601 instant as 'HH:mm dd/mm/yyyy' ('14:05 27/11/2026'); '' when it cannot be read. */
export function formatDateTime(iso: string): string {
  const clock = clockOf(iso);
  return clock ? `${timeOf(clock)} ${dateOf(clock)}` : '';
}
