import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout, session } from '#src/lib/session';
import { renderApp } from '../setup/render';
import {
  deferred,
  fail,
  fakeApi,
  findToast,
  NETWORK_DOWN,
  ok,
  resetToasts,
  useFakeClock,
  type Route,
} from './auth-fake-api';

const t = text.auth.register;
const rules = text.auth.validation;

const REGISTER = '/api/auth/staff/register/';

type User = ReturnType<typeof userEvent.setup>;

const labels = {
  username: t.username,
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  phone: t.phone,
  address: t.address,
  password: t.password,
  confirmPassword: t.confirmPassword,
} as const;
type TextField = keyof typeof labels;

const field = (name: TextField) => screen.getByLabelText(labels[name]);
const submitButton = () => screen.getByRole('button', { name: t.submit });

const valid: Record<TextField, string> = {
  username: 'quan_pho_ngon',
  firstName: 'Lan',
  lastName: 'Nguyễn Thị',
  email: 'lan@example.com',
  phone: '0912 345 678',
  address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  password: 'mat-khau-1',
  confirmPassword: 'mat-khau-1',
};

async function fill(user: User, values: Partial<Record<TextField, string>>) {
  for (const [name, value] of Object.entries(values) as [TextField, string][]) {
    // Pasted rather than typed key by key: the same change events, many times faster.
    await user.clear(field(name));
    if (value) await user.paste(value);
  }
}

/** Every validation message of spec section 5 'Registration', in its order. */
const allMessages = [
  'Vui lòng nhập tên đăng nhập',
  'Vui lòng nhập tên',
  'Vui lòng nhập họ',
  'Vui lòng nhập email',
  'Email không hợp lệ',
  'Vui lòng nhập số điện thoại',
  'Số điện thoại không hợp lệ',
  'Vui lòng nhập địa chỉ',
  'Vui lòng nhập mật khẩu',
  'Mật khẩu phải có ít nhất 6 ký tự',
  'Mật khẩu xác nhận không khớp',
];

/** Submits and checks that exactly `message` shows, under `name`, which has the focus. */
async function expectOnlyProblem(user: User, name: TextField, message: string) {
  await user.click(submitButton());
  const input = field(name);
  await waitFor(() => expect(input).toHaveAccessibleDescription(message));
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveFocus();
  for (const other of allMessages) {
    if (other !== message) expect(screen.queryByText(other)).not.toBeInTheDocument();
  }
  expect(screen.getAllByText(message)).toHaveLength(1);
}

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { level: 2, name: t.title });
  return view;
}

const registered: Route = () =>
  ok(
    { user: { id: 9, role: 'owner', username: 'quan_pho_ngon' } },
    'Đăng ký thành công. Tài khoản đang chờ duyệt.',
    201,
  );

beforeEach(() => {
  logout();
  resetToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/register', () => {
  it('shows the title, the notes, every field of spec section 3 and the login link', async () => {
    fakeApi({});
    await openRegister();
    expect(t.title).toBe('Đăng ký tài khoản chủ quán');
    for (const note of t.notes) expect(screen.getByText(note)).toBeVisible();
    expect(screen.getByText(/24-48 giờ/)).toBeVisible();
    for (const name of Object.keys(labels) as TextField[]) {
      expect(field(name)).toHaveValue('');
      expect(field(name)).toBeEnabled();
    }
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('phone')).toHaveAttribute('type', 'tel');
    expect(field('password')).toHaveAttribute('type', 'password');
    expect(field('confirmPassword')).toHaveAttribute('type', 'password');
    const genders = screen.getByRole('radiogroup', { name: t.gender });
    expect(genders).toBeInTheDocument();
    // Default male.
    expect(screen.getByRole('radio', { name: t.genders.male })).toBeChecked();
    expect(screen.getByRole('radio', { name: t.genders.female })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: t.genders.other })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Đăng nhập ngay' })).toHaveAttribute('href', '/login');
  });

  it('uses the spec messages', () => {
    expect([
      rules.usernameRequired,
      rules.firstNameRequired,
      rules.lastNameRequired,
      rules.emailRequired,
      rules.emailInvalid,
      rules.phoneRequired,
      rules.phoneInvalid,
      rules.addressRequired,
      rules.passwordRequired,
      rules.passwordTooShort,
      rules.passwordMismatch,
    ]).toEqual(allMessages);
  });
});

