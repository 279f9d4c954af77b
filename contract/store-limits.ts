// The store controls' numbers without zod, so the staff dashboard's pause card can use them
// without carrying the schema library (contract/store.ts re-exports them for everything else).

export const DELIVERY_RADIUS_MIN_KM = 1;
export const DELIVERY_RADIUS_MAX_KM = 50;
export const DELIVERY_RADIUS_DEFAULT_KM = 10;
/** The busy pause's lengths, in minutes ('Tạm ngưng nhận đơn'). */
export const PAUSE_MINUTES = [15, 30, 60] as const;
