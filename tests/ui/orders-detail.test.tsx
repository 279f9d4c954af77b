import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '#contract/orders';
import { vi as text } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { createQueryClient, shouldPersistQuery } from '#src/lib/query-client';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import {
  makeOrder,
  orderPage,
  setOnline,
  signInAsCustomer,
  signInAsStaff,
} from './orders-fake-api';

const t = text.orders;

interface OpenOptions {
  who?: 'customer' | 'staff';
  /** Answers GET of the order; the order itself by default. */
  detail?: ApiHandler;
  routes?: Record<string, ApiHandler>;
}

async function openOrder(
  order: Order,
  { who = 'customer', detail, routes = {} }: OpenOptions = {},
) {
  const base = who === 'staff' ? '/api/staff/orders/' : '/api/customer/orders/';
  const api = stubApi({
    [`GET ${base}${order.id}/`]: detail ?? (() => ok(order)),
    [`GET ${base}`]: () => ok(orderPage([order])),
    ...routes,
  });
  if (who === 'staff') signInAsStaff('owner');
  else signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp(`/orders/${order.id}`);
  return { api, user, ...rendered };
}

async function openLoaded(order: Order, options: OpenOptions = {}) {
  const opened = await openOrder(order, options);
  await screen.findByRole(
    'heading',
    { level: 1, name: `Đơn hàng #${order.id}` },
    { timeout: 5000 },
  );
  return opened;
}

const section = (name: string) => screen.getByRole('region', { name });
/** The cancelled banner (toasts are alerts too). */
const cancelledBanner = () =>
  screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(t.cancelledBanner));

