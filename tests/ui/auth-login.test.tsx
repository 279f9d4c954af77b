import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout, session } from '#src/lib/session';
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

const t = text.auth.customer;
const rules = text.auth.validation;

const SEND = '/api/auth/customer/send-otp/';
const VERIFY = '/api/auth/customer/verify-otp/';

const customer = {
  id: 12,
  role: 'customer',
  name: '0912345678',
  username: null,
  full_name: null,
  first_name: null,
  last_name: null,
  email: null,
  phone: '0912345678',
  address: null,
  date_of_birth: null,
  gender: null,
  avatar: null,
  is_need_update: true,
};
const tokens = { access_token: 'access-1', refresh_token: 'refresh-1' };

const sent: Route = () =>
  ok({ resend_after: 60, expires_in: 300 }, 'Mã OTP đã được gửi đến số điện thoại của bạn');
const verified: Route = () => ok({ customer, tokens }, 'Đăng nhập thành công');

const phoneField = () => screen.getByLabelText(t.phone);
const codeField = () => screen.queryByLabelText(t.code);
const getCodeButton = () => screen.getByRole('button', { name: t.getCode });
const loginButton = () => screen.getByRole('button', { name: t.submit });

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 2, name: t.title });
  return view;
}

/** Types the phone and asks for a code; resolves once the code field is there. */
async function requestCode(user: ReturnType<typeof userEvent.setup>, phone = '0912 345 678') {
  await user.type(phoneField(), phone);
  await user.click(getCodeButton());
  await screen.findByLabelText(t.code);
}

beforeEach(() => {
  logout();
  resetToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/login before a code is sent', () => {
  it('shows the phone field, the get-code button and the staff login link, no code field', async () => {
    fakeApi({});
    await openLogin();
    expect(phoneField()).toHaveAttribute('type', 'tel');
    expect(phoneField()).not.toHaveAttribute('readonly');
    expect(getCodeButton()).toBeEnabled();
    expect(codeField()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.staffLink })).toHaveAttribute('href', '/staff/login');
  });

  it.each([
    ['', rules.phoneRequired, 'Vui lòng nhập số điện thoại'],
    ['   ', rules.phoneRequired, 'Vui lòng nhập số điện thoại'],
    ['091234567', rules.phoneInvalid, 'Số điện thoại không hợp lệ'],
    ['091234567890', rules.phoneInvalid, 'Số điện thoại không hợp lệ'],
    ['0912abc678', rules.phoneInvalid, 'Số điện thoại không hợp lệ'],
    ['+85912345678', rules.phoneInvalid, 'Số điện thoại không hợp lệ'],
    ['0912/345/678', rules.phoneInvalid, 'Số điện thoại không hợp lệ'],
  ])('refuses to send a code to %j: %s', async (phone, message, literal) => {
    expect(message).toBe(literal);
    const api = fakeApi({ [`POST ${SEND}`]: sent });
    const user = userEvent.setup();
    await openLogin();
    if (phone) await user.type(phoneField(), phone);
    await user.click(getCodeButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(phoneField()).toHaveAccessibleDescription(message);
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField()).toHaveFocus();
    expect(api.calls).toHaveLength(0);
    expect(codeField()).not.toBeInTheDocument();
  });

  it('clears the phone message as soon as the phone is edited', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await openLogin();
    await user.click(getCodeButton());
    expect(await screen.findByText(rules.phoneRequired)).toBeInTheDocument();
    await user.type(phoneField(), '0');
    expect(screen.queryByText(rules.phoneRequired)).not.toBeInTheDocument();
  });

  it.each([
    ['0912 345 678', '0912345678'],
    ['0912345678', '0912345678'],
    [' 028 3829 5678 ', '02838295678'],
    // As people write them: grouped with dots or dashes, or in the international form.
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['84912345678', '0912345678'],
    ['+84 0912 345 678', '0912345678'],
  ])('sends %j as %j (read as the national number, 10 or 11 digits)', async (typed, phone) => {
    const api = fakeApi({ [`POST ${SEND}`]: sent });
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneField(), typed);
    await user.keyboard('{Enter}');
    await screen.findByLabelText(t.code);
    expect(api.callsTo(SEND)).toEqual([{ method: 'POST', path: SEND, body: { phone } }]);
  });
});

