import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartItem } from '#contract/cart';
import type { OptionGroup } from '#contract/options';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { customerProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';
import { FakeCartServer, serveCart, serverFood } from '../setup/fake-cart-server';
import { makeCart, makeCartItem } from './checkout-fake-api';
import { makeOrder, makeOrderItem, orderPage, signInAsCustomer } from './orders-fake-api';

/**
 * A line's choices and note on the cart, checkout and order screens ('Size: L · Topping:
 * Trứng, Chả', 'Ghi chú: không hành'), an unavailable line's reason, and the order's location.
 */

const CHOICES = [
  { id: 2, group: 'Size', name: 'L', price: 10_000 },
  { id: 7, group: 'Topping', name: 'Trứng', price: 5_000 },
  { id: 8, group: 'Topping', name: 'Chả', price: 8_000 },
];

beforeEach(() => {
  logout();
  clearLocation();
  act(() => notifications.clean());
});

afterEach(() => {
  logout();
  clearLocation();
});

describe('the cart screen', () => {
  const SIZE: OptionGroup = {
    id: 1,
    name: 'Size',
    min_select: 1,
    max_select: 1,
    options: [
      { id: 1, name: 'M', price: 0, available: true },
      { id: 2, name: 'L', price: 10_000, available: true },
    ],
  };

  async function openCart(seed: (server: FakeCartServer) => void) {
    stubApi({});
    const server = serveCart(
      new FakeCartServer([
        serverFood({
          id: 30,
          name: 'Bún riêu',
          price: 40_000,
          restaurant: { id: 1, name: 'Bún riêu Hàng Bạc' },
          toppings: [
            { id: 7, name: 'Trứng', price: 5_000 },
            { id: 8, name: 'Chả', price: 8_000 },
          ],
          option_groups: [SIZE],
        }),
      ]),
    );
    seed(server);
    setSession({
      user: { id: 1, name: 'Lan', role: 'customer' },
      tokens: { access_token: 'a', refresh_token: 'r' },
    });
    renderApp('/cart');
    await screen.findByRole('heading', { level: 1, name: 'Giỏ hàng' }, { timeout: 5000 });
    const list = await screen.findByRole('list', { name: text.cart.lines });
    return { server, list };
  }

  it('shows each line’s choices by group and its note under the dish name', async () => {
    const { list } = await openCart((server) =>
      server.seed(30, 2, [7, 8], [2], 'không hành').seed(30, 1, [], [1], ''),
    );
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Size: L · Topping: Trứng, Chả')).toBeInTheDocument();
    expect(within(first!).getByText('Ghi chú: không hành')).toBeInTheDocument();
    // 40.000 + 10.000 + 5.000 + 8.000 = 63.000 a bowl.
    expect(within(first!).getByText('63.000 ₫ / món')).toBeInTheDocument();
    expect(within(second!).getByText('Size: M')).toBeInTheDocument();
    expect(within(second!).queryByText(/^Ghi chú/)).not.toBeInTheDocument();
  });

  it('shows a markup note as the text it is', async () => {
    const { list } = await openCart((server) => server.seed(30, 1, [], [2], '<b>ít cay</b>'));
    expect(within(list).getByText('Ghi chú: <b>ít cay</b>')).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
  });

  it('says why a line cannot be ordered, in the server’s words', async () => {
    const reason = 'Lựa chọn "Size L" đã hết';
    stubApi({});
    const server = serveCart(
      new FakeCartServer([
        serverFood({ id: 31, name: 'Bún ốc', available: false, unavailable_reason: reason }),
        serverFood({ id: 32, name: 'Bún mọc', available: false }),
      ]),
    );
    server.seed(31, 1).seed(32, 1);
    setSession({
      user: { id: 1, name: 'Lan', role: 'customer' },
      tokens: { access_token: 'a', refresh_token: 'r' },
    });
    renderApp('/cart');
    const list = await screen.findByRole('list', { name: text.cart.lines }, { timeout: 5000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('note')).toHaveTextContent(reason);
    // Without a reason, the screen's own words.
    expect(within(second!).getByRole('note')).toHaveTextContent(text.cart.lineUnavailable);
  });
});

describe('the checkout summary', () => {
  async function openCheckout(items: CartItem[]) {
    const cart = makeCart({
      items,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      subtotal: items.reduce((sum, item) => sum + item.line_total, 0),
    });
    stubApi({
      'GET /api/customer/cart/': () => ok(cart),
      'GET /api/customer/profile/': () => ok(customerProfile()),
    });
    signInAsCustomer();
    renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: text.checkout.title }, { timeout: 5000 });
    return screen.findByRole('list', { name: text.checkout.items });
  }

  it('shows the choices, the note and an unavailable line’s reason', async () => {
    const list = await openCheckout([
      makeCartItem({
        toppings: [
          { id: 7, name: 'Trứng', price: 5_000 },
          { id: 8, name: 'Chả', price: 8_000 },
        ],
        options: CHOICES,
        note: 'không hành',
      }),
      makeCartItem({
        id: 502,
        food_id: 13,
        food_name: 'Trà đá',
        toppings: [],
        available: false,
        unavailable_reason: 'Món ăn này hiện không khả dụng',
      }),
    ]);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Size: L · Topping: Trứng, Chả')).toBeInTheDocument();
    expect(within(first!).getByText('Ghi chú: không hành')).toBeInTheDocument();
    expect(within(second!).getByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(within(second!).queryByText(text.checkout.unavailable)).not.toBeInTheDocument();
  });
});

describe('placing the order from where the customer is', () => {
  async function openCheckout(create: () => Response) {
    const api = stubApi({
      'GET /api/customer/cart/': () => ok(makeCart()),
      'GET /api/customer/profile/': () => ok(customerProfile()),
      'POST /api/customer/orders/': create,
      'GET /api/customer/orders/': () => ok(orderPage([])),
    });
    signInAsCustomer();
    const user = userEvent.setup();
    const rendered = renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: text.checkout.title }, { timeout: 5000 });
    await screen.findByRole('region', { name: text.checkout.summary });
    await waitFor(() =>
      expect(screen.getByLabelText(text.checkout.phone, { exact: false })).toHaveValue(
        '0912345678',
      ),
    );
    return { api, user, ...rendered };
  }

  it('sends the stored location, and shows the refusal out of the delivery area', async () => {
    setLocation({ lat: 10.7769, lon: 106.7009, address: '1 Lê Lợi, Quận 1' });
    const { api, user, router } = await openCheckout(() =>
      fail(409, 'Ngoài khu vực giao hàng', 'OUT_OF_AREA'),
    );
    await user.click(screen.getByRole('button', { name: text.checkout.placeOrder }));
    expect(await screen.findByText('Ngoài khu vực giao hàng')).toBeInTheDocument();
    expect(api.lastCallTo('POST /api/customer/orders/').json).toMatchObject({
      lat: 10.7769,
      lon: 106.7009,
    });
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('sends no location when none is stored', async () => {
    const { api, user } = await openCheckout(() =>
      fail(409, 'Quán đang tạm ngưng nhận đơn, mở lại lúc 10:15', 'RESTAURANT_PAUSED'),
    );
    await user.clear(screen.getByLabelText(text.checkout.address, { exact: false }));
    await user.type(screen.getByLabelText(text.checkout.address, { exact: false }), '5 Tràng Tiền');
    await user.click(screen.getByRole('button', { name: text.checkout.placeOrder }));
    expect(
      await screen.findByText('Quán đang tạm ngưng nhận đơn, mở lại lúc 10:15'),
    ).toBeInTheDocument();
    const body = api.lastCallTo('POST /api/customer/orders/').json as Record<string, unknown>;
    expect(body).not.toHaveProperty('lat');
    expect(body).not.toHaveProperty('lon');
  });
});

describe('the order screen', () => {
  it('shows each item’s choices and note, and a past item’s toppings as before', async () => {
    const order = makeOrder({
      id: 42,
      items: [
        makeOrderItem({ options: CHOICES, note: 'không hành' }),
        makeOrderItem({ id: 902, food_name: 'Bún chả', note: '' }),
        makeOrderItem({ id: 903, food_name: 'Chè', toppings: [], options: [], note: '' }),
      ],
    });
    stubApi({
      'GET /api/customer/orders/42/': () => ok(order),
      'GET /api/customer/orders/': () => ok(orderPage([order])),
    });
    signInAsCustomer();
    renderApp('/orders/42');
    const items = await screen.findByRole('region', { name: text.orders.items }, { timeout: 5000 });
    const [first, second, third] = within(items).getAllByRole('listitem');
    expect(within(first!).getByText('Size: L · Topping: Trứng, Chả')).toBeInTheDocument();
    expect(within(first!).getByText('Ghi chú: không hành')).toBeInTheDocument();
    expect(within(second!).getByText('Topping: Trứng chần, Quẩy')).toBeInTheDocument();
    expect(within(second!).queryByText(/^Ghi chú/)).not.toBeInTheDocument();
    expect(within(third!).queryByText(/^(Topping|Size|Ghi chú)/)).not.toBeInTheDocument();
  });
});
