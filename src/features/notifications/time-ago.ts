import { vi } from '#src/i18n/vi';
import { formatDate } from '#src/lib/format-date';

const text = vi.inbox;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification came, as a reader of the inbox thinks of it: 'Vừa xong', '5 phút trước',
 * '3 giờ trước', 'Hôm qua', '4 ngày trước', then the date as the app writes dates (dd/mm/yyyy).
 * A time a little ahead of this device's clock counts as just now.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return text.justNow;
  if (elapsed < HOUR) return text.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return text.hoursAgo(Math.floor(elapsed / HOUR));
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return text.yesterday;
  if (days < 7) return text.daysAgo(days);
  return formatDate(iso);
}
