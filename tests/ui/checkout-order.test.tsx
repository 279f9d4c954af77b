import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '#contract/cart';
import type { Profile } from '#contract/profile';
import { vi as text } from '#src/i18n/vi';
import { cartEngineFor } from '#src/lib/cart/cart-runtime';
import { lineKey } from '#src/lib/cart/line-key';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { customerProfile } from '../setup/profiles';
import { createTestQueryClient, renderApp } from '../setup/render';
import { EMPTY, makeCart } from './checkout-fake-api';
import { makeOrder, orderPage, requestsTo, signInAsCustomer } from './orders-fake-api';

const t = text.checkout;
const CREATE = 'POST /api/customer/orders/';
const CART = 'GET /api/customer/cart/';

interface OpenOptions {
  cart?: Cart;
  profile?: Profile;
  create?: ApiHandler;
  routes?: Record<string, ApiHandler>;
  queryClient?: ReturnType<typeof createTestQueryClient>;
}

async function openCheckout({
  cart = makeCart(),
  profile = customerProfile(),
  create = () => ok({ id: 77, order: makeOrder({ id: 77 }) }, 'Đã tạo đơn hàng'),
  routes = {},
  queryClient,
}: OpenOptions = {}) {
  const api = stubApi({
    [CART]: () => ok(cart),
    'GET /api/customer/profile/': () => ok(profile),
    [CREATE]: create,
    'GET /api/customer/orders/77/': () => ok(makeOrder({ id: 77 })),
    'GET /api/customer/orders/': () => ok(orderPage([])),
    // The pay button pays the new order at once; here the wallet covers it (tests/ui/
    // pay-order.test.tsx covers the popup, the dialog and the failures).
    'POST /api/payment/order/pay/': () =>
      ok(
        { status: 'paid', order_id: 77, amount_vnpay: 0, balance: 14_000 },
        'Thanh toán thành công',
      ),
    'GET /api/payment/wallet/balance/': () => ok({ balance: 14_000 }),
    ...routes,
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/checkout', { queryClient });
  // The first visit also loads the screen's chunk.
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  await screen.findByRole('region', { name: t.summary });
  return { api, user, ...rendered };
}

const payButton = () => screen.getByRole('button', { name: t.placeOrder });
const addressField = () => screen.getByLabelText(t.address, { exact: false });
const phoneField = () => screen.getByLabelText(t.phone, { exact: false });
const idempotencyKeys = () =>
  requestsTo('/api/customer/orders/')
    .filter((request) => request.method === 'POST')
    .map((request) => request.headers.get('idempotency-key'));

async function waitForPrefill() {
  await waitFor(() => expect(phoneField()).toHaveValue('0912345678'));
}

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('placing the order (spec 2.12, section 5)', () => {
  it("refuses an empty cart with 'Giỏ hàng trống' before looking at the delivery details", async () => {
    const { api, user } = await openCheckout({ cart: EMPTY });
    await user.clear(addressField());
    await user.click(payButton());
    expect(await screen.findByText('Giỏ hàng trống')).toBeInTheDocument();
    expect(screen.queryByText('Vui lòng nhập địa chỉ và số điện thoại')).not.toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it.each([
    ['address', addressField],
    ['phone', phoneField],
  ])(
    "asks for address and phone when the %s is blank ('Vui lòng nhập địa chỉ và số điện thoại')",
    async (_name, field) => {
      const { api, user } = await openCheckout();
      await waitForPrefill();
      await user.clear(field());
      await user.type(field(), '   ');
      await user.click(payButton());
      expect(await screen.findByText('Vui lòng nhập địa chỉ và số điện thoại')).toBeInTheDocument();
      expect(api.callsTo(CREATE)).toHaveLength(0);
    },
  );

  it('sends the delivery details and the coupon, refreshes cart and orders, toasts and opens the order', async () => {
    const { api, user, router } = await openCheckout({
      routes: {
        'POST /api/coupon/apply': () => ok({ code: 'GIAM10', discount: 15_000, payable: 136_000 }),
      },
    });
    await waitForPrefill();
    await user.clear(addressField());
    await user.type(addressField(), '  5 Tràng Tiền, Hoàn Kiếm  ');
    await user.type(screen.getByLabelText(t.note), 'Ít cay');
    await user.type(screen.getByPlaceholderText(t.couponPlaceholder), 'giam10');
    await user.click(screen.getByRole('button', { name: t.applyCoupon }));
    await screen.findByText('Áp dụng mã giảm giá thành công');
    const cartReads = api.callsTo(CART).length;

    await user.click(payButton());
    expect(await screen.findByText('Đã tạo đơn hàng')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/77'));
    expect(api.lastCallTo(CREATE).json).toEqual({
      delivery_address: '5 Tràng Tiền, Hoàn Kiếm',
      delivery_phone: '0912345678',
      delivery_note: 'Ít cay',
      coupon_code: 'GIAM10',
    });
    expect(idempotencyKeys()).toEqual([expect.stringMatching(/^[A-Za-z0-9_\-:.]{16,255}$/)]);
    // The server emptied the cart into the order: the cart is read again.
    await waitFor(() => expect(api.callsTo(CART).length).toBeGreaterThan(cartReads));
  });

  it('leaves out an empty note and a coupon that was not applied', async () => {
    const { api, user } = await openCheckout();
    await waitForPrefill();
    await user.type(screen.getByLabelText(t.note), '   ');
    await user.type(screen.getByPlaceholderText(t.couponPlaceholder), 'CHUAAPDUNG');
    await user.click(payButton());
    await screen.findByText('Đã tạo đơn hàng');
    expect(api.lastCallTo(CREATE).json).toEqual({
      delivery_address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      delivery_phone: '0912345678',
    });
  });

  it('marks the orders list stale, so /orders shows the new order', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['orders', 'list', 'customer', 'all'], {
      pages: [orderPage([])],
      pageParams: [1],
    });
    const { user } = await openCheckout({ queryClient });
    await waitForPrefill();
    await user.click(payButton());
    await screen.findByText('Đã tạo đơn hàng');
    expect(queryClient.getQueryState(['orders', 'list', 'customer', 'all'])?.isInvalidated).toBe(
      true,
    );
  });

  it('reads the id from data.id when the reply has no order', async () => {
    const { router, user } = await openCheckout({
      create: () => ok({ id: 77 }, 'Đã tạo đơn hàng'),
    });
    await waitForPrefill();
    await user.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/77'));
  });

  it("says 'Không thể tạo đơn hàng' when the reply has no id, and stays", async () => {
    const { router, user } = await openCheckout({ create: () => ok({}, 'Đã tạo đơn hàng') });
    await waitForPrefill();
    await user.click(payButton());
    expect(await screen.findByText('Không thể tạo đơn hàng')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it("shows the server's message when the order is refused", async () => {
    const { router, user } = await openCheckout({
      create: () => fail(409, 'Nhà hàng đang đóng cửa, vui lòng quay lại sau', 'RESTAURANT_CLOSED'),
    });
    await waitForPrefill();
    await user.click(payButton());
    expect(
      await screen.findByText('Nhà hàng đang đóng cửa, vui lòng quay lại sau'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });
});

describe('one order per checkout attempt (Idempotency-Key, design.md section 4)', () => {
  it('sends the same key again after a lost reply, so the retry cannot order twice', async () => {
    let answer: ApiHandler = () => Promise.reject(new TypeError('Failed to fetch'));
    const { router, user } = await openCheckout({ create: (call) => answer(call) });
    await waitForPrefill();
    await user.click(payButton());
    expect(await screen.findByText('Không thể kết nối đến server')).toBeInTheDocument();
    await user.click(payButton());
    await waitFor(() => expect(idempotencyKeys()).toHaveLength(2));

    answer = () => ok({ id: 77, order: makeOrder({ id: 77 }) }, 'Đã tạo đơn hàng');
    await user.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/77'));
    const keys = idempotencyKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
  });

  it.each([
    ['a server error', () => fail(503, 'Máy chủ đang bảo trì')],
    [
      'the first send still running',
      () => fail(409, 'Yêu cầu này đang được xử lý.', 'IDEMPOTENCY_IN_PROGRESS'),
    ],
  ])('keeps the key after %s', async (_case, reply) => {
    const { user } = await openCheckout({ create: reply });
    await waitForPrefill();
    await user.click(payButton());
    await waitFor(() => expect(idempotencyKeys()).toHaveLength(1));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await waitFor(() => expect(idempotencyKeys()).toHaveLength(2));
    const [first, second] = idempotencyKeys();
    expect(second).toBe(first);
  });

  it('starts a new key once the server has settled the attempt', async () => {
    const { user } = await openCheckout({
      create: () => fail(409, 'Nhà hàng đang đóng cửa', 'RESTAURANT_CLOSED'),
    });
    await waitForPrefill();
    await user.click(payButton());
    await screen.findByText('Nhà hàng đang đóng cửa');
    await user.click(payButton());
    await waitFor(() => expect(idempotencyKeys()).toHaveLength(2));
    const [first, second] = idempotencyKeys();
    expect(second).not.toBe(first);
  });

  it('starts a new key when the details change after a lost reply', async () => {
    const { user } = await openCheckout({
      create: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await waitForPrefill();
    await user.click(payButton());
    await screen.findByText('Không thể kết nối đến server');
    await user.type(screen.getByLabelText(t.note), 'Gọi trước khi giao');
    await user.click(payButton());
    await waitFor(() => expect(idempotencyKeys()).toHaveLength(2));
    const [first, second] = idempotencyKeys();
    expect(second).not.toBe(first);
  });

  it('sends once on a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = await openCheckout({
      create: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await waitForPrefill();
    await user.dblClick(payButton());
    await waitFor(() => expect(payButton()).toBeDisabled());
    expect(idempotencyKeys()).toHaveLength(1);
    answer(ok({ id: 77 }, 'Đã tạo đơn hàng'));
    await screen.findByText('Đã tạo đơn hàng');
  });
});

describe('waiting for the cart to sync (design.md section 6)', () => {
  it("holds the pay button with 'đang chờ đồng bộ' while cart changes wait, then lets go", async () => {
    const queryClient = createTestQueryClient();
    signInAsCustomer();
    const engine = cartEngineFor(queryClient, '7');
    await engine.ready;
    const cart = makeCart();
    const line = cart.items[1]!;
    await engine.enqueue([
      {
        op: 'set',
        line: lineKey(line.food_id, line.topping_ids),
        payload: { quantity: 2 },
        details: {
          food_id: line.food_id,
          topping_ids: [],
          food_name: line.food_name,
          food_image: line.food_image,
          restaurant_id: 3,
          restaurant_name: line.restaurant_name,
          base_price: line.base_price,
          toppings: [],
          price: line.price,
        },
      },
    ]);
    const synced = makeCart({
      items: [cart.items[0]!, { ...line, quantity: 2, line_total: 90_000 }],
      item_count: 4,
      subtotal: 196_000,
    });
    const { user } = await openCheckout({
      queryClient,
      routes: { 'PUT /api/customer/cart/update/502/': () => ok(synced) },
    });
    expect(await screen.findByText('đang chờ đồng bộ')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('đang chờ đồng bộ');
    expect(screen.getByText('Bún chả Hà Nội x 2')).toBeInTheDocument();

    await engine.sync();
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(screen.queryByText('đang chờ đồng bộ')).not.toBeInTheDocument();
    await user.click(payButton());
    await screen.findByText('Đã tạo đơn hàng');
  });
});
