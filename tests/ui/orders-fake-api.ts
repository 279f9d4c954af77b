import { vi, type Mock } from 'vitest';
import type { Order, OrderItem } from '#contract/orders';
import { setSession } from '#src/lib/session';

/**
 * Orders as GET /api/customer/orders/ and /api/staff/orders/ return them (contract/orders.ts),
 * for the checkout and orders screen tests.
 */

export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 901,
    food_id: 12,
    food_name: 'Phở bò tái lăn',
    food_image: '/uploads/foods/pho.webp',
    price: 53_000,
    quantity: 2,
    subtotal: 106_000,
    toppings: [
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
    ],
    options: [],
    note: '',
    has_reviewed: false,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    status: 'pending',
    restaurant_id: 3,
    restaurant_name: 'Phở Thìn Lò Đúc',
    customer_name: 'Nguyễn Thị Lan',
    subtotal: 151_000,
    discount: 15_000,
    shipping_fee: 0,
    total_amount: 136_000,
    total: 136_000,
    coupon_code: 'GIAM10',
    item_count: 3,
    delivery_address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
    delivery_phone: '0912345678',
    delivery_note: 'Ít hành',
    cancel_reason: null,
    // 23:30 on 1 March in Hà Nội is already 2 March there: the card must say 02/03/2026.
    created_at: '2026-03-01T17:30:00.000Z',
    updated_at: '2026-03-01T17:30:00.000Z',
    paid_at: null,
    accepted_at: null,
    done_at: null,
    completed_at: null,
    cancelled_at: null,
    items: [
      makeOrderItem(),
      makeOrderItem({
        id: 902,
        food_id: 15,
        food_name: 'Bún chả Hà Nội',
        food_image: null,
        price: 45_000,
        quantity: 1,
        subtotal: 45_000,
        toppings: [],
      }),
    ],
    ...overrides,
  };
}

export function orderPage(items: Order[], { page = 1, hasNext = false, perPage = 10 } = {}) {
  return {
    items,
    pagination: {
      page,
      per_page: perPage,
      total: items.length,
      total_exact: true,
      total_pages: hasNext ? page + 1 : page,
      has_next: hasNext,
    },
  };
}

export function signInAsCustomer() {
  setSession({
    user: { id: 7, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

export function signInAsStaff(role: 'staff' | 'owner' = 'staff') {
  setSession({
    user: { id: 3, name: 'Đức', role },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

export interface SentRequest {
  url: URL;
  method: string;
  headers: Headers;
}

/**
 * Every request the app sent to `path`, in order, with its headers (stubApi records paths and
 * bodies only). Read without building a new Request: the stub has already used the body.
 */
export function requestsTo(path: string): SentRequest[] {
  const calls = (globalThis.fetch as Mock).mock.calls as [RequestInfo | URL, RequestInit?][];
  return calls
    .map(([input, init]): SentRequest => {
      const request = input instanceof Request ? input : null;
      const headers = new Headers(request?.headers);
      new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
      const url = input instanceof Request ? input.url : input;
      return {
        url: new URL(url, window.location.origin),
        method: init?.method ?? request?.method ?? 'GET',
        headers,
      };
    })
    .filter((request) => request.url.pathname === path);
}

/**
 * Makes the browser say it is offline (or online again), as useOnline() hears it. A spy, so
 * it is restored after the test like every other mock.
 */
export function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