describe('registration validation: spec section 5 order, first failure only', () => {
  it('walks through every message in order as the fields are filled one by one', async () => {
    const api = fakeApi({ [`POST ${REGISTER}`]: registered });
    const user = userEvent.setup();
    await openRegister();

    await expectOnlyProblem(user, 'username', 'Vui lòng nhập tên đăng nhập');
    await fill(user, { username: valid.username });
    await expectOnlyProblem(user, 'firstName', 'Vui lòng nhập tên');
    await fill(user, { firstName: valid.firstName });
    await expectOnlyProblem(user, 'lastName', 'Vui lòng nhập họ');
    await fill(user, { lastName: valid.lastName });
    await expectOnlyProblem(user, 'email', 'Vui lòng nhập email');
    await fill(user, { email: 'lan-at-example' });
    await expectOnlyProblem(user, 'email', 'Email không hợp lệ');
    await fill(user, { email: valid.email });
    await expectOnlyProblem(user, 'phone', 'Vui lòng nhập số điện thoại');
    await fill(user, { phone: '0912 345' });
    await expectOnlyProblem(user, 'phone', 'Số điện thoại không hợp lệ');
    await fill(user, { phone: valid.phone });
    await expectOnlyProblem(user, 'address', 'Vui lòng nhập địa chỉ');
    await fill(user, { address: valid.address });
    await expectOnlyProblem(user, 'password', 'Vui lòng nhập mật khẩu');
    await fill(user, { password: '12345' });
    await expectOnlyProblem(user, 'password', 'Mật khẩu phải có ít nhất 6 ký tự');
    await fill(user, { password: valid.password });
    await expectOnlyProblem(user, 'confirmPassword', 'Mật khẩu xác nhận không khớp');
    await fill(user, { confirmPassword: 'mat-khau-2' });
    await expectOnlyProblem(user, 'confirmPassword', 'Mật khẩu xác nhận không khớp');

    expect(api.calls).toHaveLength(0);
  });

  it('shows the earliest failure when later fields are wrong too', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await openRegister();
    // Everything but the last name, with a bad email, short password and a mismatch.
    await fill(user, {
      ...valid,
      lastName: '',
      email: 'x@',
      password: '1',
      confirmPassword: '2',
    });
    await expectOnlyProblem(user, 'lastName', 'Vui lòng nhập họ');
  });

  it.each<[TextField, string]>([
    ['username', 'Vui lòng nhập tên đăng nhập'],
    ['firstName', 'Vui lòng nhập tên'],
    ['lastName', 'Vui lòng nhập họ'],
    ['email', 'Vui lòng nhập email'],
    ['phone', 'Vui lòng nhập số điện thoại'],
    ['address', 'Vui lòng nhập địa chỉ'],
    ['password', 'Vui lòng nhập mật khẩu'],
  ])('treats spaces only in %s as empty: %s', async (name, message) => {
    const api = fakeApi({ [`POST ${REGISTER}`]: registered });
    const user = userEvent.setup();
    await openRegister();
    const spaces = '       ';
    await fill(user, {
      ...valid,
      [name]: spaces,
      ...(name === 'password' ? { confirmPassword: spaces } : {}),
    });
    await expectOnlyProblem(user, name, message);
    expect(api.calls).toHaveLength(0);
  });

  it('clears the message once its field is edited', async () => {
    fakeApi({});
    const user = userEvent.setup();
    await openRegister();
    await user.click(submitButton());
    expect(await screen.findByText(rules.usernameRequired)).toBeInTheDocument();
    await user.type(field('username'), 'a');
    expect(screen.queryByText(rules.usernameRequired)).not.toBeInTheDocument();
  });
});

