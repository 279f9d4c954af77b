import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout, session, setSession } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';

const LOCKED_MESSAGE = 'Tài khoản của bạn đã bị khóa';
const locked = () => fail(403, LOCKED_MESSAGE, 'ACCOUNT_LOCKED');

/** Every call of the signed-in app is refused as the server refuses a locked account's. */
function lockedServer(routes: Record<string, ApiHandler> = {}) {
  const api = stubApi(routes);
  const everyCall: ApiHandler = () => locked();
  for (const route of [
    'GET /api/customer/orders/',
    'GET /api/customer/profile/',
    'GET /api/customer/cart/',
    'GET /api/staff/foods/',
    'GET /api/staff/profile/',
    'GET /api/notifications/unread-count/',
    'GET /api/admin/users/',
  ]) {
    if (!(route in routes)) api.on(route, everyCall);
  }
  return api;
}

function signIn(role: 'customer' | 'owner' | 'staff' | 'admin') {
  setSession({
    user: { id: 9, name: 'Nguyễn Minh Anh', role },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

beforeAll(async () => {
  await import('#src/features/auth/pages/login-page');
  await import('#src/features/auth/pages/staff-login-page');
  await import('#src/features/orders/pages/orders-page');
  await import('#src/features/staff-menu/pages/staff-menu-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('a locked account while signed in', { timeout: 20_000 }, () => {
  it("drops a customer's session and shows /login with the reason", async () => {
    const api = lockedServer();
    signIn('customer');
    const { router } = renderApp('/orders');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 5000,
    });
    expect(await screen.findByText(text.auth.locked)).toBeInTheDocument();
    expect(screen.getByText(text.auth.locked).closest('[role="alert"]')).not.toBeNull();
    expect(session.user).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    // Dropped here only: the server's sign-out (and a refresh) would be refused anyway.
    expect(api.callsTo('POST /api/auth/logout/')).toHaveLength(0);
    expect(api.callsTo('POST /api/auth/refresh/')).toHaveLength(0);
  });

  it.each(['owner', 'staff'] as const)(
    'sends a locked %s to /staff/login with the reason',
    async (role) => {
      lockedServer();
      signIn(role);
      const { router } = renderApp('/staff/menu');
      await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'), {
        timeout: 5000,
      });
      expect(await screen.findByText(text.auth.locked)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: text.auth.staff.title })).toBeInTheDocument();
    },
  );

  it('sends a locked admin to /staff/login too', async () => {
    lockedServer();
    signIn('admin');
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'), {
      timeout: 5000,
    });
    expect(await screen.findByText(text.auth.locked)).toBeInTheDocument();
  });

  it('ends the session as locked when the token refresh is refused so', async () => {
    const api = lockedServer({
      'GET /api/customer/orders/': () => fail(401, 'Phiên đăng nhập đã hết hạn', 'UNAUTHORIZED'),
      'POST /api/auth/refresh/': locked,
    });
    signIn('customer');
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 5000,
    });
    expect(await screen.findByText(text.auth.locked)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/refresh/').length).toBeGreaterThan(0);
  });

  it('shows no such notice after an ordinary sign-out', async () => {
    stubApi({
      'GET /api/customer/orders/': () => fail(401, 'Phiên đăng nhập đã hết hạn', 'UNAUTHORIZED'),
      'POST /api/auth/refresh/': () => fail(401, 'Phiên đăng nhập đã hết hạn', 'UNAUTHORIZED'),
    });
    signIn('customer');
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 5000,
    });
    await screen.findByRole('heading', { name: text.auth.customer.title });
    expect(screen.queryByText(text.auth.locked)).toBeNull();
  });
});

describe('a locked account signing in', { timeout: 20_000 }, () => {
  it("shows the server's refusal as the OTP form's error and stores no session", async () => {
    const api = stubApi({
      'POST /api/auth/customer/send-otp/': () => ok({ resend_after: 60 }, 'Đã gửi mã OTP'),
      'POST /api/auth/customer/verify-otp/': locked,
    });
    const user = userEvent.setup();
    renderApp('/login');
    const t = text.auth.customer;
    await user.type(await screen.findByLabelText(t.phone, {}, { timeout: 5000 }), '0901000001');
    await user.click(screen.getByRole('button', { name: t.getCode }));
    await user.type(await screen.findByLabelText(t.code), '123456');
    await user.click(screen.getByRole('button', { name: t.submit }));

    const form = screen.getByRole('button', { name: t.submit }).closest('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(LOCKED_MESSAGE);
    expect(api.callsTo('POST /api/auth/customer/verify-otp/')).toHaveLength(1);
    expect(session.user).toBeNull();
  });

  it("shows the server's refusal as the staff form's error, not the wrong-password toast", async () => {
    stubApi({ 'POST /api/auth/staff/login/': locked });
    const user = userEvent.setup();
    renderApp('/staff/login');
    const t = text.auth.staff;
    await user.type(await screen.findByLabelText(t.username, {}, { timeout: 5000 }), 'demo_staff');
    await user.type(screen.getByLabelText(t.password), 'demo123456');
    await user.click(screen.getByRole('button', { name: t.submit }));

    const form = screen.getByRole('button', { name: t.submit }).closest('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(LOCKED_MESSAGE);
    expect(screen.queryByText(t.failed)).toBeNull();
    expect(session.user).toBeNull();
  });
});