describe('/login with a phone written another way', () => {
  it('signs in with the national number when the phone was typed with dots', async () => {
    const api = fakeApi({ [`POST ${SEND}`]: sent, [`POST ${VERIFY}`]: verified });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user, '+84 912.345.678');
    await user.type(screen.getByLabelText(t.code), '123456');
    await user.click(loginButton());
    await findToast('Đăng nhập thành công!');
    expect(api.callsTo(VERIFY).map((call) => call.body)).toEqual([
      { phone: '0912345678', otp_code: '123456' },
    ]);
  });
});

describe('/login once the code is sent', () => {
  it('shows the success toast, locks the phone and shows the 6-digit code field', async () => {
    fakeApi({ [`POST ${SEND}`]: sent });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);

    expect(await findToast('Mã OTP đã được gửi đến số điện thoại của bạn')).toBeInTheDocument();
    // The code is what comes next: the cursor is already there.
    expect(codeField()).toHaveFocus();
    expect(phoneField()).toHaveAttribute('readonly');
    expect(phoneField()).toHaveValue('0912 345 678');
    await user.type(phoneField(), '999');
    expect(phoneField()).toHaveValue('0912 345 678');

    const code = codeField()!;
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(loginButton()).toBeEnabled();
    expect(screen.queryByRole('button', { name: t.getCode })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.resendIn(60) })).toBeDisabled();
    expect(screen.getByRole('link', { name: t.staffLink })).toHaveAttribute('href', '/staff/login');
  });

  it('keeps the code to 6 characters', async () => {
    fakeApi({ [`POST ${SEND}`]: sent });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '12345678');
    expect(codeField()).toHaveValue('123456');
  });

  it.each([
    ['', rules.otpRequired, 'Vui lòng nhập mã OTP'],
    ['  ', rules.otpRequired, 'Vui lòng nhập mã OTP'],
    ['12345', rules.otpInvalid, 'Mã OTP phải có 6 chữ số'],
    ['12a456', rules.otpInvalid, 'Mã OTP phải có 6 chữ số'],
  ])('refuses the code %j: %s', async (code, message, literal) => {
    expect(message).toBe(literal);
    const api = fakeApi({ [`POST ${SEND}`]: sent, [`POST ${VERIFY}`]: verified });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    if (code) await user.type(codeField()!, code);
    await user.click(loginButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveFocus();
    expect(api.callsTo(VERIFY)).toHaveLength(0);
  });

  it('lets the phone be changed, which hides the code step again', async () => {
    fakeApi({ [`POST ${SEND}`]: sent });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.click(screen.getByRole('button', { name: t.changePhone }));
    expect(phoneField()).not.toHaveAttribute('readonly');
    expect(phoneField()).toHaveFocus();
    expect(codeField()).not.toBeInTheDocument();
    expect(getCodeButton()).toBeInTheDocument();
  });
});

