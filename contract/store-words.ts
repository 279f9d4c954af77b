// The words customers see while a restaurant does not take orders, without zod, so the dish
// cards of the client's first load can say them without carrying the schema library
// (contract/store.ts re-exports them for everything else). Times are the wall clock of
// Asia/Ho_Chi_Minh, whatever the device's zone.

/** Shown on a restaurant or dish outside its delivery area, and the refused add's message. */
export const OUT_OF_AREA_MESSAGE = 'Ngoài khu vực giao hàng';

let formats: { clock: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | null = null;

/**
 * Made at the first closed shop rather than when the module loads: the dish cards of the first
 * screen import this module, and making a formatter with a zone loads its data, tens of
 * milliseconds of a slow phone's start for words most screens never show.
 */
function vietnamFormats() {
  return (formats ??= {
    clock: new Intl.DateTimeFormat('vi-VN', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    day: new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      day: '2-digit',
      month: '2-digit',
    }),
  });
}

/** dd/MM in Vietnam, built from parts: locales disagree on the separator. */
function dayOf(moment: Date): string {
  const parts = vietnamFormats().day.formatToParts(moment);
  const dd = parts.find((p) => p.type === 'day')?.value ?? '';
  const mo = parts.find((p) => p.type === 'month')?.value ?? '';
  return `${dd}/${mo}`;
}

/**
 * 'HH:mm' of a moment, in Vietnam; ' ngày dd/MM' follows when that is not today in Vietnam, so
 * a reopening tomorrow morning is not read as this morning.
 */
export function reopenTime(at: string | Date, now: Date = new Date()): string {
  const moment = typeof at === 'string' ? new Date(at) : at;
  const parts = vietnamFormats().clock.formatToParts(moment);
  const hh = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const mm = parts.find((p) => p.type === 'minute')?.value ?? '00';
  const date = dayOf(moment);
  return date === dayOf(now) ? `${hh}:${mm}` : `${hh}:${mm} ngày ${date}`;
}

/** What a paused restaurant tells customers, and what a refused add or order says (409). */
export function pausedMessage(until: string | Date, now: Date = new Date()): string {
  return `Quán đang tạm ngưng nhận đơn, mở lại lúc ${reopenTime(until, now)}`;
}

/** A restaurant outside its hours (or paused): on its page, its dishes and their cards. */
export function closedMessage(opensAt: string | Date, now: Date = new Date()): string {
  return `Đang đóng cửa, mở lại lúc ${reopenTime(opensAt, now)}`;
}
