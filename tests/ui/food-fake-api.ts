import type { Mock } from 'vitest';
import type {
  Dish,
  Food,
  OpeningHours,
  Restaurant,
  RestaurantSummary,
  Review,
} from '#contract/catalogue';

/**
 * Replies of the catalogue endpoints for the food and restaurant screen tests, shaped as
 * contract/catalogue.ts says, plus a way to read the query strings the app sent (stubApi of
 * tests/setup/fake-api.ts records paths only).
 */

/** Mon-Fri two shifts, Saturday past midnight, Sunday closed. */
export const weekHours: OpeningHours = {
  mon: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  tue: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  wed: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  thu: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  fri: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  sat: [{ open: '18:00', close: '02:00' }],
  sun: [],
};

export function makeFood(overrides: Partial<Food> = {}): Food {
  return {
    id: 12,
    name: 'Phở bò tái lăn',
    description: 'Nước dùng ninh xương bò 12 tiếng, thịt tái lăn gừng tỏi.',
    price: 45_000,
    image_url: '/uploads/foods/pho.webp',
    categories: ['Món chính', 'Món ăn đường phố'],
    available: true,
    rating: 4.5,
    review_count: 12,
    restaurant: {
      id: 3,
      name: 'Phở Thìn Lò Đúc',
      image_url: '/uploads/restaurants/3.webp',
      address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
      lat: 21.0147,
      lon: 105.8555,
      opening_hours: weekHours,
      phone: '0912 345 678',
      email: 'phothin@example.vn',
      is_active: true,
      is_open_now: true,
      opens_at: null,
      paused_until: null,
      delivery_radius_km: 10,
    },
    toppings: [
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
      { id: 103, name: 'Thêm thịt bò', price: 20_000 },
    ],
    option_groups: [],
    ...overrides,
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    rating: 5,
    comment: 'Nước dùng đậm đà, sẽ quay lại.',
    created_at: '2024-05-16T20:00:00.000Z',
    customer_id: 7,
    customer_name: 'Nguyễn Thị Lan',
    food_id: 12,
    food_name: 'Phở bò tái lăn',
    ...overrides,
  };
}

export function reviewPage(items: Review[], hasNext = false) {
  return {
    items,
    pagination: { page: 1, per_page: 5, total: items.length, total_pages: 1, has_next: hasNext },
  };
}

export function makeRestaurant(overrides: Partial<Restaurant> = {}): Restaurant {
  return {
    id: 3,
    name: 'Phở Thìn Lò Đúc',
    description: 'Phở bò gia truyền từ năm 1979.',
    address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
    lat: 21.0147,
    lon: 105.8555,
    phone: '0912 345 678',
    email: 'phothin@example.vn',
    opening_hours: weekHours,
    image_url: '/uploads/restaurants/3.webp',
    cover_url: '/uploads/restaurants/3-cover.webp',
    logo_url: '/uploads/restaurants/3-logo.webp',
    is_active: true,
    is_open_now: false,
    opens_at: null,
    paused_until: null,
    delivery_radius_km: 10,
    approval_status: 'approved',
    rating: 4.46,
    avg_rating: 4.46,
    review_count: 128,
    food_count: 24,
    completed_orders: 1234,
    top_foods: [
      { id: 12, name: 'Phở bò tái lăn', image_url: null, price: 45_000, total_sold: 120 },
      { id: 13, name: 'Phở bò chín', image_url: null, price: 40_000, total_sold: 1500 },
    ],
    recent_reviews: [
      makeReview({ id: 31, customer_id: 7, customer_name: 'Nguyễn Thị Lan', rating: 4 }),
      makeReview({
        id: 32,
        customer_id: 9,
        customer_name: null,
        rating: 2,
        comment: 'Hơi mặn.',
        food_name: 'Phở bò chín',
        created_at: '2024-03-01T03:00:00.000Z',
      }),
    ],
    ...overrides,
  };
}

export function makeDish(overrides: Partial<Dish> = {}): Dish {
  const id = overrides.id ?? 12;
  return {
    id,
    name: `Món ${id}`,
    description: '',
    price: 40_000,
    image_url: null,
    distance_km: 1.2,
    available: true,
    categories: ['Món chính'],
    restaurant: {
      id: 3,
      name: 'Phở Thìn Lò Đúc',
      is_active: true,
      is_open_now: true,
      opens_at: null,
    },
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<RestaurantSummary> = {}): RestaurantSummary {
  const id = overrides.id ?? 20;
  return {
    id,
    name: `Quán số ${id}`,
    address: `${id} Trần Hưng Đạo, Hoàn Kiếm, Hà Nội`,
    image_url: null,
    logo_url: null,
    distance_km: 0.85,
    is_active: true,
    rating: 4,
    review_count: 3,
    ...overrides,
  };
}

export function listPage<T>(items: T[]) {
  return {
    items,
    pagination: { page: 1, per_page: 20, total: items.length, total_pages: 1, has_next: false },
  };
}

/** Every URL the app fetched so far that has `path` as its path name. */
export function requestedUrls(path: string): URL[] {
  const calls = (globalThis.fetch as Mock).mock.calls as [RequestInfo | URL, RequestInit?][];
  return calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === path);
}