describe('signing in with the code', () => {
  it('sends phone and code, says so, stores the session and goes to / after 1 second', async () => {
    const api = fakeApi({ [`POST ${SEND}`]: sent, [`POST ${VERIFY}`]: verified });
    const { user, advance } = useFakeClock();
    const { router } = await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '123456');
    await user.click(loginButton());

    expect(await findToast('Đăng nhập thành công!')).toBeInTheDocument();
    expect(api.callsTo(VERIFY)).toEqual([
      { method: 'POST', path: VERIFY, body: { phone: '0912345678', otp_code: '123456' } },
    ]);
    // The message shows first; the app moves on one second later.
    expect(router.state.location.pathname).toBe('/login');
    expect(loginButton()).toBeDisabled();
    // The clock also moves with real time, so 'not yet' is checked halfway through the second.
    await advance(500);
    expect(router.state.location.pathname).toBe('/login');
    expect(session.user).toBeNull();

    await advance(500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.user).toEqual(customer);
    expect(session.tokens).toEqual(tokens);
    expect(session.userType).toBe('customer');
    expect(JSON.parse(localStorage.getItem('tokens')!)).toEqual(tokens);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(customer);
  });

  it("shows the server's message when it refuses the code", async () => {
    fakeApi({
      [`POST ${SEND}`]: sent,
      [`POST ${VERIFY}`]: () => fail(400, 'OTP_EXPIRED', 'Mã OTP đã hết hạn. Vui lòng lấy mã mới.'),
    });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '123456');
    await user.click(loginButton());
    expect(await findToast('Mã OTP đã hết hạn. Vui lòng lấy mã mới.')).toBeInTheDocument();
    expect(session.user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(loginButton()).toBeEnabled();
  });

  it("falls back to 'Số điện thoại hoặc mã OTP không đúng' when a refusal has no message", async () => {
    fakeApi({
      [`POST ${SEND}`]: sent,
      [`POST ${VERIFY}`]: () => ({ status: 400, body: { success: false, code: 'OTP_INVALID' } }),
    });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '654321');
    await user.click(loginButton());
    expect(await findToast('Số điện thoại hoặc mã OTP không đúng')).toBeInTheDocument();
    expect(t.verifyFailed).toBe('Số điện thoại hoặc mã OTP không đúng');
    expect(session.user).toBeNull();
  });

  it("says 'OTP không đúng' for a reply that is not a success and has no message", async () => {
    fakeApi({
      [`POST ${SEND}`]: sent,
      [`POST ${VERIFY}`]: () => ({ status: 200, body: { success: false } }),
    });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '654321');
    await user.click(loginButton());
    expect(await findToast('OTP không đúng')).toBeInTheDocument();
    expect(session.user).toBeNull();
  });

  it('says the server cannot be reached when no answer comes', async () => {
    fakeApi({ [`POST ${SEND}`]: sent, [`POST ${VERIFY}`]: () => NETWORK_DOWN });
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.type(codeField()!, '123456');
    await user.click(loginButton());
    expect(await findToast(text.http.noResponse)).toBeInTheDocument();
    expect(session.user).toBeNull();
  });
});

