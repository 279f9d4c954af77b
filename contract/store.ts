import { z } from 'zod';

import { DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MIN_KM } from './store-limits';

export { closedMessage, OUT_OF_AREA_MESSAGE, pausedMessage, reopenTime } from './store-words';
export {
  DELIVERY_RADIUS_DEFAULT_KM,
  DELIVERY_RADIUS_MAX_KM,
  DELIVERY_RADIUS_MIN_KM,
  PAUSE_MINUTES,
} from './store-limits';

// Store controls of a restaurant: the busy pause, the delivery area, auto-accept, and the words
// customers see while it does not take orders. Times are shown as the wall clock of
// Asia/Ho_Chi_Minh, whatever the device's zone.

export const DELIVERY_RADIUS_MESSAGE = `Bán kính giao hàng phải là số nguyên từ ${DELIVERY_RADIUS_MIN_KM} đến ${DELIVERY_RADIUS_MAX_KM} km`;
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
