import { closedMessage, OUT_OF_AREA_MESSAGE, pausedMessage } from '#contract/store-words';

/**
 * Whether a restaurant takes orders from this customer now, from the fields the catalogue sends
 * (contract/catalogue.ts) and the stored location. The server decides again on every add and
 * order; this only keeps the screens from offering what it will refuse. The fields are optional
 * here because a reply persisted by the app before them has none, and then nothing is said.
 */

export interface StoreFields {
  is_open_now?: boolean;
  /** When it takes orders again, while it does not. */
  opens_at?: string | null;
  paused_until?: string | null;
}

/**
 * A dish card's line (spec 2.6 cards): 'Đang đóng cửa, mở lại lúc HH:mm' while the restaurant
 * is closed and its reopening is known; null otherwise (an open one never shows it).
 */
export function cardClosedNotice(
  restaurant: StoreFields | null | undefined,
  now: Date = new Date(),
): string | null {
  if (restaurant?.is_open_now !== false || !restaurant.opens_at) return null;
  return closedMessage(restaurant.opens_at, now);
}

/**
 * The restaurant and dish pages' line: a pause first (it says when it ends), then closed
 * (with its reopening, or `closedWords` when that is not known); null while it is open, or
 * closed with no reopening known and no `closedWords`.
 */
export function closedNotice(
  restaurant: StoreFields,
  closedWords: string | null,
  now: Date = new Date(),
): string | null {
  const paused = restaurant.paused_until ? Date.parse(restaurant.paused_until) : Number.NaN;
  if (restaurant.paused_until && paused > now.getTime()) {
    return pausedMessage(restaurant.paused_until, now);
  }
  if (restaurant.is_open_now !== false) return null;
  return restaurant.opens_at ? closedMessage(restaurant.opens_at, now) : closedWords;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in km. */
export function distanceKm(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * 'Ngoài khu vực giao hàng' when a location is stored and the restaurant is farther from it
 * than its delivery radius; null when it delivers there or nothing is known.
 */
export function outOfAreaNotice(
  restaurant: { lat: number; lon: number; delivery_radius_km?: number },
  location: { lat: number; lon: number } | null,
): string | null {
  if (!location || restaurant.delivery_radius_km === undefined) return null;
  return distanceKm(location, restaurant) > restaurant.delivery_radius_km
    ? OUT_OF_AREA_MESSAGE
    : null;
}
