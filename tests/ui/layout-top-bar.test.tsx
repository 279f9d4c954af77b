import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '#contract/cart';
import { AppLayout } from '#src/app/layouts/app-layout';
import { AppProvider } from '#src/app/provider';
import { vi as text } from '#src/i18n/vi';
import { logout, session, setSession, type SessionUser } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp, renderWithProviders, testRoutes } from '../setup/render';

const tokens = { access_token: 'access-1', refresh_token: 'refresh-1' };

function signIn(user: Partial<SessionUser> = {}) {
  setSession({ user: { id: 1, name: 'Lan Nguyễn', role: 'customer', ...user }, tokens });
}

/** The layout alone, with a given bell count, around a one-line page. */
function renderLayout(notificationCount?: number) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout notificationCount={notificationCount} />,
        children: [{ path: '/', element: <p>trang chủ</p> }],
      },
    ],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

const header = () => screen.getByRole('banner');
/** A cart as GET /api/customer/cart/ sends it (contract/cart.ts), one line per [name, price, quantity]. */
function cartOf(lines: [string, number, number][]): Cart {
  const items = lines.map(([food_name, price, quantity], index) => ({
    id: index + 1,
    food_id: 10 + index,
    food_name,
    food_image: null,
    restaurant_name: 'Phở Thìn',
    price,
    base_price: price,
    quantity,
    topping_ids: [],
    toppings: [],
    option_ids: [],
    options: [],
    note: '',
    line_total: price * quantity,
    available: true,
    unavailable_reason: null,
  }));
  return {
    restaurant_id: items.length > 0 ? 4 : null,
    restaurant_name: items.length > 0 ? 'Phở Thìn' : null,
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: items.reduce((sum, item) => sum + item.line_total, 0),
  };
}
const cartItems = (hasCount: number) =>
  cartOf(Array.from({ length: hasCount }, (_, index) => [`Món ${index + 1}`, 45000, 1]));

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('the user in the top bar (spec 2.2)', () => {
  it.each([
    ['customer', 'Khách hàng'],
    ['owner', 'Chủ quán'],
    ['staff', 'Nhân viên'],
    ['admin', 'Quản trị viên'],
  ])('shows the name, the %s role as %s and the initial', async (role, label) => {
    stubApi();
    signIn({ role, name: 'đặng thu hà' });
    renderLayout();
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('đặng thu hà')).toBeInTheDocument();
    expect(within(bar).getByText(label)).toBeInTheDocument();
    expect(within(bar).getByText('Đ')).toBeInTheDocument();
    expect(within(bar).queryByRole('img', { name: /đặng/ })).not.toBeInTheDocument();
  });

  it('shows the uploaded picture instead of the initial when the user has one', async () => {
    stubApi();
    signIn({ avatar: '/uploads/avatars/lan.webp' });
    const { container } = renderLayout();
    await screen.findByRole('banner');
    const picture = container.querySelector('header img[src="/uploads/avatars/lan.webp"]');
    expect(picture).not.toBeNull();
    expect(within(header()).queryByText('L')).not.toBeInTheDocument();
  });

  it.each([
    ['known only by the phone', '0912345678'],
    ['without any name', ''],
  ])('shows a neutral icon, not a letter or digit, for a customer %s', async (_case, name) => {
    stubApi();
    signIn({ name, full_name: null, phone: '0912345678' });
    renderLayout();
    const bar = await screen.findByRole('banner');
    const avatar = bar.querySelector('[data-user-avatar]');
    expect(avatar).not.toBeNull();
    expect(avatar).toHaveTextContent(/^$/);
    expect(avatar!.querySelector('svg')).not.toBeNull();
  });

  it('shows the title with the logo, linking home', async () => {
    stubApi();
    signIn();
    renderLayout();
    const home = within(await screen.findByRole('banner')).getByRole('link', { name: 'Món Ngon' });
    expect(home).toHaveAttribute('href', '/');
    expect(home.querySelector('img[src="/logo.svg"]')).not.toBeNull();
  });
});

/** GET /api/notifications/ as contract/notifications.ts has it, with only the unread count. */
const unreadReply = (unread_count: number) =>
  ok({
    items: [],
    unread_count,
    pagination: {
      page: 1,
      per_page: 1,
      total: 0,
      total_exact: true,
      total_pages: 0,
      has_next: false,
    },
  });