/** The value a <dl> gives for a term. */
function valueOf(container: HTMLElement, term: string): string | null {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

function progressSteps() {
  return within(screen.getByRole('list', { name: t.progress }))
    .getAllByRole('listitem')
    .map((step) => ({
      label: step.textContent?.replace(t.stepDone, '').replace(/^\d/, '') ?? '',
      state: step.getAttribute('data-state'),
      current: step.getAttribute('aria-current'),
    }));
}

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('the order screen /orders/{id} (spec 2.14)', () => {
  it('shows restaurant, total, Free ship, order time and date, status, discount and coupon', async () => {
    await openLoaded(makeOrder());
    const info = section(t.info);
    expect(valueOf(info, t.restaurant)).toBe('Phở Thìn Lò Đúc');
    expect(valueOf(info, t.total)).toBe('136.000 ₫');
    expect(valueOf(info, t.shippingFee)).toBe('Free ship');
    // 23:30 UTC+0 on 1 March is 00:30 on 2 March in Hà Nội, time first as on the dashboard.
    expect(valueOf(info, t.orderedAt)).toBe('00:30 02/03/2026');
    expect(valueOf(info, t.statusLabel)).toBe('Chờ thanh toán/duyệt');
    expect(valueOf(info, t.subtotal)).toBe('151.000 ₫');
    expect(valueOf(info, t.discount)).toBe('-15.000 ₫');
    expect(valueOf(info, t.couponCode)).toBe('GIAM10');
    expect(
      within(screen.getByRole('heading', { level: 1 }).parentElement!).getByText(
        'Chờ thanh toán/duyệt',
      ),
    ).toBeInTheDocument();
  });

  it('leaves discount and coupon out when the order had none', async () => {
    await openLoaded(makeOrder({ discount: 0, coupon_code: null, total_amount: 151_000 }));
    const info = section(t.info);
    expect(within(info).queryByText(t.discount)).not.toBeInTheDocument();
    expect(within(info).queryByText(t.couponCode)).not.toBeInTheDocument();
    expect(valueOf(info, t.total)).toBe('151.000 ₫');
  });

  it('shows the delivery address, phone and note', async () => {
    await openLoaded(makeOrder());
    const delivery = section(t.delivery);
    expect(valueOf(delivery, t.address)).toBe('12 Hàng Bạc, Hoàn Kiếm, Hà Nội');
    expect(valueOf(delivery, t.phone)).toBe('0912345678');
    expect(valueOf(delivery, t.note)).toBe('Ít hành');
  });

  it('lists the dishes with toppings, unit price, quantity and subtotal', async () => {
    await openLoaded(makeOrder());
    const items = within(section(t.items)).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Phở bò tái lăn')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Topping: Trứng chần, Quẩy')).toBeInTheDocument();
    expect(within(items[0]!).getByText('53.000 ₫ x 2')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/106\.000 ₫/)).toHaveTextContent('Thành tiền: 106.000 ₫');
    expect(within(items[1]!).getByText('Bún chả Hà Nội')).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/^Topping/)).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('45.000 ₫ x 1')).toBeInTheDocument();
  });

  it.each([
    ['pending', 0],
    ['paid', 1],
    ['accepted', 2],
    ['done', 3],
    ['completed', 4],
  ] as const)('shows the four steps for a %s order with %i behind it', async (status, behind) => {
    await openLoaded(makeOrder({ status }));
    const steps = progressSteps();
    expect(steps.map((step) => step.label)).toEqual([
      'Chờ thanh toán',
      'Đã nhận đơn',
      'Đang nấu và giao',
      'Đã giao',
    ]);
    expect(steps.map((step) => step.state)).toEqual(
      [0, 1, 2, 3].map((index) =>
        index < behind ? 'done' : index === behind ? 'current' : 'upcoming',
      ),
    );
    expect(steps.filter((step) => step.current === 'step')).toHaveLength(behind < 4 ? 1 : 0);
    expect(screen.queryByText(t.cancelledBanner)).not.toBeInTheDocument();
  });

  it('shows a cancelled order with the banner and its reason instead of the steps', async () => {
    await openLoaded(makeOrder({ status: 'cancelled', cancel_reason: 'Khách yêu cầu hủy' }));
    const banner = cancelledBanner();
    expect(banner).toHaveTextContent('Đơn hàng đã bị hủy');
    expect(banner).toHaveTextContent('Lý do: Khách yêu cầu hủy');
    expect(screen.queryByRole('list', { name: t.progress })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
  });

  it("cancels a pending order after confirming, with the reason 'Khách yêu cầu hủy'", async () => {
    const order = makeOrder();
    const { api, user } = await openLoaded(order, {
      routes: {
        'PUT /api/customer/orders/42/cancel/': () =>
          ok({ ...order, status: 'cancelled', cancel_reason: 'Khách yêu cầu hủy' }, 'Đã hủy đơn'),
      },
    });
    await user.click(screen.getByRole('button', { name: t.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    expect(within(dialog).getByText(t.cancelQuestion)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/customer/orders/42/cancel/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));

    expect(await screen.findByText('Đã hủy đơn')).toBeInTheDocument();
    expect(api.lastCallTo('PUT /api/customer/orders/42/cancel/').json).toEqual({
      reason: 'Khách yêu cầu hủy',
    });
    expect(api.callsTo('PUT /api/customer/orders/42/cancel/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelledBanner()).toHaveTextContent('Lý do: Khách yêu cầu hủy');
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
  });

  it('offers a pending order the pay button with its total next to the cancel', async () => {
    await openLoaded(makeOrder());
    expect(
      screen.getByRole('button', { name: text.payment.pay(formatVnd(136_000)) }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: t.cancel })).toBeEnabled();
  });

  it('keeps the order when the confirmation is declined', async () => {
    const { api, user } = await openLoaded(makeOrder());
    await user.click(screen.getByRole('button', { name: t.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: t.keepOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /api/customer/orders/42/cancel/')).toHaveLength(0);
    expect(screen.getByRole('button', { name: t.cancel })).toBeInTheDocument();
  });

  it("says 'Không thể hủy đơn hàng' when the cancel is refused, and shows where the order is", async () => {
    let current = makeOrder();
    const { user } = await openLoaded(current, {
      detail: () => ok(current),
      routes: {
        'PUT /api/customer/orders/42/cancel/': () => {
          // Paid and accepted meanwhile (another tab, the restaurant): too late to cancel.
          current = makeOrder({ status: 'accepted' });
          return fail(409, 'Đơn hàng không thể hủy ở trạng thái hiện tại', 'ORDER_NOT_CANCELLABLE');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: t.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));
    expect(await screen.findByText('Không thể hủy đơn hàng')).toBeInTheDocument();
    await waitFor(() => expect(valueOf(section(t.info), t.statusLabel)).toBe('Đã nhận đơn'));
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
  });

  it('cancels a paid order the restaurant has not accepted, and reads the refunded wallet', async () => {
    const order = makeOrder({ status: 'paid' });
    let balance = 0;
    const { api, user } = await openLoaded(order, {
      routes: {
        'GET /api/payment/wallet/balance/': () => ok({ balance }),
        'PUT /api/customer/orders/42/cancel/': () => {
          balance = order.total_amount;
          return ok(
            { ...order, status: 'cancelled', cancel_reason: 'Khách yêu cầu hủy' },
            'Đã hủy đơn',
          );
        },
      },
    });
    // Paid already: nothing to pay.
    expect(screen.queryByRole('button', { name: /^Thanh toán/ })).not.toBeInTheDocument();
    const walletCalls = () => api.callsTo('GET /api/payment/wallet/balance/').length;
    await waitFor(() => expect(walletCalls()).toBeGreaterThan(0));
    const before = walletCalls();
    await user.click(screen.getByRole('button', { name: t.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));

    expect(await screen.findByText('Đã hủy đơn')).toBeInTheDocument();
    expect(api.lastCallTo('PUT /api/customer/orders/42/cancel/').json).toEqual({
      reason: 'Khách yêu cầu hủy',
    });
    expect(cancelledBanner()).toHaveTextContent('Lý do: Khách yêu cầu hủy');
    await waitFor(() => expect(walletCalls()).toBeGreaterThan(before));
  });

  it.each(['accepted', 'done', 'completed'] as const)(
    'offers the customer no cancel once the order is %s',
    async (status) => {
      await openLoaded(makeOrder({ status }));
      expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
    },
  );

  it('needs the network to cancel: the button is disabled offline and says so', async () => {
    await openLoaded(makeOrder());
    setOnline(false);
    const button = await screen.findByRole('button', { name: t.cancel });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByText(t.cancelNeedsNetwork)).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('reads the staff endpoint for staff, shows the customer, and has no customer cancel', async () => {
    const { api } = await openLoaded(makeOrder({ status: 'paid' }), { who: 'staff' });
    expect(api.callsTo('GET /api/staff/orders/42/')).toHaveLength(1);
    expect(api.callsTo('GET /api/customer/orders/42/')).toHaveLength(0);
    expect(valueOf(section(t.info), t.customer)).toBe('Nguyễn Thị Lan');
    // The only 'Hủy đơn' is the staff one (orders-staff-actions.test.tsx), which asks a reason.
    const staffActions = section(t.staffActions);
    for (const button of screen.getAllByRole('button', { name: t.cancel })) {
      expect(staffActions).toContainElement(button);
    }
  });

  it("says 'Không thể tải chi tiết đơn hàng' and goes to /orders when the order is not found", async () => {
    const { router } = await openOrder(makeOrder(), {
      detail: () => fail(404, 'Không tìm thấy đơn hàng', 'ORDER_NOT_FOUND'),
    });
    expect(
      await screen.findByText('Không thể tải chi tiết đơn hàng', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
  });

  it('does the same when the server fails or cannot be reached', async () => {
    const { router } = await openOrder(makeOrder(), {
      detail: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(
      await screen.findByText('Không thể tải chi tiết đơn hàng', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('goes to /orders for an address that cannot name an order', async () => {
    stubApi({ 'GET /api/customer/orders/': () => ok(orderPage([])) });
    signInAsCustomer();
    const { router } = renderApp('/orders/abc');
    expect(
      await screen.findByText('Không thể tải chi tiết đơn hàng', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('reads the order again on opening, even with a copy fetched a moment ago', async () => {
    // The app's own client (its default staleTime) with what a reload restores from
    // IndexedDB: the order as it was, just fetched.
    const order = makeOrder({ status: 'paid' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['orders', 'detail', 'customer', order.id], order);
    const api = stubApi({
      [`GET /api/customer/orders/${order.id}/`]: () => ok({ ...order, status: 'completed' }),
    });
    signInAsCustomer();
    renderApp(`/orders/${order.id}`, { queryClient });
    await screen.findByRole(
      'heading',
      { level: 1, name: `Đơn hàng #${order.id}` },
      { timeout: 5000 },
    );
    await waitFor(() => expect(valueOf(section(t.info), t.statusLabel)).toBe(t.status.completed));
    expect(api.calls.filter((c) => c.path === `/api/customer/orders/${order.id}/`)).toHaveLength(1);
  });

  it('says the order it shows may be out of date when its refresh fails online, and tries again', async () => {
    const order = makeOrder({ status: 'paid' });
    let answer: ApiHandler = () => ok(order);
    const { user, queryClient } = await openLoaded(order, { detail: (call) => answer(call) });
    expect(screen.queryByText(t.detailStale)).not.toBeInTheDocument();

    answer = () => fail(500, 'Máy chủ đang bận');
    await queryClient.invalidateQueries({ queryKey: ['orders', 'detail'] });
    const notice = (
      await screen.findByText('Không thể tải lại đơn hàng, thông tin có thể chưa mới nhất')
    ).closest('[role="alert"]') as HTMLElement;
    expect(notice).toBeInTheDocument();
    // What was read before stays on screen under the notice.
    expect(valueOf(section(t.info), t.statusLabel)).toBe(t.status.paid);

    answer = () => ok({ ...order, status: 'accepted' });
    await user.click(within(notice).getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(valueOf(section(t.info), t.statusLabel)).toBe(t.status.accepted));
    expect(screen.queryByText(t.detailStale)).not.toBeInTheDocument();
  });

  it('leaves a failed refresh to the offline banner once the network is gone', async () => {
    const order = makeOrder({ status: 'paid' });
    let answer: ApiHandler = () => ok(order);
    const { queryClient } = await openLoaded(order, { detail: (call) => answer(call) });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await queryClient.invalidateQueries({ queryKey: ['orders', 'detail'] });
    expect(await screen.findByText(t.detailStale)).toBeInTheDocument();
    setOnline(false);
    await waitFor(() => expect(screen.queryByText(t.detailStale)).not.toBeInTheDocument());
    expect(valueOf(section(t.info), t.statusLabel)).toBe(t.status.paid);
    // The query client's own idea of the network is global: put it back for the next tests.
    setOnline(true);
  });

  it('keeps the order for offline reading (persisted query)', async () => {
    const { queryClient } = await openLoaded(makeOrder());
    const details = queryClient.getQueryCache().findAll({ queryKey: ['orders', 'detail'] });
    expect(details).toHaveLength(1);
    expect(details.every(shouldPersistQuery)).toBe(true);
  });
});
