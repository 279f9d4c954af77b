/**
 * How the user location of spec section 3 is stored (`{lat, lon, address}` in localStorage under
 * 'userLocation'), apart from the store of location.ts: the sign-in script that runs before the
 * app (src/first-load/early-sign-in.ts) reads it too, and must not carry the store with it.
 */

export interface UserLocation {
  lat: number;
  lon: number;
  /** The geocoder's display name; null when reverse geocoding found nothing or failed. */
  address: string | null;
}

export const LOCATION_KEY = 'userLocation';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** A stored value we cannot trust (edited by hand, an older shape) counts as no location. */
export function parseLocation(value: unknown): UserLocation | null {
  if (!isRecord(value) || !inRange(value.lat, 90) || !inRange(value.lon, 180)) return null;
  const address =
    typeof value.address === 'string' && value.address.trim() !== '' ? value.address : null;
  return { lat: value.lat, lon: value.lon, address };
}

export function readStoredLocation(): UserLocation | null {
  try {
    const raw = localStorage.getItem(LOCATION_KEY);
    return raw == null ? null : parseLocation(JSON.parse(raw));
  } catch {
    // Unreadable storage (private mode, corrupt value) means no location, not a crash.
    return null;
  }
}