describe('sending the code fails', () => {
  it.each<{ case: string; route: Route }>([
    { case: 'an error reply', route: () => fail(500, 'INTERNAL', 'Lỗi máy chủ') },
    { case: 'no answer', route: () => NETWORK_DOWN },
    {
      case: 'a reply that is not a success',
      route: () => ({ status: 200, body: { success: false } }),
    },
  ])("says 'Không thể gửi mã OTP. Vui lòng thử lại.' on $case", async ({ route }) => {
    fakeApi({ [`POST ${SEND}`]: route });
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneField(), '0912345678');
    await user.click(getCodeButton());
    expect(await findToast('Không thể gửi mã OTP. Vui lòng thử lại.')).toBeInTheDocument();
    expect(codeField()).not.toBeInTheDocument();
    expect(phoneField()).not.toHaveAttribute('readonly');
  });

  it("shows the server's reason for refusing the phone under the field", async () => {
    fakeApi({
      [`POST ${SEND}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'Dữ liệu không hợp lệ', {
          errors: [{ path: 'phone', message: 'Số điện thoại không hợp lệ' }],
        }),
    });
    const user = userEvent.setup();
    await openLogin();
    // A number the form's own rule takes (the same reading as the server's), refused anyway.
    await user.type(phoneField(), '0912345678');
    await user.click(getCodeButton());
    expect(await findToast(t.sendFailed)).toBeInTheDocument();
    expect(phoneField()).toHaveAccessibleDescription('Số điện thoại không hợp lệ');
  });

  it("shows the server's message for a 429 and counts down its Retry-After", async () => {
    const { user, advance } = useFakeClock();
    fakeApi({
      [`POST ${SEND}`]: () =>
        fail(
          429,
          'RATE_LIMITED',
          'Bạn đã yêu cầu quá nhiều mã. Vui lòng thử lại sau.',
          {},
          { 'retry-after': '42' },
        ),
    });
    await openLogin();
    await user.type(phoneField(), '0912345678');
    await user.click(getCodeButton());
    expect(
      await findToast('Bạn đã yêu cầu quá nhiều mã. Vui lòng thử lại sau.'),
    ).toBeInTheDocument();
    // Too many codes: nothing usable was sent, so the first step stays, waiting.
    expect(codeField()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.getCodeIn(42) })).toBeDisabled();
    await advance(42_000);
    expect(screen.getByRole('button', { name: t.getCode })).toBeEnabled();
  });

  it('moves on to the code when the last code is too recent to resend (after a reload)', async () => {
    fakeApi({
      [`POST ${SEND}`]: () =>
        fail(
          429,
          'OTP_RESEND_TOO_SOON',
          'Vui lòng đợi 37 giây trước khi gửi lại mã.',
          {},
          { 'retry-after': '37' },
        ),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneField(), '0912345678');
    await user.click(getCodeButton());
    expect(await findToast('Vui lòng đợi 37 giây trước khi gửi lại mã.')).toBeInTheDocument();
    expect(await screen.findByLabelText(t.code)).toBeInTheDocument();
    expect(phoneField()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: t.resendIn(37) })).toBeDisabled();
  });
});

describe('resending the code', () => {
  it('waits for resend_after, then sends again to the same phone', async () => {
    const api = fakeApi({
      [`POST ${SEND}`]: () => ok({ resend_after: 5, expires_in: 300 }),
    });
    const { user, advance } = useFakeClock();
    await openLogin();
    await requestCode(user, '0912 345 678');
    await user.type(codeField()!, '111');

    expect(screen.getByRole('button', { name: t.resendIn(5) })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: t.resendIn(4) })).toBeDisabled();
    await advance(4000);
    const resend = await screen.findByRole('button', { name: t.resend });
    expect(resend).toBeEnabled();

    resetToasts();
    await user.click(resend);
    expect(await findToast(t.codeSent)).toBeInTheDocument();
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([
      { phone: '0912345678' },
      { phone: '0912345678' },
    ]);
    // A new code: the field is emptied for it and the wait starts again.
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(screen.getByRole('button', { name: t.resendIn(5) })).toBeDisabled();
  });

  it("shows the server's message for a resend too soon and counts down Retry-After", async () => {
    let sends = 0;
    fakeApi({
      [`POST ${SEND}`]: () =>
        ++sends === 1
          ? ok({ resend_after: 0, expires_in: 300 })
          : fail(
              429,
              'OTP_RESEND_TOO_SOON',
              'Vui lòng đợi 42 giây trước khi gửi lại mã.',
              {},
              { 'Retry-After': '42' },
            ),
    });
    const { user, advance } = useFakeClock();
    await openLogin();
    await requestCode(user);
    await user.click(screen.getByRole('button', { name: t.resend }));

    expect(await findToast('Vui lòng đợi 42 giây trước khi gửi lại mã.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.resendIn(42) })).toBeDisabled();
    await advance(41_000);
    expect(screen.getByRole('button', { name: t.resendIn(1) })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: t.resend })).toBeEnabled();
  });
});

describe('the visitor screens link to each other', () => {
  it('goes from /login to the staff login', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.click(screen.getByRole('link', { name: t.staffLink }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'));
    expect(
      await screen.findByRole('heading', { level: 2, name: text.auth.staff.title }),
    ).toBeInTheDocument();
  });

  it('is shown inside the auth card, under the app name', async () => {
    fakeApi({});
    await openLogin();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: text.app.name })).toBeVisible();
    expect(within(main).getByRole('heading', { level: 2, name: t.title })).toBeVisible();
  });
});
