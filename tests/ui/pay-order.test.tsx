import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayOrderResult } from '#contract/payments';
import { cssVariablesResolver, theme } from '#src/app/theme';
import { PayOrderButton } from '#src/components/payment/pay-order-button';
import { vi as text } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { PAYMENT_REDIRECT_KEY } from '#src/lib/payment-popup';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { customerProfile } from '../setup/profiles';
import { createTestQueryClient, renderApp } from '../setup/render';
import { makeCart } from './checkout-fake-api';
import { makeOrder, orderPage, requestsTo, setOnline, signInAsCustomer } from './orders-fake-api';

/**
 * The pay flow of spec sections 4 and 8: PayOrderButton on its own, then checkout's pay button
 * that creates the order and pays it at once. window.open is the browser boundary: it returns
 * a fake window whose `closed` the test flips, as the user closing the popup would.
 */

const t = text.payment;
const PAY = 'POST /api/payment/order/pay/';
const WALLET = 'GET /api/payment/wallet/balance/';
const VNPAY_URL = 'http://localhost/sandbox/vnpay/paymentv2/vpcpay.html?vnp_TxnRef=T1';

const paid = (orderId: number, balance = 14_000): PayOrderResult => ({
  status: 'paid',
  order_id: orderId,
  amount_vnpay: 0,
  balance,
});
const viaVnpay = (orderId: number, shortfall: number, balance: number): PayOrderResult => ({
  status: 'pending',
  order_id: orderId,
  amount_vnpay: shortfall,
  balance,
  payment_url: VNPAY_URL,
  redirect_url: VNPAY_URL,
  txn_ref: 'T1',
});
const short = (orderId: number, shortfall: number, balance: number): PayOrderResult => ({
  status: 'pending',
  order_id: orderId,
  amount_vnpay: shortfall,
  balance,
});

interface FakePopup {
  closed: boolean;
  close: () => void;
}

function stubPopup(popup: FakePopup | null = { closed: false, close: () => {} }) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

function payKeys() {
  return requestsTo('/api/payment/order/pay/')
    .filter((request) => request.method === 'POST')
    .map((request) => request.headers.get('idempotency-key'));
}

interface ButtonOptions {
  orderId?: number;
  pay: ApiHandler;
  routes?: Record<string, ApiHandler>;
}

