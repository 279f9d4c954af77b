import { RENDER_HINT_COOKIE, RENDER_HINT_MAX_LENGTH, type RenderHint } from '#contract/render-hint';
import type { UserLocation } from '../lib/stored-location';
import type { SessionUser, UserType } from '../lib/stored-session';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The render hint (contract/render-hint.ts) of a session and a place: a signed-in customer's
 * name, avatar and delivery location as the screens show them; null for staff and visitors,
 * whose pages the server never renders. Apart from render-hint.ts, which keeps the cookie equal
 * to the app's stores, because the sign-in script that runs before the app
 * (early-sign-in.ts) writes the same cookie for the home it opens.
 */
export function renderHintOf(
  user: SessionUser | null,
  userType: UserType,
  place: UserLocation | null,
): RenderHint | null {
  if (!user || userType !== 'customer') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? user.id : null;
  if (id === null) return null;
  // Built in the schema's key order: the server echoes its parsed copy, compared as JSON.
  return {
    user: { id, name: text(user.name), avatar: text(user.avatar), role: text(user.role) },
    location: place ? { lat: place.lat, lon: place.lon, address: place.address } : null,
  };
}

/** UTF-8 JSON in base64url: cookie-safe and a third the size of percent-encoded Vietnamese. */
function encodeRenderHint(hint: RenderHint): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(hint))) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Writes the cookie for `hint`, or removes it for null. */
export function writeRenderHintCookie(hint: RenderHint | null): void {
  const value = hint ? encodeRenderHint(hint) : '';
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // A hint too long for the server to read (a very long address) is not sent at all.
  document.cookie =
    value && value.length <= RENDER_HINT_MAX_LENGTH
      ? `${RENDER_HINT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`
      : `${RENDER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
