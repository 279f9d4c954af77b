/**
 * Every order query (lists of both roles, details) lives under this prefix. Checkout creates
 * orders and the orders screens read them, and features never import each other, so the
 * prefix they both need to agree on lives here.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/**
 * An order changes behind its reader's back (the kitchen accepts it, VNPay's confirmation lands,
 * the restaurant cancels and refunds), so a copy restored from IndexedDB or read a minute ago is
 * read again whenever an order screen opens; offline the copy still shows.
 */
export const ORDERS_STALE_TIME_MS = 0;
