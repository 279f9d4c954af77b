import { subscribe } from 'valtio';
import type { RenderHint } from '#contract/render-hint';
import { locationStore } from '../lib/location';
import { session } from '../lib/session';
import { renderHintOf, writeRenderHintCookie } from './render-hint-cookie';

/**
 * The render hint of this device (contract/render-hint.ts) from the app's stores. The same
 * function decides what the cookie says and whether the HTML the server rendered from it is
 * what this app would draw (src/first-load/server-state.ts).
 */
export function currentRenderHint(): RenderHint | null {
  return renderHintOf(session.user, session.userType, locationStore.current);
}

function writeCookie(): void {
  writeRenderHintCookie(currentRenderHint());
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
