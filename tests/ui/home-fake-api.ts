import { vi } from 'vitest';
import type { Dish } from '#contract/catalogue';

/**
 * A fake server behind `fetch` for the home, address dialog and dish card tests. Unlike
 * tests/setup/fake-api.ts it records each call's query string too: the home's paging and the
 * geocoder are all about query parameters. The app's own ky clients run for real.
 */

export interface QueryCall {
  method: string;
  path: string;
  params: URLSearchParams;
  authorization: string | null;
}

export type QueryRoute = (call: QueryCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const okReply = (data: unknown): Response => json({ success: true, message: 'OK', data });

export const failReply = (status: number, message = 'Lỗi máy chủ'): Response =>
  json({ success: false, message, code: 'ERROR' }, status);

export function stubQueryApi(routes: Record<string, QueryRoute>) {
  const calls: QueryCall[] = [];
  const handlers = { ...routes };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const call: QueryCall = {
      method: request.method,
      path: url.pathname,
      params: url.searchParams,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : failReply(404, 'Không tìm thấy');
  });
  return {
    calls,
    on(route: string, handler: QueryRoute) {
      handlers[route] = handler;
    },
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

export function makeDish(overrides: Partial<Dish> = {}): Dish {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Phở bò tái ${id}`,
    description: 'Nước dùng ninh xương 12 tiếng',
    price: 45_000,
    image_url: `/uploads/dish-${id}.webp`,
    distance_km: 0.85,
    available: true,
    categories: ['Mì', 'Món chính'],
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

/** One page of GET /api/food/ as the server sends it (spec 7.2, design.md section 4). */
export function dishPage(items: Dish[], page: number, totalPages: number, perPage = 10) {
  const total = totalPages === 0 ? 0 : (totalPages - 1) * perPage + items.length;
  return {
    items,
    meta: { page, per_page: perPage, total, total_pages: totalPages },
    pagination: {
      page,
      per_page: perPage,
      total,
      total_pages: totalPages,
      has_next: page < totalPages,
    },
  };
}

/** `count` dishes with ids from `firstId`. */
export function dishes(count: number, firstId = 1): Dish[] {
  return Array.from({ length: count }, (_, index) => makeDish({ id: firstId + index }));
}
