import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '#contract/cart';
import type { Profile } from '#contract/profile';
import { customerProfileQuery, profileQueries } from '#src/api/profile';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { customerProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';
import { makeCart } from './checkout-fake-api';
import { setOnline, signInAsCustomer } from './orders-fake-api';

const t = text.checkout;
const APPLY = 'POST /api/coupon/apply';

interface OpenOptions {
  cart?: Cart;
  profile?: Profile | null;
  routes?: Record<string, ApiHandler>;
}

async function openCheckout({
  cart = makeCart(),
  profile = customerProfile(),
  routes = {},
}: OpenOptions = {}) {
  const api = stubApi({
    'GET /api/customer/cart/': () => ok(cart),
    'GET /api/customer/profile/': () => (profile ? ok(profile) : fail(500, 'Máy chủ đang bận')),
    ...routes,
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/checkout');
  // The first visit also loads the screen's chunk.
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, user, ...rendered };
}

async function summary() {
  return screen.findByRole('region', { name: t.summary });
}

/** The amount the summary gives for a term (subtotal, discount, total...). */
function amount(term: string): string | null {
  const region = screen.getByRole('region', { name: t.summary });
  return within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

const couponField = () =>
  within(screen.getByRole('region', { name: t.coupon })).getByRole('textbox');
const applyButton = () => screen.getByRole('button', { name: t.applyCoupon });

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('the checkout summary (spec 2.12)', () => {
  it("lists each dish as 'name x quantity' with toppings and line total, then the amounts", async () => {
    await openCheckout();
    const lines = within(within(await summary()).getByRole('list', { name: t.items })).getAllByRole(
      'listitem',
    );
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Phở bò tái lăn x 2')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('Topping: Trứng chần, Quẩy')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('106.000 ₫')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('Bún chả Hà Nội x 1')).toBeInTheDocument();
    expect(within(lines[1]!).queryByText(/^Topping/)).not.toBeInTheDocument();
    expect(within(lines[1]!).getByText('45.000 ₫')).toBeInTheDocument();
    expect(amount(t.subtotal)).toBe('151.000 ₫');
    expect(amount(t.shippingFee)).toBe('Free ship');
    expect(amount(t.discount)).toBe('0 ₫');
    expect(amount(t.total)).toBe('151.000 ₫');
    expect(screen.getByText('Nhà hàng: Phở Thìn Lò Đúc')).toBeInTheDocument();
  });

  it('marks a dish that stopped selling', async () => {
    const cart = makeCart();
    await openCheckout({
      cart: { ...cart, items: [{ ...cart.items[0]!, available: false }, cart.items[1]!] },
    });
    const lines = within(await summary()).getAllByRole('listitem');
    expect(within(lines[0]!).getByText(t.unavailable)).toBeInTheDocument();
    expect(within(lines[1]!).queryByText(t.unavailable)).not.toBeInTheDocument();
  });

  it('fills address and phone from the profile, and leaves the note empty', async () => {
    await openCheckout();
    await waitFor(() =>
      expect(screen.getByLabelText(t.address, { exact: false })).toHaveValue(
        '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      ),
    );
    expect(screen.getByLabelText(t.phone, { exact: false })).toHaveValue('0912345678');
    expect(screen.getByLabelText(t.note)).toHaveValue('');
  });

  it('reads the profile through the cache entry of the profile screen', () => {
    // One cached (and persisted) profile: an edit on /profile refreshes the checkout's too.
    expect(customerProfileQuery.queryKey).toEqual(profileQueries.detail('customer').queryKey);
  });

  it("keeps what the customer typed over the profile's values", async () => {
    const { user } = await openCheckout();
    await waitFor(() =>
      expect(screen.getByLabelText(t.phone, { exact: false })).toHaveValue('0912345678'),
    );
    const address = screen.getByLabelText(t.address, { exact: false });
    await user.clear(address);
    await user.type(address, '5 Tràng Tiền');
    expect(address).toHaveValue('5 Tràng Tiền');
  });

  it("says 'Không thể tải dữ liệu thanh toán' when the cart cannot be loaded", async () => {
    await openCheckout({
      routes: { 'GET /api/customer/cart/': () => fail(500, 'Máy chủ đang bận') },
    });
    expect(await screen.findByText('Không thể tải dữ liệu thanh toán')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.placeOrder })).not.toBeInTheDocument();
  });
});

describe('the coupon box (spec 2.12, section 5)', () => {
  it('keeps apply disabled while the code is empty or only spaces', async () => {
    const { user } = await openCheckout();
    await summary();
    expect(applyButton()).toBeDisabled();
    await user.type(couponField(), '   ');
    expect(applyButton()).toBeDisabled();
    await user.type(couponField(), 'GIAM10');
    expect(applyButton()).toBeEnabled();
  });

  it('sends the trimmed code with the cart, shows the discount as subtotal - payable and toasts', async () => {
    const { api, user } = await openCheckout({
      routes: {
        // payable wins over discount (spec section 5).
        [APPLY]: () => ok({ code: 'GIAM10', order_amount: 151_000, discount: 1, payable: 136_000 }),
      },
    });
    await summary();
    await user.type(couponField(), '  giam10  ');
    await user.click(applyButton());
    expect(await screen.findByText('Áp dụng mã giảm giá thành công')).toBeInTheDocument();
    expect(api.lastCallTo(APPLY).json).toEqual({
      code: 'giam10',
      order_amount: 151_000,
      restaurant_id: 3,
      food_ids: [12, 15],
    });
    expect(amount(t.discount)).toBe('-15.000 ₫');
    expect(amount(t.total)).toBe('136.000 ₫');
    expect(screen.getByText('Đang dùng mã GIAM10: giảm 15.000 ₫')).toBeInTheDocument();
  });

  it('reads discount when the reply has no payable', async () => {
    const { user } = await openCheckout({ routes: { [APPLY]: () => ok({ discount: 20_000 }) } });
    await summary();
    await user.type(couponField(), 'GIAM20K');
    await user.click(applyButton());
    await screen.findByText('Áp dụng mã giảm giá thành công');
    expect(amount(t.discount)).toBe('-20.000 ₫');
    expect(amount(t.total)).toBe('131.000 ₫');
  });

  it('never lets the total go below 0', async () => {
    const { user } = await openCheckout({ routes: { [APPLY]: () => ok({ discount: 500_000 }) } });
    await summary();
    await user.type(couponField(), 'BIGFIXED');
    await user.click(applyButton());
    await screen.findByText('Áp dụng mã giảm giá thành công');
    expect(amount(t.total)).toBe('0 ₫');
  });

  it('disables apply while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = await openCheckout({
      routes: { [APPLY]: () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    await summary();
    await user.type(couponField(), 'GIAM10');
    await user.click(applyButton());
    await waitFor(() => expect(applyButton()).toBeDisabled());
    answer(ok({ discount: 15_000, payable: 136_000 }));
    await screen.findByText('Áp dụng mã giảm giá thành công');
    expect(applyButton()).toBeEnabled();
  });

  it("shows the server's reason and resets the discount when a code is refused", async () => {
    let reply: ApiHandler = () => ok({ discount: 15_000, payable: 136_000 });
    const { user } = await openCheckout({ routes: { [APPLY]: (call) => reply(call) } });
    await summary();
    await user.type(couponField(), 'GIAM10');
    await user.click(applyButton());
    await screen.findByText('Áp dụng mã giảm giá thành công');
    expect(amount(t.total)).toBe('136.000 ₫');

    reply = () => fail(400, 'Mã giảm giá đã hết hạn', 'COUPON_EXPIRED');
    await user.clear(couponField());
    await user.type(couponField(), 'HETHAN');
    await user.click(applyButton());
    expect(await screen.findByText('Mã giảm giá đã hết hạn')).toBeInTheDocument();
    expect(amount(t.discount)).toBe('0 ₫');
    expect(amount(t.total)).toBe('151.000 ₫');
    expect(screen.queryByRole('button', { name: t.cancelCoupon })).not.toBeInTheDocument();
  });

  it("says 'Mã giảm giá không hợp lệ' when the refusal gives no reason", async () => {
    const { user } = await openCheckout({
      routes: {
        [APPLY]: () =>
          new Response('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      },
    });
    await summary();
    await user.type(couponField(), 'GIAM10');
    await user.click(applyButton());
    expect(await screen.findByText('Mã giảm giá không hợp lệ')).toBeInTheDocument();
    expect(amount(t.discount)).toBe('0 ₫');
  });

  it('removes the coupon on cancel', async () => {
    const { user } = await openCheckout({
      routes: { [APPLY]: () => ok({ code: 'GIAM10', discount: 15_000, payable: 136_000 }) },
    });
    await summary();
    await user.type(couponField(), 'GIAM10');
    await user.click(applyButton());
    await screen.findByText('Áp dụng mã giảm giá thành công');
    await user.click(screen.getByRole('button', { name: t.cancelCoupon }));
    expect(amount(t.discount)).toBe('0 ₫');
    expect(amount(t.total)).toBe('151.000 ₫');
    expect(couponField()).toHaveValue('');
    expect(screen.queryByText(/^Đang dùng mã/)).not.toBeInTheDocument();
  });
});

describe('checkout without network (design.md section 6)', () => {
  it('disables pay and apply offline and says the order needs the network', async () => {
    const { user } = await openCheckout();
    await summary();
    await user.type(couponField(), 'GIAM10');
    setOnline(false);
    expect(await screen.findByText('Cần kết nối mạng để đặt hàng')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.placeOrder })).toBeDisabled();
    expect(applyButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: t.placeOrder })).toHaveAccessibleDescription(
      'Cần kết nối mạng để đặt hàng',
    );

    setOnline(true);
    await waitFor(() => expect(screen.getByRole('button', { name: t.placeOrder })).toBeEnabled());
    expect(applyButton()).toBeEnabled();
    expect(screen.queryByText('Cần kết nối mạng để đặt hàng')).not.toBeInTheDocument();
  });
});
