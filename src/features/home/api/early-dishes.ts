import type { ApiReply } from '#src/lib/http';
import type { DishListParams, DishPage } from './get-dishes';

/**
 * The customer home's first page of dishes, asked for by index.html's inline script before any
 * of the app's scripts have arrived (the `/api/food/` catalogue is public, and the stored
 * location is all it needs). On a slow link the list, and then the pictures it names, otherwise
 * wait for the scripts to download and run and for the home to render. The script also preloads
 * the first pictures as soon as the list is in.
 */
export interface EarlyDishes {
  page: number;
  perPage: number;
  lat: number;
  lon: number;
  reply: Promise<ApiReply<DishPage>>;
  /** The reply's data, set once the reply has arrived and was a success. */
  data?: DishPage;
}

declare global {
  interface Window {
    /** Set by index.html on a customer's start at /; taken once by the home's first request. */
    __monNgonEarlyDishes?: EarlyDishes;
  }
}

/** An early answer older than this is not used: the home was opened later, by navigation. */
export const EARLY_DISHES_MAX_AGE_MS = 15_000;

/**
 * The early request if it asked for exactly `params` and is still fresh, removed so it is used
 * once; otherwise null and the caller asks the server itself.
 */
function takeMatching(params: DishListParams): EarlyDishes | null {
  const early = window.__monNgonEarlyDishes;
  if (!early) return null;
  delete window.__monNgonEarlyDishes;
  const same =
    early.page === params.page &&
    early.perPage === params.perPage &&
    early.lat === params.lat &&
    early.lon === params.lon;
  if (!same || performance.now() > EARLY_DISHES_MAX_AGE_MS) return null;
  return early;
}

/**
 * The early request's reply when it asked for exactly `params`, once; otherwise null and the
 * caller asks the server itself. A failed early request is not reused either.
 */
export function takeEarlyDishes(params: DishListParams): Promise<ApiReply<DishPage>> | null {
  return takeMatching(params)?.reply ?? null;
}

/**
 * The early page itself when it has already arrived (usually: the request leaves long before
 * the scripts have downloaded and run), once. The home then has its grid in its very first
 * render, rather than rendering placeholders and then, a task later, the whole grid again.
 * Still in flight, it stays for `takeEarlyDishes`.
 */
export function takeArrivedEarlyDishes(params: DishListParams): DishPage | null {
  if (!window.__monNgonEarlyDishes?.data) return null;
  return takeMatching(params)?.data ?? null;
}