describe('submitting the registration', () => {
  it('disables the fields and reads "Đang đăng ký..." while the call runs, then clears the form and goes to /staff/login after 3 s', async () => {
    const reply = deferred();
    const api = fakeApi({ [`POST ${REGISTER}`]: reply.route });
    const { user, advance } = useFakeClock();
    const { router } = await openRegister();
    await fill(user, valid);
    await user.click(screen.getByRole('radio', { name: t.genders.female }));
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: 'Đang đăng ký...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('button', { name: t.submit })).not.toBeInTheDocument();
    for (const name of Object.keys(labels) as TextField[]) expect(field(name)).toBeDisabled();
    for (const gender of ['male', 'female', 'other'] as const) {
      expect(screen.getByRole('radio', { name: t.genders[gender] })).toBeDisabled();
    }

    expect(api.callsTo(REGISTER)).toEqual([
      {
        method: 'POST',
        path: REGISTER,
        body: {
          username: 'quan_pho_ngon',
          password: 'mat-khau-1',
          first_name: 'Lan',
          last_name: 'Nguyễn Thị',
          phone: '0912345678',
          email: 'lan@example.com',
          address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
          gender: 'female',
        },
      },
    ]);

    reply.release(await registered({ method: 'POST', path: REGISTER, body: undefined }));
    expect(await findToast('Đăng ký thành công. Tài khoản đang chờ duyệt.')).toBeInTheDocument();
    expect(await screen.findByText(t.redirecting)).toBeInTheDocument();
    // The form is cleared and usable again; gender is back to its default.
    for (const name of Object.keys(labels) as TextField[]) {
      expect(field(name)).toHaveValue('');
      expect(field(name)).toBeEnabled();
    }
    expect(screen.getByRole('radio', { name: t.genders.male })).toBeChecked();
    expect(submitButton()).toBeEnabled();
    // Registering signs nobody in.
    expect(session.user).toBeNull();

    // The clock also moves with real time, so 'not yet' is checked well inside the 3 seconds.
    await advance(2000);
    expect(router.state.location.pathname).toBe('/register');
    await advance(1000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'));
    expect(
      await screen.findByRole('heading', { level: 2, name: text.auth.staff.title }),
    ).toBeInTheDocument();
  });

  it('trims the values it sends and sends male by default', async () => {
    const api = fakeApi({ [`POST ${REGISTER}`]: registered });
    const user = userEvent.setup();
    await openRegister();
    await fill(user, {
      ...valid,
      username: '  quan_pho_ngon  ',
      firstName: ' Lan ',
      email: ' lan@example.com ',
      address: '  12 Hàng Bạc  ',
    });
    await user.click(submitButton());
    await findToast('Đăng ký thành công. Tài khoản đang chờ duyệt.');
    expect(api.callsTo(REGISTER)[0]?.body).toMatchObject({
      username: 'quan_pho_ngon',
      first_name: 'Lan',
      email: 'lan@example.com',
      address: '12 Hàng Bạc',
      gender: 'male',
    });
  });

  it.each(['0912.345.678', '0912-345-678', '+84 912 345 678'])(
    'takes the phone %j as people write it and sends 0912345678',
    async (phone) => {
      const api = fakeApi({ [`POST ${REGISTER}`]: registered });
      const user = userEvent.setup();
      await openRegister();
      await fill(user, { ...valid, phone });
      await user.click(submitButton());
      await findToast('Đăng ký thành công. Tài khoản đang chờ duyệt.');
      expect(screen.queryByText('Số điện thoại không hợp lệ')).not.toBeInTheDocument();
      expect(api.callsTo(REGISTER)[0]?.body).toMatchObject({ phone: '0912345678' });
    },
  );

  it("shows the server's reason for a taken username under that field and keeps the form", async () => {
    fakeApi({
      [`POST ${REGISTER}`]: () => fail(409, 'USERNAME_TAKEN', 'Tên đăng nhập đã được sử dụng'),
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fill(user, valid);
    await user.click(submitButton());
    expect(await findToast('Tên đăng nhập đã được sử dụng')).toBeInTheDocument();
    expect(field('username')).toHaveAccessibleDescription('Tên đăng nhập đã được sử dụng');
    expect(field('username')).toHaveFocus();
    expect(field('email')).toHaveValue(valid.email);
    expect(submitButton()).toBeEnabled();
    expect(router.state.location.pathname).toBe('/register');
  });

  it("puts a field error from the server's errors list under its field", async () => {
    fakeApi({
      [`POST ${REGISTER}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'Dữ liệu không hợp lệ', {
          errors: [{ path: 'email', message: 'Email không hợp lệ' }],
        }),
    });
    const user = userEvent.setup();
    await openRegister();
    await fill(user, { ...valid, email: 'lan@localhost.x' });
    await user.click(submitButton());
    expect(await findToast('Dữ liệu không hợp lệ')).toBeInTheDocument();
    expect(field('email')).toHaveAccessibleDescription('Email không hợp lệ');
  });

  it.each<{ case: string; route: Route; message: string }>([
    {
      case: 'an error with a message',
      route: () => fail(400, 'WEAK_PASSWORD', 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác'),
      message: 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác',
    },
    {
      case: 'an error without a message',
      route: () => ({ status: 500, body: { success: false } }),
      message: 'Đăng ký thất bại. Vui lòng thử lại.',
    },
    {
      case: 'a reply that is not a success',
      route: () => ({ status: 200, body: { success: false, message: '' } }),
      message: 'Đăng ký thất bại',
    },
    { case: 'no answer', route: () => NETWORK_DOWN, message: 'Không thể kết nối đến server' },
  ])('on $case says $message', async ({ route, message }) => {
    fakeApi({ [`POST ${REGISTER}`]: route });
    const { user, advance } = useFakeClock();
    const { router } = await openRegister();
    await fill(user, valid);
    await user.click(submitButton());
    expect(await findToast(message)).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(field('username')).toHaveValue(valid.username);
    expect(screen.queryByText(t.redirecting)).not.toBeInTheDocument();
    await advance(3000);
    expect(router.state.location.pathname).toBe('/register');
  });
});

describe('/register links', () => {
  it("'Đăng nhập ngay' goes to /login", async () => {
    fakeApi({});
    const user = userEvent.setup();
    const { router } = await openRegister();
    await user.click(screen.getByRole('link', { name: t.loginLink }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
