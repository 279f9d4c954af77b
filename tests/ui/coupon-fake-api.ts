import type { ManagedCoupon } from '#contract/coupon-admin';
import type { Pagination } from '#contract/envelope';
import { ok, type ApiCall } from '../setup/fake-api';

/**
 * Managed coupons as GET /api/admin/coupons/ and /api/staff/coupons/ return them
 * (contract/coupon-admin.ts), and the pages the form's pickers read, for the coupon screens'
 * tests.
 */

export function makeCoupon(overrides: Partial<ManagedCoupon> = {}): ManagedCoupon {
  const kind = overrides.type ?? overrides.kind ?? 'fixed';
  return {
    id: 41,
    code: 'GIAM20K',
    description: '',
    kind,
    type: kind,
    value: 20_000,
    max_discount: null,
    min_order: 100_000,
    restaurant_id: 3,
    restaurant_name: 'Phở Thìn Lò Đúc',
    food_ids: null,
    starts_at: '2026-01-01T01:00:00.000Z',
    ends_at: null,
    remaining: null,
    per_customer_limit: null,
    usage_limit: null,
    paused: false,
    used_count: 0,
    customers: 0,
    discount_given: 0,
    created_at: '2026-01-01T01:00:00.000Z',
    updated_at: '2026-01-01T01:00:00.000Z',
    ...overrides,
  };
}

function pagination(total: number): Pagination {
  return {
    page: 1,
    per_page: 50,
    total,
    total_exact: true,
    total_pages: 1,
    has_next: false,
  };
}

/** One page of dishes as /api/staff/foods/ or /api/food/ answer it (only what the picker reads). */
export function dishPage(dishes: { id: number; name: string }[]) {
  return () => ok({ items: dishes, pagination: pagination(dishes.length) });
}

/** Approved restaurants as /api/admin/restaurants/ answers, filtered by `q` in the name. */
export function restaurantSearch(restaurants: { id: number; name: string }[]) {
  return (call: ApiCall) => {
    const q = call.query.get('q') ?? '';
    const found = restaurants.filter((restaurant) => restaurant.name.includes(q));
    return ok({ items: found, pagination: pagination(found.length) });
  };
}
