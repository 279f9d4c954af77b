import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { currentMonthRange } from '#src/features/dashboard/month-range';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { makeRevenue, makeReview, makeStaffRestaurant, reviewPage } from './dashboard-fake-api';
import {
  makeOrder,
  orderPage,
  requestsTo,
  signInAsCustomer,
  signInAsStaff,
} from './orders-fake-api';

const t = text.dashboard;
/** Generous: the screen's chunks load on first use, on a machine that may be busy. */
const slow = { timeout: 5000 };

const REVENUE = 'GET /api/staff/revenue/';
const RESTAURANT = 'GET /api/staff/restaurant/';
const ORDERS = 'GET /api/staff/orders/';
const REVIEWS = 'GET /api/staff/reviews/';

// 01:30 on 1 March 2026 in Hà Nội, still 28 February in UTC: the restaurant's month is March.
const NOW = new Date('2026-02-28T18:30:00.000Z');

const tenOrders = Array.from({ length: 10 }, (_, index) =>
  makeOrder({
    id: 110 - index,
    status: index === 0 ? 'paid' : 'completed',
    total_amount: 100_000 + index * 1_000,
    total: 100_000 + index * 1_000,
    // 18:00 to 18:09 in Hà Nội on 2 March.
    created_at: `2026-03-02T11:0${index % 10}:00.000Z`,
  }),
);

const threeReviews = [
  makeReview({ id: 1, rating: 5 }),
  makeReview({ id: 2, rating: 4 }),
  makeReview({ id: 3, rating: 4 }),
];

function dashboardApi(overrides: Record<string, ApiHandler> = {}) {
  return stubApi({
    [REVENUE]: () => ok(makeRevenue()),
    [RESTAURANT]: () => ok(makeStaffRestaurant()),
    [ORDERS]: () => ok(orderPage(tenOrders)),
    [REVIEWS]: () => ok(reviewPage(threeReviews, { total: 37, hasNext: true })),
    ...overrides,
  });
}

async function openDashboard(overrides: Record<string, ApiHandler> = {}) {
  const api = dashboardApi(overrides);
  signInAsStaff('owner');
  const rendered = renderApp('/');
  // The first visit also loads the screen's chunks.
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, ...rendered };
}

const card = (label: string) => screen.getByRole('group', { name: label });

/** Resolves when every call has answered: the loading line is gone. */
const settled = () =>
  waitFor(() => expect(screen.queryByText(t.loading)).not.toBeInTheDocument(), slow);

/** A reply that waits for the test to release it. */
function held(reply: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  const handler: ApiHandler = async () => {
    await gate;
    answered = true;
    return reply();
  };
  return { handler, release: () => release(), answered: () => answered };
}

let warn: MockInstance<typeof console.warn>;

/** What the dashboard logged (the chart library warns too, about jsdom's zero-size layout). */
const dashboardWarnings = () =>
  warn.mock.calls.filter(([message]: unknown[]) => String(message).startsWith('Dashboard:'));

beforeEach(() => {
  logout();
  act(() => notifications.clean());
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // Spec section 8: failures are logged, and only logged.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the month the revenue is asked for (spec 7.5)', () => {
  it.each([
    ['2026-02-28T18:30:00.000Z', '2026-03-01', '2026-03-31'],
    ['2026-02-28T16:59:59.000Z', '2026-02-01', '2026-02-28'],
    ['2028-02-10T03:00:00.000Z', '2028-02-01', '2028-02-29'],
    ['2026-12-31T16:59:00.000Z', '2026-12-01', '2026-12-31'],
    ['2026-12-31T17:00:00.000Z', '2027-01-01', '2027-01-31'],
    ['2026-04-15T00:00:00.000Z', '2026-04-01', '2026-04-30'],
  ])('at %s runs from %s to %s in Hà Nội', (instant, start, end) => {
    expect(currentMonthRange(new Date(instant))).toEqual({ start_date: start, end_date: end });
  });
});

