import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_UPDATED_EVENT } from '#src/api/cart';
import { vi as text } from '#src/i18n/vi';
import { createQueryClient } from '#src/lib/query-client';
import { logout, setSession } from '#src/lib/session';
import { fail, stubApi } from '../setup/fake-api';
import { FakeCartServer, serveCart, serverFood } from '../setup/fake-cart-server';
import { renderApp } from '../setup/render';

const tokens = { access_token: 'a', refresh_token: 'r' };

function signInAs(role: string) {
  setSession({ user: { id: 1, name: 'Ngọc Ánh', role }, tokens });
}

const mainNav = () => screen.getByRole('navigation', { name: text.layout.mainNav });
const bottomNav = () => screen.getByRole('navigation', { name: text.layout.bottomNav });
const hrefs = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
const highlighted = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.hasAttribute('data-highlighted'))
    .map((link) => link.getAttribute('href'));

beforeEach(() => {
  logout();
  stubApi();
});

describe('customer navigation (spec 2.2)', () => {
  beforeEach(() => signInAs('customer'));

  it('links home, orders, collections and profile on the desktop bar, with a cart button', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Đơn hàng' })).toHaveAttribute('href', '/orders');
    expect(within(nav).getByRole('link', { name: 'Bộ sưu tập' })).toHaveAttribute(
      'href',
      '/collections',
    );
    expect(within(nav).getByRole('link', { name: 'Tài khoản' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(hrefs(nav)).toEqual(['/', '/orders', '/collections', '/profile']);
    // The cart is a button-styled link with its count, beside the navigation.
    const header = screen.getByRole('banner');
    const cart = await within(header).findByRole('link', { name: 'Giỏ hàng, 0 món' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent(text.layout.cart);
  });

  it('has five bottom items with the cart highlighted in the middle', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    const nav = bottomNav();
    expect(hrefs(nav)).toEqual(['/', '/orders', '/cart', '/collections', '/profile']);
    expect(hrefs(nav).length).toBeLessThanOrEqual(5);
    expect(highlighted(nav)).toEqual(['/cart']);
    expect(within(nav).queryByRole('link', { name: 'Thực đơn' })).not.toBeInTheDocument();
  });

  it('shows 0 on the cart button at once when the cart cannot be read, not the last count during retries', async () => {
    const server = serveCart(new FakeCartServer([serverFood({ id: 13 })]).seed(13, 3));
    // The app's own query client: the cart read is retried with backoff (1 s, 2 s, 4 s).
    const queryClient = createQueryClient();
    try {
      renderApp('/orders', { queryClient });
      const header = await screen.findByRole('banner');
      expect(
        await within(header).findByRole('link', { name: 'Giỏ hàng, 3 món' }),
      ).toBeInTheDocument();

      server.failRead = fail(500, 'Lỗi máy chủ', 'INTERNAL');
      act(() => {
        window.dispatchEvent(new Event(CART_UPDATED_EVENT));
      });
      // Spec 2.2: 0 on any error, before the first retry (1 s later) has even started.
      expect(
        await within(header).findByRole('link', { name: 'Giỏ hàng, 0 món' }, { timeout: 800 }),
      ).toBeInTheDocument();
      expect(
        within(bottomNav()).getByRole('link', { name: 'Giỏ hàng, 0 món' }),
      ).toBeInTheDocument();
    } finally {
      await queryClient.cancelQueries();
      queryClient.clear();
    }
  });

  it('opens the collection screen from the bottom bar', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/orders');
    await screen.findByRole('banner');
    await user.click(within(bottomNav()).getByRole('link', { name: 'Bộ sưu tập' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bộ sưu tập' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe.each(['staff', 'owner'])('%s navigation (spec 2.2)', (role) => {
  beforeEach(() => signInAs(role));

  it('links dashboard, menu, orders, reviews and profile, with orders highlighted', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    const expected = ['/', '/staff/menu', '/orders', '/staff/reviews', '/profile'];
    // The desktop bar adds the promotions; the phone's bar keeps its five.
    expect(hrefs(mainNav())).toEqual([
      '/',
      '/staff/menu',
      '/orders',
      '/staff/reviews',
      '/staff/coupons',
      '/profile',
    ]);
    expect(hrefs(bottomNav())).toEqual(expected);
    expect(highlighted(bottomNav())).toEqual(['/orders']);
    expect(within(mainNav()).getByRole('link', { name: 'Thực đơn' })).toHaveAttribute(
      'href',
      '/staff/menu',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Đánh giá' })).toHaveAttribute(
      'href',
      '/staff/reviews',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Khuyến mãi' })).toHaveAttribute(
      'href',
      '/staff/coupons',
    );
    // No cart and no collections for staff.
    expect(screen.queryByRole('link', { name: /Giỏ hàng/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bộ sưu tập' })).not.toBeInTheDocument();
  });
});

describe('admin navigation', () => {
  beforeEach(() => signInAs('admin'));

  it('makes the console the home, with every section on the desktop bar', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await screen.findByRole('banner');
    const nav = mainNav();
    expect(hrefs(nav)).toEqual([
      '/admin',
      '/admin/restaurants',
      '/admin/withdrawals',
      '/admin/users',
      '/admin/coupons',
      '/admin/money',
      '/admin/audit',
      '/profile',
    ]);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Tổng quan',
      'Nhà hàng',
      'Rút tiền',
      'Người dùng',
      'Mã giảm giá',
      'Dòng tiền',
      'Nhật ký',
      'Tài khoản',
    ]);
    expect(screen.queryByRole('link', { name: /Giỏ hàng/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Thực đơn' })).not.toBeInTheDocument();
  });

  it('keeps five items on the bottom bar', async () => {
    renderApp('/admin/restaurants');
    await screen.findByRole('banner');
    const nav = bottomNav();
    expect(hrefs(nav)).toEqual([
      '/admin',
      '/admin/restaurants',
      '/admin/withdrawals',
      '/admin/users',
      '/profile',
    ]);
    expect(highlighted(nav)).toEqual(['/admin/withdrawals']);
  });

  it('marks only the section in use, not the console home', async () => {
    renderApp('/admin/restaurants');
    await screen.findByRole('banner');
    expect(within(mainNav()).getByRole('link', { name: 'Nhà hàng' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Tổng quan' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

describe('the current page', () => {
  it('is marked with aria-current in both bars, the home link only on / itself', async () => {
    signInAs('customer');
    renderApp('/orders/42');
    await screen.findByRole('banner');
    for (const nav of [mainNav(), bottomNav()]) {
      expect(within(nav).getByRole('link', { name: 'Đơn hàng' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(nav).getByRole('link', { name: 'Trang chủ' })).not.toHaveAttribute(
        'aria-current',
      );
    }
  });

  it('follows a keyboard-driven navigation', async () => {
    signInAs('staff');
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('banner');
    const menu = within(mainNav()).getByRole('link', { name: 'Thực đơn' });
    menu.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/menu'), {
      timeout: 5000,
    });
    // The menu screen is a lazy route: the link is marked once the new screen has rendered.
    await waitFor(
      () =>
        expect(within(mainNav()).getByRole('link', { name: 'Thực đơn' })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      { timeout: 5000 },
    );
  });
});

describe('signed out', () => {
  it('shows no navigation at all', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
