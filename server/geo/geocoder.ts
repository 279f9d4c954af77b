import type { GeoPlace } from '../../contract/geo';
import { reverseGazetteer, searchGazetteer } from './gazetteer';
import type { Place } from './gazetteer-data';

export interface Geocoder {
  search(q: string, limit: number): Promise<GeoPlace[]>;
  reverse(lat: number, lon: number): Promise<GeoPlace | null>;
}

// Nominatim sends coordinates as strings; so do we, so clients can use either unchanged.
const toGeoPlace = (place: Place): GeoPlace => ({
  lat: place.lat.toFixed(6),
  lon: place.lon.toFixed(6),
  display_name: place.display_name,
});

/** The built-in gazetteer: works offline, knows Vietnamese place names, no house numbers. */
export const gazetteerGeocoder: Geocoder = {
  search: async (q, limit) => searchGazetteer(q, limit).map(toGeoPlace),
  reverse: async (lat, lon) => {
    const place = reverseGazetteer(lat, lon);
    return place ? toGeoPlace(place) : null;
  },
};

const CACHE_ENTRIES = 2000;
const CACHE_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 5000;

/**
 * A Nominatim server (GEOCODER_URL), asked in Vietnamese, with an in-memory cache: public
 * Nominatim allows about one request a second, and addresses repeat a lot.
 */
export function nominatimGeocoder(baseUrl: string, userAgent: string): Geocoder {
  const cache = new Map<string, { at: number; value: unknown }>();
  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries({
      ...params,
      format: 'json',
      'accept-language': 'vi',
    })) {
      url.searchParams.set(key, value);
    }
    const key = url.toString();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
    const response = await fetch(url, {
      headers: { 'user-agent': userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const value = (await response.json()) as T;
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), value });
    return value;
  }
  const pick = (p: {
    lat: string | number;
    lon: string | number;
    display_name: string;
  }): GeoPlace => ({
    lat: String(p.lat),
    lon: String(p.lon),
    display_name: p.display_name,
  });
  return {
    search: async (q, limit) =>
      (
        await get<{ lat: string; lon: string; display_name: string }[]>('search', {
          q,
          limit: String(limit),
        })
      ).map(pick),
    reverse: async (lat, lon) => {
      const found = await get<{
        lat?: string;
        lon?: string;
        display_name?: string;
        error?: string;
      }>('reverse', {
        lat: String(lat),
        lon: String(lon),
      });
      return found.display_name && found.lat && found.lon
        ? pick({ lat: found.lat, lon: found.lon, display_name: found.display_name })
        : null;
    },
  };
}
