import { z } from 'zod';

// Store controls of a restaurant: the busy pause, the delivery area, auto-accept, and the words
// customers see while it does not take orders. Times are shown as the wall clock of
// Asia/Ho_Chi_Minh, whatever the device's zone.

export const DELIVERY_RADIUS_MIN_KM = 1;
export const DELIVERY_RADIUS_MAX_KM = 50;
export const DELIVERY_RADIUS_DEFAULT_KM = 10;
export const DELIVERY_RADIUS_MESSAGE = `Bán kính giao hàng phải là số nguyên từ ${DELIVERY_RADIUS_MIN_KM} đến ${DELIVERY_RADIUS_MAX_KM} km`;
export const OUT_OF_AREA_MESSAGE = 'Ngoài khu vực giao hàng';
export const PAUSE_MINUTES = [15, 30, 60] as const;
export const PAUSE_INVALID_MESSAGE = 'Thời gian tạm ngưng không hợp lệ';

export const DeliveryRadiusSchema = z
  .number({ error: DELIVERY_RADIUS_MESSAGE })
  .int(DELIVERY_RADIUS_MESSAGE)
  .min(DELIVERY_RADIUS_MIN_KM, DELIVERY_RADIUS_MESSAGE)
  .max(DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MESSAGE);

/**
 * PUT /api/staff/restaurant/pause/: 15, 30 or 60 minutes, or until the next opening. Strict:
 * a body with both is ambiguous and refused, not read as whichever comes first.
 */
export const PauseBodySchema = z.union(
  [
    z.strictObject({
      minutes: z.union([z.literal(15), z.literal(30), z.literal(60)], {
        error: PAUSE_INVALID_MESSAGE,
      }),
    }),
    z.strictObject({ until_next_opening: z.literal(true, { error: PAUSE_INVALID_MESSAGE }) }),
  ],
  { error: PAUSE_INVALID_MESSAGE },
);
export type PauseBody = z.infer<typeof PauseBodySchema>;

const clock = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
});

/** dd/MM in Vietnam, built from parts: locales disagree on the separator. */
function dayOf(moment: Date): string {
  const parts = day.formatToParts(moment);
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
  const parts = clock.formatToParts(moment);
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
