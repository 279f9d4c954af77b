import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout, setSession } from '#src/lib/session';
import { fail, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { FakeCartServer, serveCart, serverFood } from '../setup/fake-cart-server';

/**
 * /cart (spec 2.11) on the real cart core (outbox, sync engine, query cache) against a fake cart
 * server: its texts, the quantity steppers, remove, clear with its confirmation, the checkout
 * button, the offline 'đang chờ đồng bộ' and the load failure.
 */

const t = text.cart;
const PHO_THIN = { id: 3, name: 'Phở Thìn Lò Đúc' };

const foods = [
  serverFood({
    id: 12,
    name: 'Phở bò tái lăn',
    price: 45_000,
    image_url: '/uploads/foods/pho.webp',
    restaurant: PHO_THIN,
    toppings: [
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
    ],
  }),
  serverFood({ id: 13, name: 'Phở bò chín', price: 40_000, restaurant: PHO_THIN }),
  serverFood({ id: 14, name: 'Quẩy nóng', price: 10_000, restaurant: PHO_THIN, available: false }),
];

function signIn() {
  setSession({
    user: { id: 1, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

/** /cart over a server cart made by `seed`; waits until the cart screen has read it. */
async function openCart(seed: (server: FakeCartServer) => void = () => {}) {
  stubApi({});
  const server = serveCart(new FakeCartServer(foods));
  seed(server);
  signIn();
  const user = userEvent.setup();
  const rendered = renderApp('/cart');
  await screen.findByRole('heading', { level: 1, name: 'Giỏ hàng' }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByText(t.loading)).not.toBeInTheDocument());
  return { server, user, ...rendered };
}

const lines = () => screen.getByRole('list', { name: t.lines });
const lineOf = (name: string) =>
  within(lines())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }) !== null)!;
const summary = () => screen.getByRole('region', { name: t.total });

// A change reaches the screen through IndexedDB and the sync engine: on a busy machine that can
// outlast Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  // The screens are lazy chunks: transform them once up front, so no test spends its time on
  // the cold import.
  await import('#src/features/cart/pages/cart-page');
}, 30_000);

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

afterEach(() => {
  logout();
});

