import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Dish, SearchRestaurant } from '#contract/catalogue';

/**
 * A fake GET /api/search/ behind `fetch` for the search screen's tests: the app's own ky client,
 * TanStack Query and router run for real. Every search request is recorded with its query
 * string; anything else (the layout's cart badge) answers 404, which the app shrugs off.
 */

export const PER_PAGE = 10;

export function dish(id: number, overrides: Partial<Dish> = {}): Dish {
  return {
    id,
    name: `Món ${id}`,
    description: '',
    price: 45_000,
    image_url: null,
    distance_km: 1.2,
    available: true,
    categories: ['Món chính'],
    restaurant: { id: 1, name: 'Quán', is_active: true, is_open_now: true, opens_at: null },
    ...overrides,
  };
}

export function restaurant(
  id: number,
  overrides: Partial<SearchRestaurant> = {},
): SearchRestaurant {
  return {
    id,
    name: `Quán số ${id}`,
    address: `${id} Hàng Bạc, Hoàn Kiếm, Hà Nội`,
    image_url: null,
    distance_km: 1.2,
    is_active: true,
    searched_foods: [
      dish(id * 100 + 1, {
        restaurant: {
          id,
          name: `Quán số ${id}`,
          is_active: true,
          is_open_now: true,
          opens_at: null,
        },
      }),
    ],
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** One page of a reply as the server sends it (design.md section 4). */
export function searchReply(
  items: SearchRestaurant[],
  {
    page = 1,
    pages = 1,
    total = items.length,
    totalExact = true,
  }: { page?: number; pages?: number; total?: number; totalExact?: boolean } = {},
): Response {
  return jsonResponse(200, {
    success: true,
    message: 'OK',
    data: {
      items,
      pages,
      pagination: {
        page,
        per_page: PER_PAGE,
        total,
        total_exact: totalExact,
        total_pages: pages,
        has_next: page < pages,
      },
    },
  });
}

export const serverError = (): Response =>
  jsonResponse(500, { success: false, message: 'Máy chủ đang bận', code: 'INTERNAL' });

/** `total` restaurants numbered from `firstId`, served ten a page as the server would. */
export function catalogue(total: number, firstId = 1) {
  return (params: URLSearchParams): Response => {
    const page = Number(params.get('page'));
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const ids = Array.from({ length: total }, (_, index) => firstId + index);
    const items = ids.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((id) => restaurant(id));
    return searchReply(items, { page, pages, total });
  };
}

export type SearchAnswer = (params: URLSearchParams) => Response | Promise<Response>;

export function fakeSearchApi(answer: SearchAnswer = catalogue(3)) {
  const requests: URLSearchParams[] = [];
  let current = answer;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/search/') {
      requests.push(url.searchParams);
      return current(url.searchParams);
    }
    return jsonResponse(404, { success: false, message: 'Không tìm thấy', code: 'NOT_FOUND' });
  });
  return {
    /** Every search request's query, in order. */
    requests,
    /** Answers the next requests differently. */
    answer(next: SearchAnswer) {
      current = next;
    },
    /** The query of the latest search request; fails the test when there was none. */
    last(): URLSearchParams {
      const params = requests.at(-1);
      if (!params) throw new Error('No search request was made');
      return params;
    },
  };
}

/** A reply the test releases when it is ready, to look at the screen while a request runs. */
export function deferred() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: (() => response) as SearchAnswer, release };
}

/** The query of a request as a plain object, for whole-object comparisons. */
export const paramsOf = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(params.entries());

/**
 * jsdom lays nothing out: this gives the page a height that grows with the results on screen
 * (by default 400 px a restaurant link; `items` and `itemHeight` say what else grows it), a
 * 800 px window by default, and a scroll position that window.scrollTo moves.
 */
export function fakePageGeometry({
  items = 'a[href^="/restaurant/"]',
  itemHeight = 400,
}: { items?: string; itemHeight?: number } = {}) {
  let scrollY = 0;
  let innerHeight = 800;
  const original = {
    innerHeight: Object.getOwnPropertyDescriptor(window, 'innerHeight'),
    scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY'),
  };
  Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => innerHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: () => 600 + document.querySelectorAll(items).length * itemHeight,
  });
  // The app calls scrollTo(x, y); the options form is not used.
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation((x?: unknown, y?: number) => {
    scrollY = typeof x === 'number' ? (y ?? 0) : 0;
  });
  const bottomGap = () => document.documentElement.scrollHeight - (window.innerHeight + scrollY);
  return {
    scrollTo,
    /** A taller or shorter window, e.g. a desktop screen that the first page does not fill. */
    setWindowHeight(height: number) {
      innerHeight = height;
    },
    /** Scrolls as a user does: moves the position, then the browser fires 'scroll'. */
    scroll(y: number) {
      act(() => {
        scrollY = y;
        window.dispatchEvent(new Event('scroll'));
      });
    },
    /** Scrolls until `gap` px are left below the window. */
    scrollToGap(gap: number) {
      this.scroll(scrollY + bottomGap() - gap);
    },
    restore() {
      for (const [name, descriptor] of Object.entries(original)) {
        if (descriptor) Object.defineProperty(window, name, descriptor);
      }
      Reflect.deleteProperty(document.documentElement, 'scrollHeight');
    },
  };
}
