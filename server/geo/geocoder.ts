import { z } from 'zod';
import { GeoPlaceSchema, type GeoPlace } from '#contract/geo';
import { AppError } from '../errors';
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

const UpstreamPlaceSchema = GeoPlaceSchema.extend({
  lat: z.union([z.string(), z.number()]).transform(String),
  lon: z.union([z.string(), z.number()]).transform(String),
});

/** Nominatim's place, lat/lon as strings or numbers; {error} (nothing there) is no place. */
function upstreamPlace(value: unknown): GeoPlace | null {
  const parsed = UpstreamPlaceSchema.safeParse(value);
  return parsed.success
    ? { lat: parsed.data.lat, lon: parsed.data.lon, display_name: parsed.data.display_name }
    : null;
}

const CACHE_ENTRIES = 2000;
const CACHE_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 5000;

/**
 * A Nominatim server (GEOCODER_URL), asked in Vietnamese, with an in-memory cache: public
 * Nominatim allows about one request a second, and addresses repeat a lot.
 */
export function nominatimGeocoder(baseUrl: string, userAgent: string): Geocoder {
  const cache = new Map<string, { at: number; value: unknown }>();

  /** Asks Nominatim, and caches only what `read` accepted: a failure is asked again. */
  async function ask<T>(path: string, params: Record<string, string>, read: (body: unknown) => T) {
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
    let value: T;
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      value = read(await response.json());
    } catch (cause) {
      // The user sees a Vietnamese 502; the reason stays in the log.
      throw new AppError('GEOCODER_UNAVAILABLE', { cause });
    }
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), value });
    return value;
  }

  return {
    search: (q, limit) =>
      ask('search', { q, limit: String(limit) }, (body) => {
        // Anything but a list of places means the upstream is not a working Nominatim.
        if (!Array.isArray(body)) throw new Error('geocoder answered no list');
        return body.flatMap((place) => upstreamPlace(place) ?? []);
      }),
    reverse: (lat, lon) => ask('reverse', { lat: String(lat), lon: String(lon) }, upstreamPlace),
  };
}