describe('the staff dashboard at / (spec 2.17)', () => {
  it('words the title, badge, loading text and orders button as the spec does', () => {
    expect(t.title).toBe('Bảng điều khiển');
    expect(t.active).toBe('Đang hoạt động');
    expect(t.paused).toBe('Tạm ngừng');
    expect(t.loading).toBe('Đang tải dữ liệu...');
    expect(t.allOrders).toBe('Xem tất cả đơn hàng');
  });

  it('makes its four calls at once, with the month bounds and the page sizes of spec 9', async () => {
    const replies = {
      [REVENUE]: held(() => ok(makeRevenue())),
      [RESTAURANT]: held(() => ok(makeStaffRestaurant())),
      [ORDERS]: held(() => ok(orderPage(tenOrders))),
      [REVIEWS]: held(() => ok(reviewPage(threeReviews))),
    };
    const api = dashboardApi(
      Object.fromEntries(Object.entries(replies).map(([route, { handler }]) => [route, handler])),
    );
    signInAsStaff('staff');
    renderApp('/');
    expect(await screen.findByText(t.loading, {}, { timeout: 5000 })).toBeInTheDocument();

    // All four are out before any has answered.
    await waitFor(() => {
      for (const route of Object.keys(replies)) expect(api.callsTo(route)).toHaveLength(1);
    }, slow);
    expect(Object.values(replies).some((reply) => reply.answered())).toBe(false);

    const [revenue] = requestsTo('/api/staff/revenue/');
    expect(Object.fromEntries(revenue!.url.searchParams)).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-31',
    });
    const [orders] = requestsTo('/api/staff/orders/');
    expect(Object.fromEntries(orders!.url.searchParams)).toEqual({ page: '1', per_page: '10' });
    const [reviews] = requestsTo('/api/staff/reviews/');
    expect(Object.fromEntries(reviews!.url.searchParams)).toEqual({ page: '1', per_page: '10' });
    expect(requestsTo('/api/staff/restaurant/')[0]!.url.search).toBe('');

    for (const reply of Object.values(replies)) reply.release();
    await settled();
    expect(within(card(t.revenue)).getByText('3.750.000 ₫')).toBeInTheDocument();
    expect(dashboardWarnings()).toEqual([]);
  });

  it("shows 'Bảng điều khiển', the restaurant and the badge 'Đang hoạt động'", async () => {
    await openDashboard();
    await settled();
    expect(screen.getByText('Phở Thìn Lò Đúc')).toBeInTheDocument();
    expect(screen.getByText('Đang hoạt động').closest('[data-active]')).toHaveAttribute(
      'data-active',
      'true',
    );
    expect(screen.queryByText('Tạm ngừng')).not.toBeInTheDocument();
  });

  it("shows 'Tạm ngừng' for a paused restaurant", async () => {
    await openDashboard({ [RESTAURANT]: () => ok(makeStaffRestaurant({ is_active: false })) });
    const badge = await screen.findByText('Tạm ngừng');
    expect(badge.closest('[data-active]')).toHaveAttribute('data-active', 'false');
    expect(screen.queryByText('Đang hoạt động')).not.toBeInTheDocument();
  });

  it("fills the four cards: the month's revenue and orders, the average and the review total", async () => {
    await openDashboard();
    await settled();
    expect(card('Doanh thu tháng này')).toHaveTextContent('3.750.000 ₫');
    expect(card('Đơn hàng tháng này')).toHaveTextContent('23');
    // (5 + 4 + 4) / 3 over the fetched reviews, one decimal.
    expect(card('Đánh giá trung bình')).toHaveTextContent('4,3');
    // The reply's pagination.total, not the ten it carries.
    expect(card('Tổng số đánh giá')).toHaveTextContent('37');
  });

  it('averages over the ten fetched reviews only', async () => {
    const ratings = [5, 5, 5, 4, 4, 3, 5, 4, 2, 5];
    await openDashboard({
      [REVIEWS]: () =>
        ok(
          reviewPage(
            ratings.map((rating, index) => makeReview({ id: index + 1, rating })),
            { total: 250, totalExact: true, hasNext: true },
          ),
        ),
    });
    await settled();
    expect(card(t.averageRating)).toHaveTextContent('4,2');
    expect(card(t.totalReviews)).toHaveTextContent('250');
  });

  it('says there is no rating yet without reviews', async () => {
    await openDashboard({
      [REVIEWS]: () => ok(reviewPage([], { total: 0 })),
    });
    await settled();
    expect(card(t.averageRating)).toHaveTextContent(t.noRating);
    expect(card(t.totalReviews)).toHaveTextContent(/^Tổng số đánh giá0$/);
  });

  it('shows a lower-bound total as such', async () => {
    await openDashboard({
      [REVIEWS]: () => ok(reviewPage(threeReviews, { total: 110, totalExact: false })),
    });
    await settled();
    expect(card(t.totalReviews)).toHaveTextContent('110+');
  });

  it("lists five of the ten newest orders with id, Hà Nội time, total and status, and 'Xem tất cả đơn hàng'", async () => {
    const { router } = await openDashboard();
    await settled();
    const section = screen.getByRole('region', { name: t.recentOrders });
    const rows = within(section).getAllByRole('link', { name: /^Đơn #/ });
    expect(rows.map((row) => within(row).getByText(/^Đơn #/).textContent)).toEqual([
      'Đơn #110',
      'Đơn #109',
      'Đơn #108',
      'Đơn #107',
      'Đơn #106',
    ]);
    const first = rows[0]!;
    expect(first).toHaveAttribute('href', '/orders/110');
    expect(within(first).getByText('18:00 02/03/2026')).toBeInTheDocument();
    expect(within(first).getByText('100.000 ₫')).toBeInTheDocument();
    const badge = (row: HTMLElement, label: string) =>
      within(row).getByText(label).closest('[data-status]');
    expect(badge(first, 'Đã thanh toán')).toHaveAttribute('data-status', 'paid');
    expect(badge(rows[1]!, 'Đã giao')).toHaveAttribute('data-status', 'completed');

    const all = within(section).getByRole('link', { name: 'Xem tất cả đơn hàng' });
    expect(all).toHaveAttribute('href', '/orders');
    act(() => all.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), slow);
  });

  it('offers the menu, the restaurant, the reviews and the promotions as quick actions', async () => {
    await openDashboard();
    await settled();
    expect(screen.getByRole('link', { name: new RegExp(t.manageMenu) })).toHaveAttribute(
      'href',
      '/staff/menu',
    );
    expect(screen.getByRole('link', { name: new RegExp(t.restaurantInfo) })).toHaveAttribute(
      'href',
      '/staff/restaurant',
    );
    expect(screen.getByRole('link', { name: new RegExp(t.customerReviews) })).toHaveAttribute(
      'href',
      '/staff/reviews',
    );
    // The restaurant's promotions come after the spec's three.
    // Named by its hint: the top bar has a 'Khuyến mãi' link too.
    const coupons = screen.getByRole('link', { name: new RegExp(t.couponsHint) });
    expect(coupons).toHaveAttribute('href', '/staff/coupons');
    expect(coupons).toHaveTextContent(t.coupons);
    const cards = [t.manageMenu, t.restaurantInfo, t.customerReviews, t.couponsHint].map((name) =>
      screen.getByRole('link', { name: new RegExp(name) }),
    );
    for (const [index, later] of cards.slice(1).entries()) {
      expect(cards[index]!.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });

  describe('when one call fails, only its cards stay empty (spec 7.5, 8)', () => {
    const failing = () => fail(500, 'Máy chủ đang bận');

    async function openWithFailure(route: string) {
      const opened = await openDashboard({ [route]: failing });
      await settled();
      // Logged, never toasted.
      await waitFor(() => expect(dashboardWarnings()).toHaveLength(1), slow);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Máy chủ đang bận')).not.toBeInTheDocument();
      return opened;
    }

    const emptyCards = () =>
      screen
        .getAllByRole('group')
        .filter((group) => group.hasAttribute('data-empty'))
        .map((group) => group.firstElementChild?.textContent);

    it('revenue: the revenue and order cards and the chart', async () => {
      await openWithFailure(REVENUE);
      expect(emptyCards()).toEqual([t.revenue, t.orderCount]);
      expect(screen.getByRole('region', { name: t.chartTitle })).toHaveAttribute('data-empty');
      expect(card(t.averageRating)).toHaveTextContent('4,3');
      expect(card(t.totalReviews)).toHaveTextContent('37');
      expect(screen.getByText('Đang hoạt động')).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: /^Đơn #/ })).toHaveLength(5);
    });

    it('restaurant: the badge only', async () => {
      await openWithFailure(RESTAURANT);
      expect(screen.queryByText('Đang hoạt động')).not.toBeInTheDocument();
      expect(screen.queryByText('Tạm ngừng')).not.toBeInTheDocument();
      expect(emptyCards()).toEqual([]);
      expect(card(t.revenue)).toHaveTextContent('3.750.000 ₫');
      expect(screen.getAllByRole('link', { name: /^Đơn #/ })).toHaveLength(5);
      expect(screen.queryByText(t.noRestaurant)).not.toBeInTheDocument();
    });

    it('orders: the recent orders only', async () => {
      await openWithFailure(ORDERS);
      const section = screen.getByRole('region', { name: t.recentOrders });
      expect(section).toHaveAttribute('data-empty');
      expect(within(section).queryByRole('link', { name: /^Đơn #/ })).not.toBeInTheDocument();
      expect(within(section).getByRole('link', { name: t.allOrders })).toBeInTheDocument();
      expect(emptyCards()).toEqual([]);
      expect(screen.getByText('Đang hoạt động')).toBeInTheDocument();
    });

    it('reviews: the average and the review total', async () => {
      await openWithFailure(REVIEWS);
      expect(emptyCards()).toEqual([t.averageRating, t.totalReviews]);
      expect(card(t.revenue)).toHaveTextContent('3.750.000 ₫');
      expect(card(t.orderCount)).toHaveTextContent('23');
      expect(screen.getAllByRole('link', { name: /^Đơn #/ })).toHaveLength(5);
      expect(screen.getByText('Đang hoạt động')).toBeInTheDocument();
    });
  });

  it('asks a staff member without a restaurant to create or link one', async () => {
    const notLinked = () => fail(403, 'Chưa liên kết nhà hàng', 'RESTAURANT_NOT_LINKED');
    await openDashboard({
      [RESTAURANT]: () => fail(404, 'Bạn chưa có nhà hàng', 'RESTAURANT_NONE'),
      [REVENUE]: notLinked,
      [ORDERS]: notLinked,
      [REVIEWS]: notLinked,
    });
    expect(await screen.findByText(t.noRestaurant)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkRestaurant })).toHaveAttribute(
      'href',
      '/staff/restaurant',
    );
    await settled();
    expect(screen.queryByRole('group', { name: t.revenue })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('draws revenue as a line on the left axis in nghìn or triệu đồng and orders as bars on the right', async () => {
    // jsdom lays nothing out: the chart's container is given the size a tablet would give it.
    const layout = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('recharts-responsive-container')
        ? DOMRect.fromRect({ width: 800, height: 280 })
        : layout.call(this);
    });
    await openDashboard();
    await settled();
    const chart = screen.getByRole('region', { name: t.chartTitle });
    await waitFor(() => expect(chart.querySelector('.recharts-line')).not.toBeNull(), {
      // The chart library is a chunk of its own, loaded on first use.
      timeout: 10_000,
    });
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(1);
    expect(chart.querySelectorAll('.recharts-bar')).toHaveLength(1);
    const legend = [...chart.querySelectorAll('.mantine-ChartLegend-legendItemName')];
    expect(legend.map((item) => item.textContent)).toEqual(['Số đơn', 'Doanh thu']);

    // Each axis is scaled to its own series: đồng on the left (up to 2,5 million), a count of
    // orders on the right (up to 14).
    const ticks = (side: 'left' | 'right') =>
      [
        ...chart.querySelectorAll(`text[orientation="${side}"].recharts-cartesian-axis-tick-value`),
      ].map((tick) => tick.textContent);
    // Đồng ticks say their unit in words ('500 nghìn', '2,5 triệu'), never the bare 'N' or 'Tr'
    // of the compact notation.
    expect(ticks('left')).toContain('0');
    expect(ticks('left').some((tick) => / triệu$/.test(tick ?? ''))).toBe(true);
    expect(ticks('left').every((tick) => /^(0|\d+(,\d)? (nghìn|triệu))$/.test(tick ?? ''))).toBe(
      true,
    );
    expect(ticks('right').length).toBeGreaterThan(1);
    expect(ticks('right').every((tick) => /^\d+$/.test(tick ?? ''))).toBe(true);
    expect(Math.max(...ticks('right').map(Number))).toBeGreaterThanOrEqual(14);
    expect(Math.max(...ticks('right').map(Number))).toBeLessThan(100);
  }, 20_000);
});

describe('/ for a customer', () => {
  it('makes none of the dashboard calls', async () => {
    const api = dashboardApi({
      'GET /api/category/': () => ok([]),
      'GET /api/food/': () =>
        ok({ items: [], meta: { page: 1, per_page: 10, total: 0, total_pages: 0 } }),
    });
    signInAsCustomer();
    renderApp('/');
    expect(await screen.findByRole('banner', {}, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('search');
    expect(screen.queryByRole('heading', { name: t.title })).not.toBeInTheDocument();
    for (const route of [REVENUE, RESTAURANT, ORDERS, REVIEWS]) {
      expect(api.callsTo(route)).toHaveLength(0);
    }
  });
});