/** PayOrderButton on an order page of its own, with /payment/deposit to land on. */
function renderButton({ orderId = 42, pay, routes = {} }: ButtonOptions) {
  const api = stubApi({
    [PAY]: pay,
    [WALLET]: () => ok({ balance: 14_000 }),
    [`GET /api/customer/orders/${orderId}/`]: () => ok(makeOrder({ id: orderId, status: 'paid' })),
    ...routes,
  });
  signInAsCustomer();
  const onPaid = vi.fn();
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/orders/:id',
        element: <PayOrderButton orderId={orderId} amount={136_000} onPaid={onPaid} />,
      },
      { path: '/payment/deposit', element: <p>Trang nạp tiền</p> },
    ],
    { initialEntries: [`/orders/${orderId}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const button = () => screen.getByRole('button', { name: t.pay(formatVnd(136_000)) });
  return { api, user, onPaid, queryClient, router, button };
}

const storedRedirect = () => {
  const raw = localStorage.getItem(PAYMENT_REDIRECT_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
};

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('paying from the wallet', () => {
  it("says 'Thanh toán thành công', refreshes orders and wallet, and reports the order paid", async () => {
    const { api, user, onPaid, queryClient, button } = renderButton({
      orderId: 42,
      pay: () => ok(paid(42), 'Thanh toán thành công'),
    });
    queryClient.setQueryData(['orders', 'detail', 'customer', 42], makeOrder({ id: 42 }));
    queryClient.setQueryData(['wallet', 'balance'], 150_000);
    const { open } = stubPopup(null);

    await user.click(button());
    expect(await screen.findByText('Thanh toán thành công')).toBeInTheDocument();
    expect(api.lastCallTo(PAY).json).toEqual({ order_id: 42 });
    expect(payKeys()).toEqual([expect.stringMatching(/^[A-Za-z0-9_\-:.]{16,255}$/)]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['orders', 'detail', 'customer', 42])?.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('paying the shortfall through the VNPay popup (spec section 4)', () => {
  it('stores paymentRedirect, opens an 800x600 window, then refreshes and confirms on close', async () => {
    const { popup, open } = stubPopup();
    let order = makeOrder({ id: 43, status: 'pending' });
    const { api, user, onPaid, queryClient, button } = renderButton({
      orderId: 43,
      pay: () => ok(viaVnpay(43, 36_000, 0), 'Vui lòng thanh toán phần còn thiếu qua VNPay'),
      routes: { 'GET /api/customer/orders/43/': () => ok(order) },
    });
    queryClient.setQueryData(['orders', 'list', 'customer', 'all'], {
      pages: [orderPage([order])],
      pageParams: [1],
    });

    await user.click(button());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(VNPAY_URL, expect.any(String), 'width=800,height=600');
    expect(storedRedirect()).toEqual({
      type: 'order',
      orderId: 43,
      timestamp: expect.any(Number) as number,
    });
    // The reply's balance shows at once.
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBe(0);
    expect(await screen.findByText(t.waiting)).toBeInTheDocument();
    expect(button()).toBeDisabled();
    expect(screen.queryByText('Thanh toán thành công')).not.toBeInTheDocument();

    // The customer pays in the popup (VNPay's IPN marks the order paid), and it closes.
    order = { ...order, status: 'paid' };
    const walletReads = api.callsTo(WALLET).length;
    popup!.closed = true;
    expect(await screen.findByText('Thanh toán thành công', {}, { timeout: 3000 })).toBeVisible();
    expect(api.callsTo('GET /api/customer/orders/43/')).toHaveLength(1);
    expect(api.callsTo(WALLET).length).toBeGreaterThan(walletReads);
    expect(queryClient.getQueryState(['orders', 'list', 'customer', 'all'])?.isInvalidated).toBe(
      true,
    );
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(storedRedirect()).toBeNull();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByText(t.waiting)).not.toBeInTheDocument();
  });

  it('says the payment was not completed when the window closes on a still pending order', async () => {
    const { popup } = stubPopup();
    const { user, onPaid, button } = renderButton({
      orderId: 44,
      pay: () => ok(viaVnpay(44, 36_000, 0)),
      routes: { 'GET /api/customer/orders/44/': () => ok(makeOrder({ id: 44 })) },
    });
    await user.click(button());
    await screen.findByText(t.waiting);
    popup!.closed = true;
    expect(await screen.findByText(t.notCompleted, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(t.notCompletedHint)).toBeInTheDocument();
    expect(screen.queryByText('Thanh toán thành công')).not.toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("says 'Có lỗi xảy ra khi cập nhật dữ liệu.' when the refresh after the popup fails", async () => {
    const { popup } = stubPopup();
    const { user, button } = renderButton({
      orderId: 45,
      pay: () => ok(viaVnpay(45, 36_000, 0)),
      routes: { 'GET /api/customer/orders/45/': () => fail(500, 'Lỗi máy chủ') },
    });
    await user.click(button());
    await screen.findByText(t.waiting);
    popup!.closed = true;
    expect(
      await screen.findByText('Có lỗi xảy ra khi cập nhật dữ liệu.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it("says 'Popup bị chặn. Vui lòng cho phép popup và thử lại.' when the window is blocked", async () => {
    stubPopup(null);
    const { user, button } = renderButton({ orderId: 46, pay: () => ok(viaVnpay(46, 36_000, 0)) });
    await user.click(button());
    expect(
      await screen.findByText('Popup bị chặn. Vui lòng cho phép popup và thử lại.'),
    ).toBeInTheDocument();
    expect(storedRedirect()).toBeNull();
    expect(button()).toBeEnabled();
    expect(screen.queryByText(t.waiting)).not.toBeInTheDocument();
  });
});

describe("a shortfall VNPay cannot take: 'Số dư không đủ' (spec section 8)", () => {
  it("explains the shortfall; 'Để sau' closes and 'Nạp tiền' goes to /payment/deposit", async () => {
    const { open } = stubPopup(null);
    const { user, router, button } = renderButton({
      orderId: 47,
      pay: () => ok(short(47, 3_000, 133_000), 'Số dư không đủ'),
      routes: { [WALLET]: () => ok({ balance: 133_000 }) },
    });
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    expect(within(dialog).getByText(t.insufficientShortfall(formatVnd(3_000)))).toBeVisible();
    expect(
      await within(dialog).findByText(t.insufficientBalance(formatVnd(133_000))),
    ).toBeVisible();
    expect(open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Để sau' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/orders/47');

    await user.click(button());
    const again = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    await user.click(within(again).getByRole('button', { name: 'Nạp tiền' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/deposit'));
    expect(screen.getByText('Trang nạp tiền')).toBeInTheDocument();
  });

  it('shows the wallet balance when the reply has only what the spec names (no balance)', async () => {
    stubPopup(null);
    const { user, button } = renderButton({
      orderId: 48,
      // Spec 7.4: payment_url or redirect_url, and amount_vnpay; here no link, so the dialog.
      pay: () => ok({ status: 'pending', order_id: 48, amount_vnpay: 3_000 }, 'Số dư không đủ'),
      routes: { [WALLET]: () => ok({ balance: 133_000 }) },
    });
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    expect(within(dialog).getByText(t.insufficientShortfall(formatVnd(3_000)))).toBeVisible();
    expect(
      await within(dialog).findByText(t.insufficientBalance(formatVnd(133_000))),
    ).toBeVisible();
    expect(within(dialog).queryByText(/NaN/)).not.toBeInTheDocument();
  });
});

describe('failures', () => {
  it("shows the server's reason when the payment is refused", async () => {
    const { user, onPaid, button } = renderButton({
      orderId: 48,
      pay: () => fail(409, 'Đơn hàng không ở trạng thái chờ thanh toán', 'ORDER_NOT_PAYABLE'),
    });
    await user.click(button());
    expect(
      await screen.findByText('Đơn hàng không ở trạng thái chờ thanh toán'),
    ).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it.each<[string, ApiHandler]>([
    ['the connection is lost', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the reply has no message', () => fail(500, '')],
  ])("says 'Thanh toán thất bại' when %s", async (_case, reply) => {
    const { user, button } = renderButton({ orderId: 49, pay: reply });
    await user.click(button());
    expect(await screen.findByText('Thanh toán thất bại')).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it('needs the network: disabled offline, with a note saying why', async () => {
    const { api, button } = renderButton({ orderId: 50, pay: () => ok(paid(50)) });
    setOnline(false);
    await waitFor(() => expect(button()).toBeDisabled());
    expect(button()).toHaveAccessibleDescription('Cần kết nối mạng để thanh toán');
    setOnline(true);
    await waitFor(() => expect(button()).toBeEnabled());
    expect(api.callsTo(PAY)).toHaveLength(0);
  });
});

describe('one pay attempt, one Idempotency-Key (design.md section 4)', () => {
  it('sends the same key again after a lost reply, and a new one once the server answered', async () => {
    let answer: ApiHandler = () => Promise.reject(new TypeError('Failed to fetch'));
    const { user, button } = renderButton({ orderId: 51, pay: (call) => answer(call) });

    await user.click(button());
    await screen.findByText('Thanh toán thất bại');
    await waitFor(() => expect(button()).toBeEnabled());
    answer = () => ok(short(51, 3_000, 133_000), 'Số dư không đủ');
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    const [first, second] = payKeys();
    expect(first).toBeTruthy();
    expect(second).toBe(first);

    // That attempt is settled: the next one is a new payment with a new key.
    await user.click(within(dialog).getByRole('button', { name: 'Để sau' }));
    await user.click(button());
    await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    const keys = payKeys();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });
});

// --- Checkout: 'Đặt hàng và thanh toán' creates the order and pays it at once ---

const CREATE = 'POST /api/customer/orders/';

async function openCheckout(pay: ApiHandler, orderId = 77) {
  const api = stubApi({
    'GET /api/customer/cart/': () => ok(makeCart()),
    'GET /api/customer/profile/': () => ok(customerProfile()),
    [CREATE]: () => ok({ id: orderId, order: makeOrder({ id: orderId }) }, 'Đã tạo đơn hàng'),
    [`GET /api/customer/orders/${orderId}/`]: () => ok(makeOrder({ id: orderId })),
    'GET /api/customer/orders/': () => ok(orderPage([])),
    [PAY]: pay,
    [WALLET]: () => ok({ balance: 14_000 }),
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: text.checkout.title }, { timeout: 5000 });
  // The title shows at once; the form follows the cart.
  const phone = await screen.findByLabelText(text.checkout.phone, { exact: false });
  await waitFor(() => expect(phone).toHaveValue('0912345678'));
  const payButton = () => screen.getByRole('button', { name: 'Đặt hàng và thanh toán' });
  return { api, user, payButton, ...rendered };
}

describe('checkout pays the new order at once (spec 2.12)', () => {
  it('pays from the wallet and opens the paid order', async () => {
    const { api, user, router, payButton } = await openCheckout(() =>
      ok(paid(77), 'Thanh toán thành công'),
    );
    await user.click(payButton());
    expect(await screen.findByText('Đã tạo đơn hàng')).toBeInTheDocument();
    expect(await screen.findByText('Thanh toán thành công')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/77'));
    expect(api.lastCallTo(PAY).json).toEqual({ order_id: 77 });
    // Created first, then paid.
    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(CREATE)).toBeLessThan(order.indexOf(PAY));
  });

  it('opens the VNPay popup for the shortfall, lands on the order and refreshes on close', async () => {
    const { open, popup } = stubPopup();
    const { user, router, payButton } = await openCheckout(
      () => ok(viaVnpay(78, 122_000, 14_000)),
      78,
    );
    await user.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/78'));
    expect(open).toHaveBeenCalledWith(VNPAY_URL, expect.any(String), 'width=800,height=600');
    expect(storedRedirect()).toEqual({
      type: 'order',
      orderId: 78,
      timestamp: expect.any(Number) as number,
    });
    // Closed without paying: the order (still pending) is read again and the customer told.
    popup!.closed = true;
    expect(await screen.findByText(t.notCompleted, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(storedRedirect()).toBeNull();
  });

  it('tells a blocked popup and still lands on the order, to pay from there', async () => {
    stubPopup(null);
    const { user, router, payButton } = await openCheckout(
      () => ok(viaVnpay(79, 122_000, 14_000)),
      79,
    );
    await user.click(payButton());
    expect(
      await screen.findByText('Popup bị chặn. Vui lòng cho phép popup và thử lại.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/79'));
  });

  it("asks with 'Số dư không đủ' first: 'Để sau' opens the order", async () => {
    const { user, router, payButton } = await openCheckout(
      () => ok(short(80, 3_000, 133_000), 'Số dư không đủ'),
      80,
    );
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    expect(router.state.location.pathname).toBe('/checkout');
    await user.click(within(dialog).getByRole('button', { name: 'Để sau' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/80'));
  });

  it("'Nạp tiền' in the dialog goes to /payment/deposit", async () => {
    const { user, router, payButton } = await openCheckout(
      () => ok(short(81, 3_000, 133_000), 'Số dư không đủ'),
      81,
    );
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Số dư không đủ' });
    await user.click(within(dialog).getByRole('button', { name: 'Nạp tiền' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/deposit'));
  });

  it("says 'Thanh toán thất bại' when paying fails, and opens the order to pay again", async () => {
    const { user, router, payButton } = await openCheckout(() => fail(500, ''), 82);
    await user.click(payButton());
    expect(await screen.findByText('Thanh toán thất bại')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/82'));
  });
});
