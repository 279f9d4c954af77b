import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '#contract/orders';
import { vi as text } from '#src/i18n/vi';
import { shouldPersistQuery } from '#src/lib/query-client';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import {
  makeOrder,
  orderPage,
  requestsTo,
  signInAsCustomer,
  signInAsStaff,
} from './orders-fake-api';

const t = text.orders;

const CUSTOMER_LIST = 'GET /api/customer/orders/';
const STAFF_LIST = 'GET /api/staff/orders/';

async function openOrders(who: 'customer' | 'staff', list: ApiHandler, path = '/orders') {
  const api = stubApi({ [who === 'staff' ? STAFF_LIST : CUSTOMER_LIST]: list });
  if (who === 'staff') signInAsStaff();
  else signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp(path);
  // The first visit also loads the screen's chunk.
  await screen.findByRole(
    'heading',
    { level: 1, name: who === 'staff' ? t.staffTitle : t.title },
    { timeout: 5000 },
  );
  return { api, user, ...rendered };
}

const tabNames = () =>
  within(screen.getByRole('tablist', { name: t.filter }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

const card = (id: number) => screen.getByRole('link', { name: new RegExp(`^Đơn #${id}\\b`) });

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('the orders list /orders (spec 2.13)', () => {
  it('gives customers the tabs all, pending, paid, accepted, done, completed, cancelled', async () => {
    await openOrders('customer', () => ok(orderPage([])));
    expect(tabNames()).toEqual([
      'Tất cả',
      'Chờ thanh toán/duyệt',
      'Đã thanh toán',
      'Đã nhận đơn',
      'Đã xong món',
      'Đã giao',
      'Đã hủy',
    ]);
    expect(screen.getByRole('tab', { name: 'Tất cả' })).toHaveAttribute('aria-selected', 'true');
  });

  it('gives staff the same tabs without pending, and reads the staff endpoint', async () => {
    const { api } = await openOrders('staff', () => ok(orderPage([])));
    expect(tabNames()).toEqual([
      'Tất cả',
      'Đã thanh toán',
      'Đã nhận đơn',
      'Đã xong món',
      'Đã giao',
      'Đã hủy',
    ]);
    await screen.findByText(t.staffEmpty);
    expect(api.callsTo(STAFF_LIST)).toHaveLength(1);
    expect(api.callsTo(CUSTOMER_LIST)).toHaveLength(0);
  });

  it('shows staff the whole list when the address asks for pending, which they cannot filter', async () => {
    await openOrders('staff', () => ok(orderPage([])), '/orders?status=pending');
    expect(screen.getByRole('tab', { name: 'Tất cả' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText(t.staffEmpty);
    expect(requestsTo('/api/staff/orders/')[0]!.url.searchParams.has('status')).toBe(false);
  });

  it('shows each order with id, status, restaurant, Hà Nội time and date, total and item count', async () => {
    await openOrders('customer', () =>
      ok(
        orderPage([
          makeOrder(),
          makeOrder({
            id: 41,
            status: 'completed',
            restaurant_name: 'Bún chả Hương Liên',
            total_amount: 90_000,
            total: 90_000,
            item_count: 1,
            created_at: '2026-02-27T03:00:00.000Z',
          }),
        ]),
      ),
    );
    const pending = await screen.findByRole('link', { name: /^Đơn #42\b/ });
    expect(within(pending).getByText('Chờ thanh toán/duyệt')).toBeInTheDocument();
    expect(within(pending).getByText('Phở Thìn Lò Đúc')).toBeInTheDocument();
    expect(within(pending).getByText('00:30 02/03/2026 · 3 món')).toBeInTheDocument();
    expect(within(pending).getByText('136.000 ₫')).toBeInTheDocument();

    const completed = card(41);
    expect(within(completed).getByText('Đã giao')).toBeInTheDocument();
    expect(within(completed).getByText('Bún chả Hương Liên')).toBeInTheDocument();
    expect(within(completed).getByText('10:00 27/02/2026 · 1 món')).toBeInTheDocument();
    expect(within(completed).getByText('90.000 ₫')).toBeInTheDocument();
  });

  it('wears the default badge style for completed orders and the secondary one for others', async () => {
    const statuses = ['pending', 'paid', 'accepted', 'done', 'completed', 'cancelled'] as const;
    await openOrders('customer', () =>
      ok(orderPage(statuses.map((status, index) => makeOrder({ id: index + 1, status })))),
    );
    await screen.findByRole('link', { name: /^Đơn #1\b/ });
    for (const [index, status] of statuses.entries()) {
      const badge = within(card(index + 1))
        .getByText(t.status[status])
        .closest('[data-status]');
      expect(badge).toHaveAttribute('data-status', status);
      expect(badge).toHaveAttribute('data-variant', status === 'completed' ? 'filled' : 'light');
    }
  });

  it('opens /orders/{id} when a card is clicked', async () => {
    const { api, user, router } = await openOrders('customer', () => ok(orderPage([makeOrder()])));
    api.on('GET /api/customer/orders/42/', () => ok(makeOrder()));
    await user.click(await screen.findByRole('link', { name: /^Đơn #42\b/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/42'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #42' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('asks for the chosen status and keeps it in the address', async () => {
    const { user, router } = await openOrders('customer', () => ok(orderPage([])));
    await screen.findByText(t.customerEmpty);
    await user.click(screen.getByRole('tab', { name: 'Đã thanh toán' }));
    await screen.findByText('Không có đơn hàng nào ở trạng thái “Đã thanh toán”');
    expect(router.state.location.search).toBe('?status=paid');
    const urls = requestsTo('/api/customer/orders/').map((request) => request.url);
    expect(urls.map((url) => url.searchParams.get('status'))).toEqual([null, 'paid']);
    expect(urls.every((url) => url.searchParams.get('page') === '1')).toBe(true);
    // Spec 7.4 names only page for a customer's list (and section 9 no page size).
    expect(urls.every((url) => !url.searchParams.has('per_page'))).toBe(true);
  });

  it('loads the next page near the bottom until there is no next one', async () => {
    const pages: Record<string, Order[]> = {
      '1': [makeOrder({ id: 30 }), makeOrder({ id: 29 })],
      '2': [makeOrder({ id: 28 })],
    };
    await openOrders('customer', () => {
      const [request] = requestsTo('/api/customer/orders/').slice(-1);
      const page = request!.url.searchParams.get('page') ?? '1';
      return ok(orderPage(pages[page] ?? [], { page: Number(page), hasNext: page === '1' }));
    });
    expect(await screen.findByText(t.end)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Đơn #/ }).map((link) => link.textContent)).toEqual(
      [
        expect.stringMatching(/^Đơn #30/),
        expect.stringMatching(/^Đơn #29/),
        expect.stringMatching(/^Đơn #28/),
      ],
    );
    const asked = requestsTo('/api/customer/orders/').map((request) =>
      request.url.searchParams.get('page'),
    );
    expect(asked).toEqual(['1', '2']);
  });

  it('tells a customer without orders so and offers the dishes', async () => {
    await openOrders('customer', () => ok(orderPage([])));
    expect(await screen.findByText(t.customerEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.browse })).toHaveAttribute('href', '/');
    expect(screen.queryByText(t.staffEmpty)).not.toBeInTheDocument();
  });

  it('tells staff their restaurant has no orders yet, without a customer link', async () => {
    await openOrders('staff', () => ok(orderPage([])));
    expect(await screen.findByText(t.staffEmpty)).toBeInTheDocument();
    expect(screen.queryByText(t.customerEmpty)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.browse })).not.toBeInTheDocument();
  });

  it('tells staff without a linked restaurant so, with a create-or-link button', async () => {
    const { user, router } = await openOrders('staff', () =>
      fail(
        403,
        'Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.',
        'RESTAURANT_NOT_LINKED',
      ),
    );
    expect(
      await screen.findByText('Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: t.linkRestaurant });
    expect(link).toHaveAttribute('href', '/staff/restaurant');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/restaurant'));
  });

  it('shows the same for any staff list error that mentions linking', async () => {
    await openOrders('staff', () =>
      fail(403, 'Tài khoản chưa liên kết với nhà hàng nào', 'FORBIDDEN'),
    );
    expect(
      await screen.findByText('Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkRestaurant })).toBeInTheDocument();
  });

  it('says why the list failed otherwise, and tries again on request', async () => {
    let answer: ApiHandler = () => fail(500, 'Máy chủ đang bận');
    const { user } = await openOrders('customer', (call) => answer(call));
    expect(await screen.findByText(t.listFailed)).toBeInTheDocument();
    expect(screen.getByText('Máy chủ đang bận')).toBeInTheDocument();
    expect(screen.queryByText(t.notLinked)).not.toBeInTheDocument();
    answer = () => ok(orderPage([makeOrder()]));
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('link', { name: /^Đơn #42\b/ })).toBeInTheDocument();
  });

  it('says the list it shows may be out of date when its refresh fails online, and tries again', async () => {
    let answer: ApiHandler = () => ok(orderPage([makeOrder()]));
    const { user, queryClient } = await openOrders('customer', (call) => answer(call));
    await screen.findByRole('link', { name: /^Đơn #42\b/ });
    expect(screen.queryByText(t.listStale)).not.toBeInTheDocument();

    answer = () => fail(500, 'Máy chủ đang bận');
    await queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    const notice = (
      await screen.findByText(
        'Không thể tải lại danh sách đơn hàng, thông tin có thể chưa mới nhất',
      )
    ).closest('[role="alert"]') as HTMLElement;
    expect(notice).toBeInTheDocument();
    expect(card(42)).toBeInTheDocument();

    answer = () => ok(orderPage([makeOrder(), makeOrder({ id: 43 })]));
    await user.click(within(notice).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('link', { name: /^Đơn #43\b/ })).toBeInTheDocument();
    expect(screen.queryByText(t.listStale)).not.toBeInTheDocument();
  });

  it('keeps the list for offline reading (persisted query)', async () => {
    const { queryClient } = await openOrders('customer', () => ok(orderPage([makeOrder()])));
    await screen.findByRole('link', { name: /^Đơn #42\b/ });
    const lists = queryClient.getQueryCache().findAll({ queryKey: ['orders', 'list'] });
    expect(lists).toHaveLength(1);
    expect(lists.every(shouldPersistQuery)).toBe(true);
  });

  // The figure itself and the staff view: tests/ui/wallet-balance.test.tsx.
  it("shows customers the 'Số dư ví' region above the list", async () => {
    await openOrders('customer', () => ok(orderPage([])));
    await screen.findByText(t.customerEmpty);
    expect(screen.getByRole('status', { name: 'Số dư ví' })).toBeInTheDocument();
  });
});