// The bell is a link to the inbox now (docs/decisions/021); it was a picture while there was
// nothing to open. The count a caller supplies keeps spec 2.2's display rule.
describe('the notifications bell (spec 2.2, section 9)', () => {
  const bell = async () =>
    within(await screen.findByRole('banner')).getByRole('link', { name: /^Thông báo/ });

  it.each([
    [0, null],
    [5, '5'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('with a supplied count of %s shows %s, without asking the server', async (count, shown) => {
    const api = stubApi();
    signIn();
    renderLayout(count);
    const link = await bell();
    expect(link).toHaveAttribute('href', '/notifications');
    if (shown === null) {
      expect(link).toHaveAccessibleName(text.layout.noNotifications);
      expect(link).toHaveTextContent(/^$/);
    } else {
      expect(link).toHaveAccessibleName(`Thông báo, ${shown} mới`);
      expect(link).toHaveTextContent(shown);
    }
    expect(api.callsTo('GET /api/notifications/')).toHaveLength(0);
  });

  it.each([
    [3, '3'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('shows the unread count of the inbox: %s as %s', async (count, shown) => {
    const api = stubApi({ 'GET /api/notifications/': () => unreadReply(count) });
    signIn();
    renderLayout();
    await waitFor(async () => expect(await bell()).toHaveAccessibleName(`Thông báo, ${shown} mới`));
    expect(await bell()).toHaveTextContent(shown);
    expect(api.lastCallTo('GET /api/notifications/').authorization).toBe('Bearer access-1');
  });

  it('says there is nothing new when the inbox has nothing unread', async () => {
    stubApi({ 'GET /api/notifications/': () => unreadReply(0) });
    signIn();
    renderLayout();
    await waitFor(async () =>
      expect(await bell()).toHaveAccessibleName('Thông báo, không có thông báo mới'),
    );
    expect(await bell()).toHaveTextContent(/^$/);
  });

  it('shows no number while the count is unknown (the inbox cannot be read)', async () => {
    const api = stubApi();
    signIn({ role: 'owner' });
    renderLayout();
    await waitFor(() => expect(api.callsTo('GET /api/notifications/')).toHaveLength(1));
    const link = await bell();
    expect(link).toHaveAccessibleName('Thông báo');
    expect(link).toHaveTextContent(/^$/);
  });

  it('opens the inbox', async () => {
    stubApi({ 'GET /api/notifications/': () => unreadReply(2) });
    signIn();
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            { path: '/', element: <p>trang chủ</p> },
            { path: '/notifications', element: <p>hộp thư</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    await user.click(await bell());
    expect(await screen.findByText('hộp thư')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });
});

describe('the cart count (spec 2.2)', () => {
  const cartLinks = (count: number) =>
    screen.getAllByRole('link', { name: text.layout.cartWithCount(count) });

  it('reads GET /api/customer/cart/ on load: the sum of the quantities', async () => {
    const api = stubApi({
      'GET /api/customer/cart/': () =>
        ok(
          cartOf([
            ['Phở bò', 60000, 2],
            ['Quẩy', 5000, 3],
          ]),
        ),
    });
    signIn();
    renderLayout();
    await waitFor(() => expect(cartLinks(5)).toHaveLength(2));
    // The desktop button and the highlighted mobile item both carry the badge.
    for (const link of cartLinks(5)) expect(link).toHaveTextContent('5');
    expect(api.callsTo('GET /api/customer/cart/')).toHaveLength(1);
    expect(api.lastCallTo('GET /api/customer/cart/').authorization).toBe('Bearer access-1');
  });

  it('refreshes when a window-wide cartUpdated event fires', async () => {
    let count = 1;
    const api = stubApi({ 'GET /api/customer/cart/': () => ok(cartItems(count)) });
    signIn();
    renderLayout();
    await waitFor(() => expect(cartLinks(1)).toHaveLength(2));

    count = 4;
    act(() => {
      window.dispatchEvent(new Event('cartUpdated'));
    });
    await waitFor(() => expect(cartLinks(4)).toHaveLength(2));
    expect(api.callsTo('GET /api/customer/cart/')).toHaveLength(2);
  });

  it.each([
    ['the cart endpoint is missing (404)', () => fail(404, 'Không tìm thấy', 'NOT_FOUND')],
    ['the server fails (500)', () => fail(500, 'Lỗi máy chủ', 'INTERNAL')],
    ['the reply has no items', () => ok(null)],
    ['no answer comes at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to 0 when %s', async (_case, failure) => {
    let broken = false;
    stubApi({ 'GET /api/customer/cart/': () => (broken ? failure() : ok(cartItems(3))) });
    signIn();
    renderLayout();
    await waitFor(() => expect(cartLinks(3)).toHaveLength(2));

    broken = true;
    act(() => {
      window.dispatchEvent(new Event('cartUpdated'));
    });
    await waitFor(() => expect(cartLinks(0)).toHaveLength(2));
    // A count of 0 shows no badge.
    for (const link of cartLinks(0)) expect(link).not.toHaveTextContent(/\d/);
  });

  it('shows 0 while the cart endpoint does not exist yet', async () => {
    const api = stubApi();
    signIn();
    renderLayout();
    await waitFor(() => expect(api.callsTo('GET /api/customer/cart/')).toHaveLength(1));
    expect(cartLinks(0)).toHaveLength(2);
  });

  it('is not asked for by staff, who have no cart', async () => {
    const api = stubApi();
    signIn({ role: 'owner' });
    renderLayout();
    await screen.findByRole('banner');
    act(() => {
      window.dispatchEvent(new Event('cartUpdated'));
    });
    await screen.findByText('trang chủ');
    expect(api.callsTo('GET /api/customer/cart/')).toHaveLength(0);
  });
});

describe('the theme toggle (spec 2.2, section 3)', () => {
  it('switches between light and dark, as a class on <html>, and remembers it', async () => {
    stubApi();
    signIn();
    const user = userEvent.setup();
    const router = createMemoryRouter(testRoutes, { initialEntries: ['/orders'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const toDark = await screen.findByRole('button', { name: 'Chuyển sang giao diện tối' });
    expect(document.documentElement).toHaveClass('light');

    await user.click(toDark);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Chuyển sang giao diện sáng' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('logout (spec 2.2, section 4)', () => {
  it('revokes the refresh token, clears the session and lands on /login', async () => {
    const api = stubApi({ 'POST /api/auth/logout/': () => ok(null) });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session).toMatchObject({ user: null, tokens: null, userType: 'customer' });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout/')).toHaveLength(1));
    expect(api.lastCallTo('POST /api/auth/logout/').json).toEqual({ refresh_token: 'refresh-1' });
  });

  it('signs out on this device even when the server cannot be reached', async () => {
    stubApi({ 'POST /api/auth/logout/': () => Promise.reject(new TypeError('Failed to fetch')) });
    signIn({ role: 'staff' });
    const user = userEvent.setup();
    const { router } = renderApp('/staff/menu');
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.user).toBeNull();
  });
});
