import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '#contract/profile';
import { WALLET_QUERY_KEY, walletBalanceQuery } from '#src/api/wallet';
import { vi as text } from '#src/i18n/vi';
import { createQueryClient, shouldPersistQuery } from '#src/lib/query-client';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { FakeCartServer, serveCart, serverFood } from '../setup/fake-cart-server';
import { customerProfile, staffProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';
import { makeOrder, orderPage, signInAsCustomer, signInAsStaff } from './orders-fake-api';

/**
 * The wallet balance 'Số dư ví' on /cart (spec 2.11), the customer's /orders (2.13), the
 * customer's /orders/{id} (2.14) and /profile with its top-up and, for owners, withdraw
 * buttons (2.15, section 6), read from GET /api/payment/wallet/balance/.
 */

const BALANCE = 'GET /api/payment/wallet/balance/';
const balanceIs =
  (balance: number): ApiHandler =>
  () =>
    ok({ balance });

/** The 'Số dư ví' region and its figure. */
const balanceRegion = () => screen.findByRole('status', { name: 'Số dư ví' });

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

describe('the shared wallet query (src/api/wallet.ts)', () => {
  it('lives under the wallet key and is kept for offline use', () => {
    expect(walletBalanceQuery.queryKey.slice(0, 1)).toEqual([...WALLET_QUERY_KEY]);
    expect(walletBalanceQuery.meta).toEqual({ persist: true });
  });

  it('is read again when a screen opens, even with a figure fetched a moment ago', async () => {
    // The app's own client (its default staleTime) holding the balance from before a refund.
    const queryClient = createQueryClient();
    queryClient.setQueryData(walletBalanceQuery.queryKey, 75_000);
    const profile = customerProfile();
    const api = stubApi({
      'GET /api/customer/profile/': () => ok(profile),
      [BALANCE]: balanceIs(100_000),
    });
    setSession({ user: { ...profile }, tokens: { access_token: 'a', refresh_token: 'r' } });
    renderApp('/profile', { queryClient });
    await screen.findByRole('heading', { level: 2, name: profile.name }, { timeout: 5000 });
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent('100.000 ₫'));
    expect(api.callsTo(BALANCE)).toHaveLength(1);
  });
});

describe('the balance on /cart (spec 2.11)', () => {
  it('shows the balance next to the restaurant name', async () => {
    const api = stubApi({ [BALANCE]: balanceIs(250_000) });
    const server = serveCart(
      new FakeCartServer([
        serverFood({
          id: 13,
          name: 'Phở bò chín',
          price: 40_000,
          restaurant: { id: 3, name: 'Phở Thìn' },
        }),
      ]),
    );
    server.seed(13, 1);
    signInAsCustomer();
    const { queryClient } = renderApp('/cart');
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent('Số dư ví 250.000 ₫'));
    // In the card that names the restaurant.
    expect(region.closest('.mantine-Paper-root')).toHaveTextContent('Phở Thìn');
    expect(api.callsTo(BALANCE)).toHaveLength(1);
    const query = queryClient.getQueryCache().find({ queryKey: walletBalanceQuery.queryKey });
    expect(query && shouldPersistQuery(query)).toBe(true);
  });
});

