import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout, session, setTokens } from '#src/lib/session';
import { renderApp } from '../setup/render';
import {
  fail,
  fakeApi,
  findToast,
  NETWORK_DOWN,
  ok,
  resetToasts,
  useFakeClock,
  type Route,
} from './auth-fake-api';

const t = text.auth.staff;
const rules = text.auth.validation;

const LOGIN = '/api/auth/staff/login/';

const owner = {
  id: 3,
  role: 'owner',
  name: 'Trần Văn Chủ',
  username: 'demo_owner',
  full_name: null,
  first_name: 'Chủ',
  last_name: 'Trần Văn',
  email: 'owner@example.com',
  phone: '0987654321',
  address: '1 Lê Lợi, Quận 1',
  date_of_birth: null,
  gender: 'male',
  avatar: null,
  is_need_update: false,
};
const tokens = { access_token: 'staff-access', refresh_token: 'staff-refresh' };
const signedIn: Route = () => ok({ user: owner, tokens }, 'Đăng nhập thành công');
const refused: Route = () =>
  fail(401, 'INVALID_CREDENTIALS', 'Tên đăng nhập hoặc mật khẩu không đúng');

const usernameField = () => screen.getByLabelText(t.username);
const passwordField = () => screen.getByLabelText(t.password);
const submit = () => screen.getByRole('button', { name: t.submit });

async function openStaffLogin() {
  const view = renderApp('/staff/login');
  await screen.findByRole('heading', { level: 2, name: t.title });
  return view;
}

beforeEach(() => {
  logout();
  resetToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/staff/login', () => {
  it('is titled for the shop owner and links to /register and back to /login', async () => {
    fakeApi({});
    await openStaffLogin();
    expect(t.title).toBe('Đăng nhập dành cho chủ quán');
    expect(usernameField()).toHaveAttribute('autocomplete', 'username');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Chưa có tài khoản? Đăng ký ngay' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: t.customerLink })).toHaveAttribute('href', '/login');
  });

  it('shows and hides the password from a labelled, focusable button', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await openStaffLogin();
    const toggle = screen.getByRole('button', { name: text.auth.showPassword });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the registration from its link', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const { router } = await openStaffLogin();
    await user.click(screen.getByRole('link', { name: t.registerLink }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(
      await screen.findByRole('heading', { level: 2, name: text.auth.register.title }),
    ).toBeInTheDocument();
  });
});

describe('staff login validation (spec section 5)', () => {
  it('asks for both fields when both are empty, and sends nothing', async () => {
    const api = fakeApi({ [`POST ${LOGIN}`]: signedIn });
    const user = userEvent.setup();
    await openStaffLogin();
    await user.click(submit());
    expect(await screen.findByText('Vui lòng nhập tên đăng nhập hoặc email')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập mật khẩu')).toBeInTheDocument();
    expect(usernameField()).toHaveAccessibleDescription(rules.usernameOrEmailRequired);
    expect(passwordField()).toHaveAccessibleDescription(rules.passwordRequired);
    expect(usernameField()).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['   ', 'demo123456', 'username', rules.usernameOrEmailRequired],
    ['demo_owner', '', 'password', 'Vui lòng nhập mật khẩu'],
    ['demo_owner', '      ', 'password', 'Vui lòng nhập mật khẩu'],
    ['demo_owner', '12345', 'password', 'Mật khẩu phải có ít nhất 6 ký tự'],
  ])(
    'username %j with password %j: the %s field says %j',
    async (username, password, field, message) => {
      const api = fakeApi({ [`POST ${LOGIN}`]: signedIn });
      const user = userEvent.setup();
      await openStaffLogin();
      if (username) await user.type(usernameField(), username);
      if (password) await user.type(passwordField(), password);
      await user.keyboard('{Enter}');
      expect(await screen.findByText(message)).toBeInTheDocument();
      const input = field === 'username' ? usernameField() : passwordField();
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveFocus();
      expect(api.calls).toHaveLength(0);
    },
  );

  it('uses the spec messages', () => {
    expect(rules.usernameOrEmailRequired).toBe('Vui lòng nhập tên đăng nhập hoặc email');
    expect(rules.passwordRequired).toBe('Vui lòng nhập mật khẩu');
    expect(rules.passwordTooShort).toBe('Mật khẩu phải có ít nhất 6 ký tự');
  });
});

describe('signing in as staff', () => {
  it('sends username and password, says so, stores the session and goes to / after 1 s', async () => {
    const api = fakeApi({ [`POST ${LOGIN}`]: signedIn });
    const { user, advance } = useFakeClock();
    const { router } = await openStaffLogin();
    await user.type(usernameField(), '  demo_owner ');
    await user.type(passwordField(), 'demo123456');
    await user.click(submit());

    expect(await findToast('Đăng nhập thành công!')).toBeInTheDocument();
    expect(api.callsTo(LOGIN)).toEqual([
      { method: 'POST', path: LOGIN, body: { username: 'demo_owner', password: 'demo123456' } },
    ]);
    // The clock also moves with real time, so 'not yet' is checked halfway through the second.
    await advance(500);
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(session.user).toBeNull();

    await advance(500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.user).toEqual(owner);
    expect(session.tokens).toEqual(tokens);
    // userType follows the role: an owner is not a customer.
    expect(session.userType).toBe('staff');
    expect(localStorage.getItem('userType')).toBe('staff');
  });

  it('keeps the sign-in when the screen is left within that second', async () => {
    fakeApi({ [`POST ${LOGIN}`]: signedIn });
    const user = userEvent.setup();
    const { router } = await openStaffLogin();
    await user.type(usernameField(), 'demo_owner');
    await user.type(passwordField(), 'demo123456');
    await user.click(submit());
    await findToast(text.auth.signedIn);
    await user.click(screen.getByRole('link', { name: t.customerLink }));
    // Signed in by then, so the guard sends the user on to / instead of /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.user).toEqual(owner);
  });
});

describe('a failed staff login', () => {
  it.each<{ case: string; route: Route; message: string }>([
    { case: 'a 401', route: refused, message: 'Tên đăng nhập hoặc mật khẩu không đúng' },
    {
      case: 'a 401 with another message',
      route: () => fail(401, 'INVALID_CREDENTIALS', 'Sai thông tin'),
      message: 'Tên đăng nhập hoặc mật khẩu không đúng',
    },
    {
      case: 'a reply that is not a success',
      route: () => ({ status: 200, body: { success: false } }),
      message: 'Tên đăng nhập hoặc mật khẩu không đúng',
    },
    {
      case: 'a wait after wrong passwords (429)',
      route: () =>
        fail(
          429,
          'LOGIN_DELAYED',
          'Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau 5 phút.',
          {},
          { 'retry-after': '300' },
        ),
      message: 'Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau 5 phút.',
    },
    { case: 'no answer', route: () => NETWORK_DOWN, message: 'Không thể kết nối đến server' },
  ])('on $case says $message and clears the stored user and tokens', async ({ route, message }) => {
    fakeApi({ [`POST ${LOGIN}`]: route });
    // Left over from an earlier session on this device.
    setTokens({ access_token: 'stale-access', refresh_token: 'stale-refresh' });
    const user = userEvent.setup();
    const { router } = await openStaffLogin();
    await user.type(usernameField(), 'demo_owner');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submit());

    expect(await findToast(message)).toBeInTheDocument();
    expect(session.user).toBeNull();
    expect(session.tokens).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(submit()).toBeEnabled();
    // The password is selected, ready to be typed again.
    expect(passwordField()).toHaveFocus();
  });
});
