import type { Review } from '#contract/catalogue';
import type { RevenueSummary } from '#contract/revenue';
import type { StaffRestaurant } from '#contract/staff-restaurant';

/**
 * Replies of the staff calls the dashboard, /staff/reviews and the profile's restaurant card
 * read (contract/staff-restaurant.ts, contract/revenue.ts, contract/catalogue.ts).
 */

const EVERY_DAY = [{ open: '07:00', close: '22:00' }];

export function makeStaffRestaurant(overrides: Partial<StaffRestaurant> = {}): StaffRestaurant {
  return {
    id: 3,
    name: 'Phở Thìn Lò Đúc',
    description: 'Phở bò tái lăn gia truyền',
    address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
    lat: 21.0166,
    lon: 105.8566,
    phone: '0243821 2709',
    email: 'phothin@example.vn',
    opening_hours: {
      mon: EVERY_DAY,
      tue: EVERY_DAY,
      wed: EVERY_DAY,
      thu: EVERY_DAY,
      fri: EVERY_DAY,
      sat: EVERY_DAY,
      sun: EVERY_DAY,
    },
    image_url: null,
    cover_url: null,
    logo_url: null,
    is_active: true,
    is_open_now: true,
    opens_at: null,
    paused_until: null,
    delivery_radius_km: 10,
    auto_accept: false,
    approval_status: 'approved',
    rating: 4.5,
    avg_rating: 4.5,
    review_count: 12,
    food_count: 8,
    completed_orders: 40,
    top_foods: [],
    recent_reviews: [],
    rejection_reason: null,
    admin_paused_reason: null,
    ...overrides,
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    rating: 5,
    comment: 'Nước dùng đậm đà, thịt mềm',
    created_at: '2026-03-01T05:00:00.000Z',
    customer_id: 7,
    customer_name: 'Nguyễn Thị Lan',
    food_id: 12,
    food_name: 'Phở bò tái lăn',
    ...overrides,
  };
}

export function reviewPage(
  items: Review[],
  { page = 1, total = items.length, totalExact = true, hasNext = false, perPage = 10 } = {},
) {
  return {
    items,
    pagination: {
      page,
      per_page: perPage,
      total,
      total_exact: totalExact,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      has_next: hasNext,
    },
  };
}

/** March 2026 day by day, with sales on the 2nd and the 3rd. */
export function makeRevenue(overrides: Partial<RevenueSummary> = {}): RevenueSummary {
  const daily_revenue = Array.from({ length: 31 }, (_, index) => {
    const day = String(index + 1).padStart(2, '0');
    const sales: Record<string, [number, number]> = {
      '02': [1_250_000, 9],
      '03': [2_500_000, 14],
    };
    const [revenue, orders] = sales[day] ?? [0, 0];
    return { date: `2026-03-${day}`, revenue, orders };
  });
  return { order_count: 23, total_revenue: 3_750_000, daily_revenue, ...overrides };
}
