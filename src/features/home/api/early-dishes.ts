import type { ApiReply } from '../../../lib/http';
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
 * The early request's reply when it asked for exactly `params`, once; otherwise null and the
 * caller asks the server itself. A failed early request is not reused either.
 */
export function takeEarlyDishes(params: DishListParams): Promise<ApiReply<DishPage>> | null {
  const early = window.__monNgonEarlyDishes;
  if (!early) return null;
  delete window.__monNgonEarlyDishes;
  const same =
    early.page === params.page &&
    early.perPage === params.perPage &&
    early.lat === params.lat &&
    early.lon === params.lon;
  if (!same || performance.now() > EARLY_DISHES_MAX_AGE_MS) return null;
  return early.reply;
}
