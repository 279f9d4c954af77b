import { z } from 'zod';

/**
 * Whole numbers as requests carry them, bounded by what the database holds: ids and most
 * counts live in PostgreSQL `integer` columns (at most 2^31 - 1), so a larger id is refused
 * here with the field's own message instead of failing in the query. Every id, page and
 * amount of every route comes through these, so no route can forget the bound.
 */

/** The largest value of a PostgreSQL `integer` column. */
export const INT32_MAX = 2_147_483_647;
/** Ten pages of 50 past any list the app holds; beyond it the offset means nothing. */
export const PAGE_MAX = 100_000;

export const ID_MESSAGE = 'Mã không hợp lệ';
export const PAGE_MESSAGE = 'Số trang phải là số nguyên dương';
export const PER_PAGE_MESSAGE = 'Số mục mỗi trang phải từ 1 đến 50';

/** A whole number from min to max in a JSON body; anything else is `message`. */
export function wholeNumber(message: string, min: number, max: number) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The same from a path or query string, where every value arrives as text. */
export function wholeNumberParam(message: string, min: number, max: number) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A row id in a JSON body. */
export const idSchema = (message: string = ID_MESSAGE) => wholeNumber(message, 1, INT32_MAX);

/** A row id in a path or query string. */
export const idParam = (message: string = ID_MESSAGE) => wholeNumberParam(message, 1, INT32_MAX);

/** `page` of a paged list: 1 when absent. */
export const pageParam = () => wholeNumberParam(PAGE_MESSAGE, 1, PAGE_MAX).default(1);

/** `per_page` of a paged list: 1 to 50. */
export const perPageParam = () => wholeNumberParam(PER_PAGE_MESSAGE, 1, 50);
