import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import type { Cart } from '#contract/cart';
import type { Order } from '#contract/orders';
import {
  reorderReasons,
  REORDER_NOTHING_LEFT_MESSAGE,
  type ReorderNotice,
} from '#contract/reorder';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { makeOrder, orderPage, signInAsCustomer } from './orders-fake-api';

/**
 * 'Đặt lại' on the customer's order screen: shown for delivered and cancelled orders only, the
 * cart's other-restaurant question then `replace: true`, the reply's cart on /cart with the
 * notices in an alert that can be closed and does not come back, and the refusals.
 */

const t = text.orders;

configure({ asyncUtilTimeout: 4000 });

const CART: Cart = {
  restaurant_id: 3,
  restaurant_name: 'Phở Thìn Lò Đúc',
  items: [
    {
      id: 501,
      food_id: 12,
      food_name: 'Phở bò tái lăn',
      food_image: null,
      restaurant_name: 'Phở Thìn Lò Đúc',
      price: 58_000,
      base_price: 50_000,
      quantity: 2,
      topping_ids: [101, 102],
      toppings: [
        { id: 101, name: 'Trứng chần', price: 5_000 },
        { id: 102, name: 'Quẩy', price: 3_000 },
      ],
      option_ids: [101, 102],
      options: [
        { id: 101, name: 'Trứng chần', price: 5_000, group: 'Topping' },
        { id: 102, name: 'Quẩy', price: 3_000, group: 'Topping' },
      ],
      note: '',
      line_total: 116_000,
      available: true,
      unavailable_reason: null,
    },
  ],
  item_count: 2,
  subtotal: 116_000,
};

const NOTICES: ReorderNotice[] = [
  {
    food_id: 12,
    food_name: 'Phở bò tái lăn',
    kind: 'price',
    reason: reorderReasons.price('Phở bò tái lăn', 53_000, 58_000),
  },
  {
    food_id: 15,
    food_name: 'Bún chả Hà Nội',
    kind: 'unavailable',
    reason: reorderReasons.gone('Bún chả Hà Nội'),
  },
];

const reorderRoute = 'POST /api/customer/orders/42/reorder/';

async function openOrder(order: Order, routes: Record<string, ApiHandler> = {}) {
  const api = stubApi({
    [`GET /api/customer/orders/${order.id}/`]: () => ok(order),
    'GET /api/customer/orders/': () => ok(orderPage([order])),
    'GET /api/customer/cart/': () => ok(CART),
    'GET /api/customer/wallet/': () => ok({ balance: 0 }),
    ...routes,
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp(`/orders/${order.id}`);
  await screen.findByRole(
    'heading',
    { level: 1, name: `Đơn hàng #${order.id}` },
    { timeout: 5000 },
  );
  return { api, user, ...rendered };
}

const reorderButton = () => screen.queryByRole('button', { name: t.reorder });

beforeAll(async () => {
  await import('#src/features/orders/pages/order-page');
  await import('#src/features/cart/pages/cart-page');
}, 30_000);

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

describe("'Đặt lại' on the order screen", () => {
  it.each(['completed', 'cancelled'] as const)('is offered for a %s order', async (status) => {
    await openOrder(makeOrder({ status }));
    expect(reorderButton()).toBeInTheDocument();
    expect(t.reorder).toBe('Đặt lại');
  });

  it.each(['pending', 'paid', 'accepted', 'done'] as const)(
    'is not offered for a %s order',
    async (status) => {
      await openOrder(makeOrder({ status }));
      expect(reorderButton()).not.toBeInTheDocument();
    },
  );

  it('fills the cart and opens it with the notices, which close and do not come back', async () => {
    const { api, user, router } = await openOrder(makeOrder({ status: 'completed' }), {
      [reorderRoute]: () => ok({ ...CART, notices: NOTICES }),
    });
    await user.click(reorderButton()!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.lastCallTo(reorderRoute).json).toEqual({ replace: false });
    expect(api.lastCallTo(reorderRoute).idempotencyKey).toMatch(/\S/);
    expect(await screen.findByText('Đã thêm các món của đơn vào giỏ hàng')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', { name: 'Một số món đã thay đổi' });
    expect(alert).toHaveTextContent('Phở bò tái lăn: giá đã đổi từ 53.000 ₫ thành 58.000 ₫');
    expect(alert).toHaveTextContent('Bún chả Hà Nội: món hiện không khả dụng');
    expect(await screen.findByRole('link', { name: 'Phở bò tái lăn' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('alert', { name: 'Một số món đã thay đổi' })).not.toBeInTheDocument();
    await act(() => router.navigate('/orders'));
    await act(() => router.navigate('/cart'));
    await screen.findByRole('heading', { level: 1, name: text.cart.title });
    expect(screen.queryByText('Một số món đã thay đổi')).not.toBeInTheDocument();
  });

  it('drops the notices when the cart is left without closing them', async () => {
    const { user, router } = await openOrder(makeOrder({ status: 'cancelled' }), {
      [reorderRoute]: () => ok({ ...CART, notices: NOTICES }),
    });
    await user.click(reorderButton()!);
    await screen.findByRole('alert', { name: 'Một số món đã thay đổi' });
    await act(() => router.navigate('/orders'));
    await act(() => router.navigate('/cart'));
    await screen.findByRole('heading', { level: 1, name: text.cart.title });
    expect(screen.queryByText('Một số món đã thay đổi')).not.toBeInTheDocument();
  });

  it("asks the cart's other-restaurant question, then sends replace: true", async () => {
    let first = true;
    const { api, user, router } = await openOrder(makeOrder({ status: 'completed' }), {
      [reorderRoute]: () => {
        if (first) {
          first = false;
          return fail(409, 'Giỏ hàng đang có món của quán khác', 'CART_OTHER_RESTAURANT');
        }
        return ok({ ...CART, notices: [] });
      },
    });
    await user.click(reorderButton()!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Giỏ hàng hiện tại là của quán khác. Xóa giỏ hàng cũ và thêm món này?',
    });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.cart.switchConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const sent = api.callsTo(reorderRoute).map((call) => call.json);
    expect(sent).toEqual([{ replace: false }, { replace: true }]);
    // No notices: no alert.
    await screen.findByRole('heading', { level: 1, name: text.cart.title });
    expect(screen.queryByText('Một số món đã thay đổi')).not.toBeInTheDocument();
  });

  it('does nothing more when the question is declined', async () => {
    const { api, user, router } = await openOrder(makeOrder({ status: 'completed' }), {
      [reorderRoute]: () =>
        fail(409, 'Giỏ hàng đang có món của quán khác', 'CART_OTHER_RESTAURANT'),
    });
    await user.click(reorderButton()!);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: text.cart.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(reorderRoute)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/orders/42');
  });

  it("shows the server's message and stays when nothing could be added", async () => {
    const { user, router } = await openOrder(makeOrder({ status: 'completed' }), {
      [reorderRoute]: () => fail(409, REORDER_NOTHING_LEFT_MESSAGE, 'REORDER_NOTHING_LEFT'),
    });
    await user.click(reorderButton()!);
    expect(await screen.findByText(REORDER_NOTHING_LEFT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/42');
  });

  it('waits for the network: disabled offline, with the reason', async () => {
    await openOrder(makeOrder({ status: 'completed' }));
    act(() => {
      vitest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(reorderButton()).toBeDisabled();
    expect(reorderButton()).toHaveAccessibleDescription(t.reorderNeedsNetwork);
    vitest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  });
});
