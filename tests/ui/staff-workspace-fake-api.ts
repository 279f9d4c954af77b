import type { Mock } from 'vitest';
import type { Pagination } from '#contract/envelope';
import type { StaffFood } from '#contract/staff-menu';
import type { StaffMember } from '#contract/staff-members';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { setSession } from '#src/lib/session';

/**
 * Dishes, a restaurant and staff accounts as the /api/staff/ calls return them
 * (contract/staff-menu.ts, staff-restaurant.ts, staff-members.ts), for the menu, dish form,
 * restaurant and team screen tests.
 */

export function signInAs(role: 'owner' | 'staff' | 'admin') {
  setSession({
    user: { id: 3, name: 'Trần Minh Đức', role },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

export function makeStaffFood(overrides: Partial<StaffFood> = {}): StaffFood {
  return {
    id: 12,
    restaurant_id: 3,
    name: 'Phở bò tái lăn',
    description: 'Nước dùng hầm xương 12 tiếng',
    price: 45_000,
    image_url: '/uploads/foods/pho.webp',
    available: true,
    categories: [{ id: 2, name: 'Món chính' }],
    toppings: [
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
    ],
    option_groups: [],
    available_again_at: null,
    created_at: '2026-03-01T03:00:00.000Z',
    updated_at: '2026-03-01T03:00:00.000Z',
    ...overrides,
  };
}

export function foodPage(
  items: StaffFood[],
  { page = 1, totalPages = 1, total = items.length } = {},
): { items: StaffFood[]; pagination: Pagination } {
  return {
    items,
    pagination: {
      page,
      per_page: 10,
      total,
      total_exact: true,
      total_pages: totalPages,
      has_next: page < totalPages,
    },
  };
}

export const CATEGORIES = [
  { id: 1, name: 'Đồ ăn vặt' },
  { id: 2, name: 'Món chính' },
  { id: 3, name: 'Tráng miệng' },
];

const week = (open: string, close: string) => ({
  mon: [{ open, close }],
  tue: [{ open, close }],
  wed: [{ open, close }],
  thu: [{ open, close }],
  fri: [{ open, close }],
  sat: [{ open, close }],
  sun: [{ open, close }],
});

export function makeStaffRestaurant(overrides: Partial<StaffRestaurant> = {}): StaffRestaurant {
  return {
    id: 3,
    name: 'Phở Thìn Lò Đúc',
    description: 'Phở bò gia truyền từ 1979',
    address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
    lat: 21.0151,
    lon: 105.8565,
    phone: '0912345678',
    email: 'phothin@example.vn',
    opening_hours: week('07:00', '22:00'),
    image_url: '/uploads/restaurants/cover.webp',
    cover_url: '/uploads/restaurants/cover.webp',
    logo_url: '/uploads/restaurants/logo.webp',
    is_active: true,
    is_open_now: true,
    opens_at: null,
    paused_until: null,
    delivery_radius_km: 10,
    auto_accept: false,
    approval_status: 'approved',
    rejection_reason: null,
    rating: 4.6,
    avg_rating: 4.6,
    review_count: 128,
    food_count: 14,
    completed_orders: 560,
    top_foods: [],
    recent_reviews: [],
    admin_paused_reason: null,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 5,
    username: 'thu_ngan',
    first_name: 'Thị Hoa',
    last_name: 'Lê',
    phone: '0987111222',
    email: null,
    created_at: '2026-03-01T03:00:00.000Z',
    ...overrides,
  };
}

/** The query string of every request the app sent to `path`, in order. */
export function searchParamsTo(path: string): URLSearchParams[] {
  const calls = (globalThis.fetch as Mock).mock.calls as [RequestInfo | URL, RequestInit?][];
  return calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** A picture as the file input hands it over. */
export function pictureFile(name = 'pho.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

/** `text` as a regular expression that matches it literally (labels hold brackets). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
