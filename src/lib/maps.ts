import ky from 'ky';
import { REQUEST_TIMEOUT_MS } from './http';

/**
 * The client of the maps service (spec 7.6): a Nominatim-compatible geocoder at a configurable
 * base URL, by default the server's own /api/geo (design.md section 5, 'Maps'). It may be a
 * third-party server, so it gets a plain client: never our bearer token, never our refresh.
 */

export const DEFAULT_MAPS_BASE_URL = '/api/geo';

export function mapsBaseUrl(configured = import.meta.env.VITE_MAPS_BASE_URL): string {
  const base = configured?.trim() ? configured.trim() : DEFAULT_MAPS_BASE_URL;
  return base.replace(/\/+$/, '');
}

const geocoder = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  headers: { accept: 'application/json' },
});

export interface GeoResult {
  lat: number;
  lon: number;
  display_name: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function coordinate(value: unknown, limit: number): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** Nominatim sends lat and lon as strings; anything unusable is no place at all. */
function toPlace(value: unknown): GeoResult | null {
  if (!isRecord(value) || typeof value.display_name !== 'string') return null;
  const lat = coordinate(value.lat, 90);
  const lon = coordinate(value.lon, 180);
  return lat === null || lon === null ? null : { lat, lon, display_name: value.display_name };
}

/**
 * GET {base}/search?q=&format=json&limit=1: the best match, or null when nothing is found.
 * Rejects when the service cannot be reached or answers with an error status.
 */
export async function searchAddress(
  query: string,
  signal?: AbortSignal,
): Promise<GeoResult | null> {
  const reply = await geocoder
    .get(`${mapsBaseUrl()}/search`, {
      searchParams: { q: query.trim(), format: 'json', limit: 1, 'accept-language': 'vi' },
      signal,
    })
    .json<unknown>();
  if (!Array.isArray(reply)) throw new Error('Geocoder search reply is not a list');
  return reply.length > 0 ? toPlace(reply[0]) : null;
}

/**
 * GET {base}/reverse?lat=&lon=&format=json&accept-language=vi: the place's Vietnamese name.
 * Rejects when nothing is near (Nominatim's `{error}`) or the call fails.
 */
export async function reverseGeocode(
  lat: number,
  lon: number,
  signal?: AbortSignal,
): Promise<GeoResult> {
  const reply = await geocoder
    .get(`${mapsBaseUrl()}/reverse`, {
      searchParams: { lat, lon, format: 'json', 'accept-language': 'vi' },
      signal,
    })
    .json<unknown>();
  const place = toPlace(reply);
  if (!place) throw new Error('Geocoder found no place here');
  return place;
}
