import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_BACKGROUND_ATTRIBUTE } from '#src/app/layouts/auth-layout';
import { routeAccess } from '#src/app/routes';
import { vi as text } from '#src/i18n/vi';
import { logout, setSession, type SessionUser } from '#src/lib/session';
import { renderApp } from '../setup/render';

const tokens = { access_token: 'a', refresh_token: 'r' };

function signInAs(role: string) {
  const user: SessionUser = { id: 1, name: 'Ngọc', role };
  setSession({ user, tokens });
}

beforeEach(() => {
  logout();
});

describe('the router with the guards of spec 2.1', () => {
  it('sends a visitor from / to /login, shown in the auth layout with the app name', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const main = await screen.findByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: text.app.name }),
    ).toBeInTheDocument();
    expect(within(main).getByText(text.app.tagline)).toBeInTheDocument();
    // Without a user there is no navigation frame (spec 2.2).
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it("keeps index.html's splash until the first screen is in, then removes it", async () => {
    const splash = document.createElement('div');
    splash.id = 'splash';
    document.body.append(splash);
    try {
      renderApp('/login');
      // The layout routes' hydrate fallback is empty: nothing but the splash until the chunk.
      expect(screen.queryByRole('main')).not.toBeInTheDocument();
      expect(document.getElementById('splash')).not.toBeNull();
      expect(await screen.findByRole('button', { name: text.auth.customer.getCode })).toBeVisible();
      expect(document.getElementById('splash')).toBeNull();
    } finally {
      splash.remove();
    }
  });

  it('sends a customer from /staff/menu to /, inside the app frame', async () => {
    signInAs('customer');
    const { router } = renderApp('/staff/menu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // / is a lazy screen: the frame shows once its chunk is in.
    const header = await screen.findByRole('banner');
    expect(within(header).getByText(text.app.name)).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: text.app.name })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('lets an owner stay on /staff/menu/new', async () => {
    signInAs('owner');
    const { router } = renderApp('/staff/menu/new');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/menu/new');
  });

  it('sends a signed-in user away from /login to /', async () => {
    signInAs('staff');
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an unknown path to /, and a visitor on from there to /login', async () => {
    const { router } = renderApp('/khong-co-trang-nay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the payment result page to a visitor without any navigation', async () => {
    const { router } = renderApp('/api/payment/vnpay/return/?vnp_ResponseCode=00');
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/api/payment/vnpay/return/');
  });

  it('shows the payment result page in the app frame to a signed-in user', async () => {
    signInAs('customer');
    const { router } = renderApp('/api/payment/vnpay/return/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/api/payment/vnpay/return/');
  });

  it('goes to /login as soon as the session ends (logout, failed refresh)', async () => {
    signInAs('customer');
    const { router } = renderApp('/orders/42');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    act(() => logout());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(routeAccess)(
    'renders $path for the user it is meant for, without redirecting',
    async ({ path, access }) => {
      if (access === 'user' || access === 'customer') signInAs('customer');
      if (access === 'staff') signInAs('staff');
      if (access === 'admin') signInAs('admin');
      const concrete = path.replace(':id', '7');
      const { router } = renderApp(concrete);
      expect(await screen.findByRole('main')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(concrete);
    },
  );
});

describe('the auth layout', () => {
  it('draws one of the four backgrounds when index.html has not, and keeps one it drew', async () => {
    const html = document.documentElement;
    html.removeAttribute(AUTH_BACKGROUND_ATTRIBUTE);
    try {
      const first = renderApp('/register');
      await screen.findByRole('main');
      expect(html.getAttribute(AUTH_BACKGROUND_ATTRIBUTE)).toMatch(/^[0-3]$/);
      first.unmount();

      html.setAttribute(AUTH_BACKGROUND_ATTRIBUTE, '2');
      renderApp('/login');
      await screen.findByRole('main');
      expect(html.getAttribute(AUTH_BACKGROUND_ATTRIBUTE)).toBe('2');
    } finally {
      html.removeAttribute(AUTH_BACKGROUND_ATTRIBUTE);
    }
  });
});

describe('the offline banner', () => {
  function setOnline(online: boolean) {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }

  it('appears while the network is gone, in the auth and the app layout', async () => {
    renderApp('/login');
    await screen.findByRole('main');
    expect(screen.queryByText(text.offline.banner)).not.toBeInTheDocument();

    act(() => setOnline(false));
    expect(
      screen.getByText('Bạn đang ngoại tuyến. Một số chức năng cần có mạng.'),
    ).toBeInTheDocument();
    act(() => setOnline(true));
    expect(screen.queryByText(text.offline.banner)).not.toBeInTheDocument();
  });

  it('shows in the app layout too', async () => {
    signInAs('customer');
    act(() => setOnline(false));
    renderApp('/cart');
    expect(await screen.findByText(text.offline.banner)).toBeInTheDocument();
    act(() => setOnline(true));
  });
});
