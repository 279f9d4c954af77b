import { proxy } from 'valtio';
import { LOCATION_KEY, readStoredLocation, type UserLocation } from './stored-location';

/**
 * The stored user location of spec section 3: `{lat, lon, address}` in localStorage under
 * 'userLocation', restored on start. It belongs to the device, not to the account, so logout
 * keeps it; only setLocation and clearLocation change it. Components read `locationStore.current`
 * with valtio's useSnapshot.
 */

export {
  LOCATION_KEY,
  parseLocation,
  readStoredLocation,
  type UserLocation,
} from './stored-location';

export const locationStore = proxy<{ current: UserLocation | null }>({
  current: readStoredLocation(),
});

function store(value: UserLocation | null): void {
  try {
    if (value) localStorage.setItem(LOCATION_KEY, JSON.stringify(value));
    else localStorage.removeItem(LOCATION_KEY);
  } catch {
    // Quota or private mode: the location still holds for this tab.
  }
}

export function setLocation(value: UserLocation): void {
  const next = { lat: value.lat, lon: value.lon, address: value.address };
  locationStore.current = next;
  store(next);
}

export function clearLocation(): void {
  locationStore.current = null;
  store(null);
}

/** The coordinates as the address dialog shows them when there is no address: 6 decimals. */
export function formatCoordinates({ lat, lon }: Pick<UserLocation, 'lat' | 'lon'>): string {
  return `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
}

/** The stored address, or the coordinates when there is none. */
export function describeLocation(value: UserLocation): string {
  return value.address ?? formatCoordinates(value);
}

if (typeof window !== 'undefined') {
  // A location set in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === LOCATION_KEY)
      locationStore.current = readStoredLocation();
  });
}

/** navigator.geolocation is missing (an old browser, or an insecure http:// page). */
export class GeolocationUnsupportedError extends Error {}

/**
 * Spec 2.7 'use current location': asks the browser where the device is. High accuracy, since a
 * delivery needs the street rather than the district; a fix up to a minute old is good enough.
 */
export function currentPosition(timeoutMs = 20_000): Promise<Pick<UserLocation, 'lat' | 'lon'>> {
  return new Promise((resolve, reject) => {
    if (
      typeof navigator === 'undefined' ||
      !('geolocation' in navigator) ||
      !navigator.geolocation
    ) {
      reject(new GeolocationUnsupportedError('Geolocation is not supported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(new Error(error.message || `Geolocation error ${error.code}`)),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
