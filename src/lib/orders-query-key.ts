/**
 * Every order query (lists of both roles, details) lives under this prefix. Checkout creates
 * orders and the orders screens read them, and features never import each other, so the
 * prefix they both need to agree on lives here.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