describe('the balance on /orders (spec 2.13)', () => {
  it('shows customers their balance', async () => {
    stubApi({
      'GET /api/customer/orders/': () => ok(orderPage([makeOrder()])),
      [BALANCE]: balanceIs(1_234_000),
    });
    signInAsCustomer();
    renderApp('/orders');
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent('1.234.000 ₫'));
  });

  it('shows no balance to staff, and does not ask for it', async () => {
    const api = stubApi({
      'GET /api/staff/orders/': () => ok(orderPage([])),
      [BALANCE]: balanceIs(5_000),
    });
    signInAsStaff('owner');
    renderApp('/orders');
    await screen.findByText(text.orders.staffEmpty, undefined, { timeout: 5000 });
    expect(screen.queryByText('Số dư ví')).not.toBeInTheDocument();
    expect(api.callsTo(BALANCE)).toHaveLength(0);
  });

  it('says when the balance cannot be read, and the list still shows', async () => {
    stubApi({
      'GET /api/customer/orders/': () => ok(orderPage([makeOrder()])),
      [BALANCE]: () => fail(500, 'Máy chủ đang bận'),
    });
    signInAsCustomer();
    renderApp('/orders');
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent(text.wallet.balanceUnavailable));
    expect(await screen.findByRole('link', { name: /^Đơn #42\b/ })).toBeInTheDocument();
  });
});

describe('the balance on /orders/{id} (spec 2.14)', () => {
  it("shows the customer's balance in the order's info", async () => {
    stubApi({
      'GET /api/customer/orders/42/': () => ok(makeOrder()),
      [BALANCE]: balanceIs(80_000),
    });
    signInAsCustomer();
    renderApp('/orders/42');
    const info = await screen.findByRole('region', { name: text.orders.info }, { timeout: 5000 });
    const term = within(info).getByText('Số dư ví', { selector: 'dt' });
    await waitFor(() => expect(term.nextElementSibling).toHaveTextContent('80.000 ₫'));
  });

  it('shows no balance on a staff member’s view of the order', async () => {
    const api = stubApi({
      'GET /api/staff/orders/42/': () => ok(makeOrder({ status: 'paid' })),
      [BALANCE]: balanceIs(80_000),
    });
    signInAsStaff('owner');
    renderApp('/orders/42');
    const info = await screen.findByRole('region', { name: text.orders.info }, { timeout: 5000 });
    expect(within(info).queryByText('Số dư ví')).not.toBeInTheDocument();
    expect(api.callsTo(BALANCE)).toHaveLength(0);
  });
});

describe('the wallet card on /profile (spec 2.15, section 6)', () => {
  async function openProfile(profile: Profile, balance = 150_000) {
    const endpoint = profile.role === 'customer' ? 'customer' : 'staff';
    const api = stubApi({
      [`GET /api/${endpoint}/profile/`]: () => ok(profile),
      [BALANCE]: balanceIs(balance),
    });
    setSession({ user: { ...profile }, tokens: { access_token: 'a', refresh_token: 'r' } });
    const rendered = renderApp('/profile');
    await screen.findByRole('heading', { level: 2, name: profile.name }, { timeout: 5000 });
    return { api, ...rendered };
  }

  it('gives a customer the balance and a top-up button, without withdraw', async () => {
    await openProfile(customerProfile());
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent('150.000 ₫'));
    expect(screen.getByRole('link', { name: 'Nạp tiền' })).toHaveAttribute(
      'href',
      '/payment/deposit',
    );
    expect(screen.queryByRole('link', { name: 'Rút tiền' })).not.toBeInTheDocument();
  });

  it('gives an owner top-up and withdraw', async () => {
    await openProfile(staffProfile({ role: 'owner' }), 3_500_000);
    const region = await balanceRegion();
    await waitFor(() => expect(region).toHaveTextContent('3.500.000 ₫'));
    expect(screen.getByRole('link', { name: 'Nạp tiền' })).toHaveAttribute(
      'href',
      '/payment/deposit',
    );
    expect(screen.getByRole('link', { name: 'Rút tiền' })).toHaveAttribute(
      'href',
      '/payment/withdraw',
    );
  });

  it('gives staff top-up only: the withdraw button is for owners', async () => {
    await openProfile(staffProfile({ role: 'staff', name: 'Lê Văn Bình' }));
    await balanceRegion();
    expect(screen.getByRole('link', { name: 'Nạp tiền' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rút tiền' })).not.toBeInTheDocument();
  });

  it('leads to /payment/deposit and /payment/withdraw', async () => {
    const user = userEvent.setup();
    const { router } = await openProfile(staffProfile({ role: 'owner' }));
    await user.click(screen.getByRole('link', { name: 'Rút tiền' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/withdraw'));
    await screen.findByRole('heading', { level: 1, name: text.wallet.withdrawTitle });
    await act(() => router.navigate('/profile'));
    await user.click(await screen.findByRole('link', { name: 'Nạp tiền' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/deposit'));
    await screen.findByRole('heading', { level: 1, name: text.wallet.depositTitle });
  });
});