describe('the cart screen /cart (spec 2.11)', () => {
  it('shows the title, the restaurant, the one-restaurant note, each line and the total', async () => {
    await openCart((server) => server.seed(12, 2, [102, 101]).seed(13, 1));
    expect(screen.getByRole('heading', { level: 1, name: 'Giỏ hàng' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Phở Thìn Lò Đúc' })).toHaveAttribute(
      'href',
      '/restaurant/3',
    );
    expect(screen.getByText('Giỏ hàng chỉ chứa món của một nhà hàng')).toBeInTheDocument();

    const pho = lineOf('Phở bò tái lăn');
    expect(within(pho).getByRole('link', { name: 'Phở bò tái lăn' })).toHaveAttribute(
      'href',
      '/food/12',
    );
    expect(pho.querySelector('img')).toHaveAttribute('src', '/uploads/foods/pho.webp');
    expect(within(pho).getByText('Topping: Trứng chần, Quẩy')).toBeInTheDocument();
    expect(within(pho).getByText('Phở Thìn Lò Đúc')).toBeInTheDocument();
    // (45.000 + 5.000 + 3.000) x 2
    expect(within(pho).getByText('106.000 ₫', { exact: false })).toHaveTextContent(
      `${t.lineTotal}: 106.000 ₫`,
    );
    expect(within(pho).getByRole('status', { name: 'Số lượng Phở bò tái lăn' })).toHaveTextContent(
      '2',
    );

    const chin = lineOf('Phở bò chín');
    // No picture: the placeholder stands in.
    expect(chin.querySelector('img')).toBeNull();
    expect(within(chin).queryByText(/^Topping:/)).not.toBeInTheDocument();
    expect(within(chin).getByText('40.000 ₫', { exact: false, selector: 'p' })).toBeInTheDocument();

    expect(within(summary()).getByRole('status', { name: t.total })).toHaveTextContent('146.000 ₫');
    expect(within(summary()).getByText('3 món')).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: t.checkout })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.queryByText('Bạn cần đăng nhập lại để xem giỏ hàng.')).not.toBeInTheDocument();
    expect(screen.queryByText('đang chờ đồng bộ')).not.toBeInTheDocument();
  });

  it('goes to /checkout from the checkout button', async () => {
    const { user, router } = await openCart((server) => server.seed(13, 1));
    await user.click(within(summary()).getByRole('link', { name: t.checkout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('counts a line down to 1 and no further, and up again', async () => {
    const { user, server } = await openCart((s) => s.seed(13, 2));
    const line = lineOf('Phở bò chín');
    const minus = within(line).getByRole('button', { name: 'Giảm số lượng Phở bò chín' });
    const plus = within(line).getByRole('button', { name: 'Tăng số lượng Phở bò chín' });
    const quantity = within(line).getByRole('status', { name: 'Số lượng Phở bò chín' });

    await user.click(minus);
    await waitFor(() => expect(quantity).toHaveTextContent('1'));
    await waitFor(() => expect(server.cart().items[0]?.quantity).toBe(1));
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(quantity).toHaveTextContent('1');

    await user.click(plus);
    await waitFor(() => expect(quantity).toHaveTextContent('2'));
    await waitFor(() => expect(server.cart().items[0]?.quantity).toBe(2));
    expect(server.changes()).toEqual([
      `PUT /api/customer/cart/update/1/`,
      `PUT /api/customer/cart/update/1/`,
    ]);
    expect(server.calls.filter((r) => r.method === 'PUT').map((r) => r.json)).toEqual([
      { quantity: 1 },
      { quantity: 2 },
    ]);
    await waitFor(() =>
      expect(within(summary()).getByRole('status', { name: t.total })).toHaveTextContent(
        '80.000 ₫',
      ),
    );
  });

  it('works the quantity from the keyboard', async () => {
    const { user, server } = await openCart((s) => s.seed(13, 1));
    within(lineOf('Phở bò chín'))
      .getByRole('button', { name: 'Tăng số lượng Phở bò chín' })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.cart().items[0]?.quantity).toBe(2));
  });

  it("removes a line with 'Đã xóa món khỏi giỏ hàng'", async () => {
    const { user, server } = await openCart((s) => s.seed(12, 1).seed(13, 1));
    await user.click(
      within(lineOf('Phở bò chín')).getByRole('button', { name: 'Xóa Phở bò chín khỏi giỏ hàng' }),
    );
    expect(await screen.findByText('Đã xóa món khỏi giỏ hàng')).toBeInTheDocument();
    expect(server.changes()).toEqual(['DELETE /api/customer/cart/remove/2/']);
    expect(within(lines()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(lines()).queryByRole('link', { name: 'Phở bò chín' })).not.toBeInTheDocument();
  });

  it("asks 'Bạn có chắc muốn xóa toàn bộ giỏ hàng?' before clearing; Hủy keeps the cart", async () => {
    const { user, server } = await openCart((s) => s.seed(12, 1).seed(13, 1));
    await user.click(screen.getByRole('button', { name: t.clear }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Bạn có chắc muốn xóa toàn bộ giỏ hàng?',
    });
    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes()).toEqual([]);
    expect(within(lines()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: t.clear }));
    const again = await screen.findByRole('dialog', {
      name: 'Bạn có chắc muốn xóa toàn bộ giỏ hàng?',
    });
    await user.click(within(again).getByRole('button', { name: t.clear }));
    expect(await screen.findByText('Đã xóa giỏ hàng')).toBeInTheDocument();
    expect(server.changes()).toEqual(['DELETE /api/customer/cart/clear/']);
    expect(screen.getByRole('heading', { level: 2, name: 'Giỏ hàng trống' })).toBeInTheDocument();
    expect(within(summary()).getByRole('button', { name: t.checkout })).toBeDisabled();
  });

  it('shows the empty cart with a way to the dishes, and a disabled checkout button', async () => {
    const { user, router } = await openCart();
    expect(screen.getByRole('heading', { level: 2, name: 'Giỏ hàng trống' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: t.lines })).not.toBeInTheDocument();
    expect(within(summary()).getByRole('button', { name: t.checkout })).toBeDisabled();
    expect(within(summary()).queryByRole('link')).not.toBeInTheDocument();
    expect(within(summary()).getByRole('status', { name: t.total })).toHaveTextContent('0 ₫');
    expect(screen.getByRole('button', { name: t.clear })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: t.browse }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('marks a line that is no longer available; it can only be removed', async () => {
    await openCart((s) => s.seed(14, 1).seed(13, 1));
    const gone = lineOf('Quẩy nóng');
    expect(within(gone).getByText('Món này hiện không khả dụng')).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Tăng số lượng Quẩy nóng' })).toBeDisabled();
    expect(within(gone).getByRole('button', { name: 'Xóa Quẩy nóng khỏi giỏ hàng' })).toBeEnabled();
    expect(
      within(lineOf('Phở bò chín')).queryByText('Món này hiện không khả dụng'),
    ).not.toBeInTheDocument();
  });

  it("says 'đang chờ đồng bộ' on a change made offline, and counts the waiting changes", async () => {
    const { user, server } = await openCart((s) => s.seed(12, 1).seed(13, 1));
    vitest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const line = lineOf('Phở bò chín');
    await user.click(within(line).getByRole('button', { name: 'Tăng số lượng Phở bò chín' }));

    expect(await within(line).findByText('đang chờ đồng bộ')).toBeInTheDocument();
    expect(within(line).getByRole('status', { name: 'Số lượng Phở bò chín' })).toHaveTextContent(
      '2',
    );
    expect(within(lineOf('Phở bò tái lăn')).queryByText('đang chờ đồng bộ')).toBeNull();
    expect(screen.getByText('1 thay đổi đang chờ đồng bộ')).toBeInTheDocument();

    await user.click(
      within(lineOf('Phở bò tái lăn')).getByRole('button', {
        name: 'Xóa Phở bò tái lăn khỏi giỏ hàng',
      }),
    );
    expect(await screen.findByText('2 thay đổi đang chờ đồng bộ')).toBeInTheDocument();
    // Nothing reached the server: the changes wait in the outbox.
    expect(server.changes()).toEqual([]);
  });

  it("online, a quantity change the server fails says 'Không thể cập nhật số lượng' and shows the server's line", async () => {
    const { user, server } = await openCart((s) => s.seed(13, 2));
    server.failNextChange(() => {
      // Meanwhile another device set the line to 5: the screen must show that, not its guess.
      server.lines[0]!.quantity = 5;
      return fail(500, 'Lỗi máy chủ', 'INTERNAL');
    });
    const line = lineOf('Phở bò chín');
    await user.click(within(line).getByRole('button', { name: 'Tăng số lượng Phở bò chín' }));

    expect(await screen.findByText('Không thể cập nhật số lượng')).toBeInTheDocument();
    expect(screen.queryByText(t.savedOffline)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(lineOf('Phở bò chín')).getByRole('status', { name: 'Số lượng Phở bò chín' }),
      ).toHaveTextContent('5'),
    );
    expect(screen.queryByText('đang chờ đồng bộ')).not.toBeInTheDocument();
    expect(screen.queryByText(/thay đổi đang chờ đồng bộ/)).not.toBeInTheDocument();
    // Not kept for a replay: the one PUT the server failed is all it ever got.
    expect(server.changes()).toEqual(['PUT /api/customer/cart/update/1/']);
  });

  it("online, a removal the server fails says 'Không thể xóa món' and keeps the server's line", async () => {
    const { user, server } = await openCart((s) => s.seed(12, 1).seed(13, 1));
    server.failNextChange(() => fail(503, 'Lỗi máy chủ', 'UNAVAILABLE'));
    await user.click(
      within(lineOf('Phở bò chín')).getByRole('button', { name: 'Xóa Phở bò chín khỏi giỏ hàng' }),
    );

    expect(await screen.findByText('Không thể xóa món')).toBeInTheDocument();
    expect(screen.queryByText(t.savedOffline)).not.toBeInTheDocument();
    expect(screen.queryByText(t.removed)).not.toBeInTheDocument();
    await waitFor(() => expect(within(lines()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(lineOf('Phở bò chín')).queryByText('đang chờ đồng bộ')).toBeNull();
    expect(screen.queryByText(/thay đổi đang chờ đồng bộ/)).not.toBeInTheDocument();
    expect(server.changes()).toEqual(['DELETE /api/customer/cart/remove/2/']);
  });

  it("says 'Bạn cần đăng nhập lại để xem giỏ hàng.' when the cart cannot be loaded", async () => {
    await openCart((server) => {
      server.failRead = fail(500, 'Lỗi máy chủ');
    });
    expect(await screen.findByText('Bạn cần đăng nhập lại để xem giỏ hàng.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.total })).not.toBeInTheDocument();
    expect(screen.queryByText('Giỏ hàng trống')).not.toBeInTheDocument();
  });
});
