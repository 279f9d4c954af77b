import type { Kysely } from 'kysely';
import { pausedMessage } from '#contract/store';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { selectAutoAccept, selectDeliversTo } from './store.queries';

// The store controls that refuse an add or an order (docs/decisions/036-store-controls.md):
// the busy pause and the delivery area. Opening hours stay with the order (an add while
// merely closed by hours is allowed: a cart may be filled before the restaurant opens).

/** Refuses while a busy pause runs; a pause whose end has passed is no pause (no job ends it). */
export function assertNotPaused(pausedUntil: Date | string | null, now: Date): void {
  if (pausedUntil === null) return;
  const until = new Date(pausedUntil);
  if (until.getTime() > now.getTime()) {
    throw new AppError('RESTAURANT_BUSY', { message: pausedMessage(until, now) });
  }
}

/**
 * The customer's delivery point, when the body gives one: both coordinates or neither.
 * Clients of the spec send none, and nothing is checked for them.
 */
export function deliveryPoint(body: {
  lat?: number | undefined;
  lon?: number | undefined;
}): { lat: number; lon: number } | undefined {
  if (body.lat === undefined && body.lon === undefined) return undefined;
  if (body.lat === undefined || body.lon === undefined) throw new AppError('LOCATION_INCOMPLETE');
  return { lat: body.lat, lon: body.lon };
}

/** Refuses a delivery point outside the restaurant's delivery radius. */
export async function assertDeliversTo(
  db: Kysely<DB>,
  restaurantId: number,
  to: { lat: number; lon: number } | undefined,
): Promise<void> {
  if (to && !(await selectDeliversTo(db, restaurantId, to))) {
    throw new AppError('OUT_OF_DELIVERY_AREA');
  }
}

export function autoAccepts(db: Kysely<DB>, restaurantId: number): Promise<boolean> {
  return selectAutoAccept(db, restaurantId);
}
