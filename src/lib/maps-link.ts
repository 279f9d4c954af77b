/**
 * Where an address opens for directions (spec 2.9, 2.10: 'address links to a maps search').
 * Google Maps' documented search URL is the default, since it opens the Maps app on a phone and
 * its web page anywhere else; VITE_MAPS_SEARCH_URL replaces it at build time (e.g. an
 * OpenStreetMap search page), with `{query}` where the encoded address goes.
 */
export const DEFAULT_MAPS_SEARCH_URL = 'https://www.google.com/maps/search/?api=1&query={query}';

function configuredTemplate(): string {
  const configured: unknown = import.meta.env.VITE_MAPS_SEARCH_URL;
  return typeof configured === 'string' && configured.includes('{query}')
    ? configured
    : DEFAULT_MAPS_SEARCH_URL;
}

/** The maps search page for `address`, e.g. '…/?api=1&query=12%20H%C3%A0ng%20B%E1%BA%A1c'. */
export function mapsSearchUrl(address: string, template: string = configuredTemplate()): string {
  return template.replace('{query}', encodeURIComponent(address.trim()));
}
