import { subscribe } from 'valtio';
import { RENDER_HINT_COOKIE, RENDER_HINT_MAX_LENGTH, type RenderHint } from '#contract/render-hint';
import { locationStore } from '../lib/location';
import { session } from '../lib/session';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The render hint of this device (contract/render-hint.ts): a signed-in customer's name, avatar
 * and delivery location as the screens show them; null for staff and visitors, whose pages the
 * server never renders. The same function decides what the cookie says and whether the HTML the
 * server rendered from it is what this app would draw (src/first-load/server-state.ts).
 */
export function currentRenderHint(): RenderHint | null {
  const user = session.user;
  if (!user || session.userType !== 'customer') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? user.id : null;
  if (id === null) return null;
  const place = locationStore.current;
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

function writeCookie(): void {
  const hint = currentRenderHint();
  const value = hint ? encodeRenderHint(hint) : '';
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // A hint too long for the server to read (a very long address) is not sent at all.
  document.cookie =
    value && value.length <= RENDER_HINT_MAX_LENGTH
      ? `${RENDER_HINT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`
      : `${RENDER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * Keeps the cookie equal to the hint from now on: written at start (a session from before the
 * cookie existed gets one) and again on sign-in, a profile change, a new address and logout,
 * so the next page the server renders shows the same person and place the app would.
 */
export function keepRenderHintCookie(): () => void {
  writeCookie();
  const stopSession = subscribe(session, writeCookie);
  const stopLocation = subscribe(locationStore, writeCookie);
  return () => {
    stopSession();
    stopLocation();
  };
}
