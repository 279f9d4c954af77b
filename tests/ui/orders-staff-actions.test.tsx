import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#contract/orders';
import { WALLET_QUERY_KEY } from '#src/api/wallet';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import {
  makeOrder,
  orderPage,
  setOnline,
  signInAsCustomer,
  signInAsStaff,
} from './orders-fake-api';

const t = text.orders;

/**
 * Opens /orders/42 as the restaurant's owner. The GET answers whatever `state.order` holds, so
 * a PUT handler that moves the order on is what the refetch then reads.
 */
async function openAsStaff(status: OrderStatus, routes: Record<string, ApiHandler> = {}) {
  const state = { order: makeOrder({ status }) };
  const api = stubApi({
    'GET /api/staff/orders/42/': () => ok(state.order),
    'GET /api/staff/orders/': () => ok(orderPage([state.order])),
    'GET /api/payment/wallet/balance/': () => ok({ balance: 250_000 }),
    ...routes,
  });
  signInAsStaff('owner');
  const user = userEvent.setup();
  const rendered = renderApp('/orders/42');
  await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #42' }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

/** A PUT that moves the order to `status` and answers like the server (the order as data). */
function moves(state: { order: Order }, status: OrderStatus, message: string): ApiHandler {
  return () => {
    state.order = { ...state.order, status };
    return ok(state.order, message);
  };
}

const actions = () => screen.getByRole('region', { name: t.staffActions });
const button = (name: string) => within(actions()).getByRole('button', { name });
const statusValue = () =>
  within(screen.getByRole('region', { name: t.info })).getByText(t.statusLabel, { selector: 'dt' })
    .nextElementSibling?.textContent;

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('staff actions on /orders/{id} (spec 2.14, section 4, section 8)', () => {
  it.each([
    ['paid', t.accept],
    ['accepted', t.markDone],
    ['done', t.complete],
  ] as const)('enables for a %s order only the button %s', async (status, enabled) => {
    await openAsStaff(status);
    for (const name of [t.accept, t.markDone, t.complete]) {
      if (name === enabled) expect(button(name)).toBeEnabled();
      else expect(button(name)).toBeDisabled();
    }
    // Large touch targets for the kitchen tablet.
    expect(button(enabled)).toHaveAttribute('data-size', 'lg');
  });

  it.each(['paid', 'accepted', 'done'] as const)(
    "shows 'Hủy đơn' for a %s order",
    async (status) => {
      await openAsStaff(status);
      expect(button(t.staffCancel)).toBeEnabled();
    },
  );

  it.each(['completed', 'cancelled'] as const)(
    'shows no staff actions on a %s order',
    async (status) => {
      await openAsStaff(status);
      expect(screen.queryByRole('region', { name: t.staffActions })).not.toBeInTheDocument();
    },
  );

  it("hides 'Hủy đơn' while nothing is paid", async () => {
    await openAsStaff('pending');
    for (const name of [t.accept, t.markDone, t.complete]) expect(button(name)).toBeDisabled();
    expect(within(actions()).queryByRole('button', { name: t.staffCancel })).toBeNull();
  });

  it.each([
    ['paid', 'accepted', t.accept, 'accept', 'Đã nhận đơn'],
    ['accepted', 'done', t.markDone, 'done', 'Đã xong món'],
    ['done', 'completed', t.complete, 'complete', 'Đã hoàn thành đơn'],
  ] as const)(
    'moves a %s order to %s with the button %s (PUT .../%s/) and says so',
    async (from, to, label, path, toastText) => {
      const route = `PUT /api/staff/orders/42/${path}/`;
      const { api, user, state, queryClient } = await openAsStaff(from);
      api.on(route, moves(state, to, toastText));
      // A balance and a list read earlier, which the action must mark stale.
      const walletKey = [...WALLET_QUERY_KEY, 'balance'];
      const listKey = ['orders', 'list', 'staff', 'all'];
      queryClient.setQueryData(walletKey, 250_000);
      queryClient.setQueryData(listKey, { pages: [orderPage([state.order])], pageParams: [1] });
      await user.click(button(label));

      expect(await findToast(toastText)).toBeInTheDocument();
      expect(api.callsTo(route)).toHaveLength(1);
      expect(api.lastCallTo(route).json).toBeUndefined();
      // The order shows its new status, and the next step is the one enabled.
      await waitFor(() => expect(statusValue()).toBe(t.status[to]));
      expect(queryClient.getQueryState(walletKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    },
  );

  it("says 'Thao tác thất bại' when the server refuses, and shows the order as it is", async () => {
    const opened = await openAsStaff('paid');
    opened.api.on('PUT /api/staff/orders/42/accept/', () => {
      // The customer cancelled meanwhile.
      opened.state.order = {
        ...opened.state.order,
        status: 'cancelled',
        cancel_reason: 'Khách yêu cầu hủy',
      };
      return fail(409, 'Không thể chuyển trạng thái đơn hàng', 'ORDER_TRANSITION_INVALID');
    });
    await opened.user.click(button(t.accept));
    expect(await findToast('Thao tác thất bại')).toBeInTheDocument();
    await waitFor(() => expect(statusValue()).toBe(t.status.cancelled));
    expect(screen.queryByRole('region', { name: t.staffActions })).not.toBeInTheDocument();
  });

  it("cancels with the reason 'Nhà hàng hủy đơn' after confirming", async () => {
    const opened = await openAsStaff('accepted');
    const route = 'PUT /api/staff/orders/42/cancel/';
    opened.api.on(route, (call) => {
      const { reason } = call.json as { reason: string };
      opened.state.order = { ...opened.state.order, status: 'cancelled', cancel_reason: reason };
      return ok(opened.state.order, 'Đã hủy đơn');
    });
    await opened.user.click(button(t.staffCancel));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    expect(within(dialog).getByRole('textbox', { name: t.cancelReasonLabel })).toHaveValue(
      'Nhà hàng hủy đơn',
    );
    expect(opened.api.callsTo(route)).toHaveLength(0);
    await opened.user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));

    expect(await findToast('Đã hủy đơn')).toBeInTheDocument();
    expect(opened.api.lastCallTo(route).json).toEqual({ reason: 'Nhà hàng hủy đơn' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(statusValue()).toBe(t.status.cancelled));
  });

  it('sends the reason as typed, and needs one', async () => {
    const opened = await openAsStaff('paid');
    const route = 'PUT /api/staff/orders/42/cancel/';
    opened.api.on(route, moves(opened.state, 'cancelled', 'Đã hủy đơn'));
    await opened.user.click(button(t.staffCancel));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    const reason = within(dialog).getByRole('textbox', { name: t.cancelReasonLabel });
    await opened.user.clear(reason);
    expect(within(dialog).getByText(t.cancelReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t.confirmCancel })).toBeDisabled();
    await opened.user.type(reason, 'Hết nguyên liệu');
    await opened.user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));
    expect(await findToast('Đã hủy đơn')).toBeInTheDocument();
    expect(opened.api.lastCallTo(route).json).toEqual({ reason: 'Hết nguyên liệu' });
  });

  it("says 'Thao tác thất bại' when the cancel is refused", async () => {
    const opened = await openAsStaff('done');
    opened.api.on('PUT /api/staff/orders/42/cancel/', () =>
      fail(409, 'Không thể chuyển trạng thái đơn hàng', 'ORDER_TRANSITION_INVALID'),
    );
    await opened.user.click(button(t.staffCancel));
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    await opened.user.click(within(dialog).getByRole('button', { name: t.confirmCancel }));
    expect(await findToast('Thao tác thất bại')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('needs the network: the buttons are disabled offline and say so', async () => {
    await openAsStaff('paid');
    setOnline(false);
    await waitFor(() => expect(button(t.accept)).toBeDisabled());
    expect(button(t.staffCancel)).toBeDisabled();
    expect(screen.getByText(t.actionsNeedNetwork)).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(button(t.accept)).toBeEnabled());
    expect(screen.queryByText(t.actionsNeedNetwork)).not.toBeInTheDocument();
  });

  it('offers customers none of the staff buttons', async () => {
    stubApi({
      'GET /api/customer/orders/42/': () => ok(makeOrder({ status: 'done' })),
      'GET /api/customer/orders/': () => ok(orderPage([])),
    });
    signInAsCustomer();
    renderApp('/orders/42');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #42' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: t.staffActions })).not.toBeInTheDocument();
    for (const name of [t.accept, t.markDone, t.complete]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
