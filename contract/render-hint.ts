/**
 * What the server needs to render a signed-in customer's home or dish page into the HTML it
 * sends (docs/decisions/016-server-rendered-home-and-dish.md): who is shown in the header and
 * where the dishes are delivered. The session itself (the tokens) stays in the browser's
 * storage; this cookie is only a copy of what the screen shows, written by the app
 * (src/first-load/render-hint.ts) and never trusted for anything but drawing that screen. The
 * server checks it against its schema (server/http/server-render.ts) and ignores a cookie that
 * does not fit: the page then starts from the splash as before.
 *
 * No zod here, unlike the rest of contract/: the app's first script reads these, and zod would
 * add 25 KB to it.
 */
export const RENDER_HINT_COOKIE = 'mn_view';

/** Longer values are not read: the cookie travels with every request. */
export const RENDER_HINT_MAX_LENGTH = 1500;

/** The id of the JSON the server puts next to a screen it rendered, for the browser to adopt. */
export const SERVER_STATE_ID = 'mn-server-state';

/** Keys in this order: the browser compares its own hint with the server's copy as JSON. */
export interface RenderHint {
  user: {
    id: number | string;
    name: string | null;
    avatar: string | null;
    role: string | null;
  };
  location: {
    lat: number;
    lon: number;
    address: string | null;
  } | null;
}

/**
 * The API as the server calls it while rendering a screen (src/first-load/server-entry.tsx,
 * given by server/http/server-render.ts): in-process, the same routes and replies the browser
 * gets.
 * `path` is relative to /api/, like the browser's `http` client; the answer is the reply's
 * `data`, or null for anything but a 200.
 */
export type ServerApi = <T>(path: string) => Promise<T | null>;
