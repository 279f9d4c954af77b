import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/profile';
import { vi as text } from '#src/i18n/vi';
import { logout, session, setSession } from '#src/lib/session';
import { fail, ok, stubApi, type ApiCall } from '../setup/fake-api';
import { customerProfile, staffProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';

const tokens = { access_token: 'a', refresh_token: 'r' };

/**
 * The edit screen for `profile`; the PUT answers with the body applied to the profile (or with
 * `putReply` when given), and the GET afterwards with the latest profile.
 */
async function openEdit(profile: Profile, putReply?: (call: ApiCall) => Response) {
  const endpoint = profile.role === 'customer' ? 'customer' : 'staff';
  let current = profile;
  const api = stubApi({
    [`GET /api/${endpoint}/profile/`]: () => ok(current),
    [`PUT /api/${endpoint}/profile/`]: (call) => {
      if (putReply) return putReply(call);
      const fields = (call.json ?? Object.fromEntries(call.form!.entries())) as Partial<Profile>;
      const { avatar: _file, ...textFields } = fields;
      current = {
        ...current,
        ...textFields,
        avatar: call.form?.has('avatar') ? '/uploads/avatars/new.webp' : current.avatar,
        is_need_update: false,
      };
      if (endpoint === 'customer') current.name = current.full_name ?? current.phone ?? '';
      else current.name = `${current.last_name} ${current.first_name}`;
      return ok(current, 'Đã cập nhật thông tin');
    },
    'POST /api/customer/profile/phone-otp/': () => ok({ resend_after: 60, expires_in: 300 }),
  });
  setSession({ user: { ...profile }, tokens });
  const user = userEvent.setup();
  const rendered = renderApp('/profile/edit');
  await screen.findByRole('heading', { level: 1, name: text.profile.editTitle });
  await screen.findByRole('button', { name: 'Lưu thay đổi' });
  return { api, user, ...rendered };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Lưu thay đổi' });

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
  // jsdom has no object URLs; the avatar preview uses one.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('editing a customer profile (spec 2.15)', () => {
  it('starts from the stored values and offers the avatar picker with its hint', async () => {
    const { container } = await openEdit(customerProfile());
    expect(field(/Họ và tên/)).toHaveValue('Nguyễn Thị Lan');
    expect(field(/Số điện thoại/)).toHaveValue('0912345678');
    expect(field(/Email/)).toHaveValue('lan@example.vn');
    expect(field(/Địa chỉ/)).toHaveValue('12 Hàng Bạc, Hoàn Kiếm, Hà Nội');
    expect(screen.getByLabelText('Ngày sinh')).toHaveValue('1990-05-17');
    expect(screen.getByRole('radio', { name: 'Nữ' })).toBeChecked();
    // Customers have one name field; first and last name are for staff.
    expect(screen.queryByRole('textbox', { name: /^Tên/ })).not.toBeInTheDocument();
    expect(screen.getByText('JPG, PNG < 2MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ảnh đại diện/ })).toBeInTheDocument();
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(picker?.accept).toMatch(/image\/jpeg/);
    expect(picker?.accept).toMatch(/image\/png/);
  });

  it('saves as JSON, says "Đã cập nhật thông tin" and updates the stored user and the top bar', async () => {
    const { api, user, router } = await openEdit(customerProfile());
    await user.clear(field(/Họ và tên/));
    await user.type(field(/Họ và tên/), 'Nguyễn Thị Lan Anh');
    await user.clear(field(/Địa chỉ/));
    await user.click(screen.getByRole('radio', { name: 'Khác' }));
    await user.click(saveButton());

    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const put = api.lastCallTo('PUT /api/customer/profile/');
    expect(put.contentType).toMatch(/^application\/json/);
    // The unchanged phone is not sent: a customer's phone changes only with a code.
    expect(put.json).toEqual({
      full_name: 'Nguyễn Thị Lan Anh',
      email: 'lan@example.vn',
      address: '',
      date_of_birth: '1990-05-17',
      gender: 'other',
    });
    expect(session.user).toMatchObject({ name: 'Nguyễn Thị Lan Anh', role: 'customer' });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      name: 'Nguyễn Thị Lan Anh',
    });
    expect(session.tokens).toEqual(tokens);
    expect(within(screen.getByRole('banner')).getByText('Nguyễn Thị Lan Anh')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nguyễn Thị Lan Anh' }),
    ).toBeInTheDocument();
  });

  it('sends multipart/form-data with the picture in "avatar" when one is chosen', async () => {
    const { api, user, container } = await openEdit(customerProfile());
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lan.png', {
      type: 'image/png',
    });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, picture);
    expect(screen.getByRole('button', { name: /Ảnh đại diện/ })).toHaveTextContent('lan.png');
    await user.click(saveButton());

    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    const put = api.lastCallTo('PUT /api/customer/profile/');
    expect(put.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const sent = put.form!.get('avatar') as File;
    expect(sent.type).toBe('image/png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
    expect(put.form!.get('full_name')).toBe('Nguyễn Thị Lan');
    expect(put.form!.get('email')).toBe('lan@example.vn');
    expect(put.form!.has('phone')).toBe(false);
    await waitFor(() =>
      expect(session.user).toMatchObject({ avatar: '/uploads/avatars/new.webp' }),
    );
  });

  it("shows 'Lưu thất bại' with the server's reason, and stays on the form", async () => {
    const { api, user, router } = await openEdit(customerProfile(), () =>
      fail(409, 'Email đã được sử dụng', 'EMAIL_TAKEN', {
        errors: [{ path: 'email', message: 'Email đã được sử dụng' }],
      }),
    );
    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'minh@example.vn');
    await user.click(saveButton());

    expect(await screen.findByText('Lưu thất bại')).toBeInTheDocument();
    // In the toast and under the field it concerns.
    expect(screen.getAllByText('Email đã được sử dụng')).toHaveLength(2);
    expect(field(/Email/)).toHaveAccessibleDescription('Email đã được sử dụng');
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(api.callsTo('PUT /api/customer/profile/')).toHaveLength(1);
    expect(session.user).toMatchObject({ email: 'lan@example.vn' });
  });

  it("falls back to 'HTTP {status}' or the connection message when the server gives no reason", async () => {
    const { user } = await openEdit(
      customerProfile(),
      () => new Response('Bad gateway', { status: 502 }),
    );
    await user.click(saveButton());
    expect(await screen.findByText('Lưu thất bại')).toBeInTheDocument();
    expect(screen.getByText('HTTP 502')).toBeInTheDocument();
  });

  it('checks the name, phone and email before sending anything', async () => {
    const { api, user } = await openEdit(customerProfile());
    await user.clear(field(/Họ và tên/));
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0912 345');
    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'lan@');
    await user.click(saveButton());

    expect(await screen.findByText('Vui lòng nhập họ tên')).toBeInTheDocument();
    expect(screen.getByText('Số điện thoại không hợp lệ')).toBeInTheDocument();
    expect(screen.getByText('Email không hợp lệ')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/customer/profile/')).toHaveLength(0);
  });

  it('proves a new phone with a code: "Gửi mã", then the 6-digit code goes with the save', async () => {
    const { api, user } = await openEdit(customerProfile());
    expect(screen.queryByRole('button', { name: 'Gửi mã' })).not.toBeInTheDocument();

    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0987 111 222');
    // Saving before the code was asked for sends nothing.
    await user.click(saveButton());
    expect(await screen.findByText(text.profile.validation.phoneNotVerified)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/customer/profile/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(
      await screen.findByText('Mã OTP đã được gửi đến số điện thoại của bạn'),
    ).toBeInTheDocument();
    expect(api.lastCallTo('POST /api/customer/profile/phone-otp/').json).toEqual({
      phone: '0987111222',
    });
    const code = field(/Mã OTP/);
    expect(code).toHaveAttribute('maxlength', '6');
    expect(screen.getByRole('button', { name: 'Gửi lại mã' })).toBeInTheDocument();

    await user.type(code, '12345');
    await user.click(saveButton());
    expect(await screen.findByText('Mã OTP phải có 6 chữ số')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/customer/profile/')).toHaveLength(0);

    await user.type(code, '6');
    await user.click(saveButton());
    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    expect(api.lastCallTo('PUT /api/customer/profile/').json).toMatchObject({
      phone: '0987111222',
      otp_code: '123456',
    });
  });

  it('takes a new phone as people write it and proves the national number', async () => {
    const { api, user } = await openEdit(customerProfile());
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '+84 987.111-222');
    await user.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(
      await screen.findByText('Mã OTP đã được gửi đến số điện thoại của bạn'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Số điện thoại không hợp lệ')).not.toBeInTheDocument();
    expect(api.lastCallTo('POST /api/customer/profile/phone-otp/').json).toEqual({
      phone: '0987111222',
    });
    await user.type(field(/Mã OTP/), '123456');
    await user.click(saveButton());
    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    expect(api.lastCallTo('PUT /api/customer/profile/').json).toMatchObject({
      phone: '0987111222',
      otp_code: '123456',
    });
  });

  it('does not ask a code for the stored phone written with dots', async () => {
    const { api, user } = await openEdit(customerProfile());
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0912.345.678');
    expect(screen.queryByRole('button', { name: 'Gửi mã' })).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    expect(api.lastCallTo('PUT /api/customer/profile/').json).not.toHaveProperty('phone');
  });

  it('shows the server message when the phone is already taken', async () => {
    const { user } = await openEdit(customerProfile(), () =>
      fail(409, 'Số điện thoại đã được sử dụng', 'PHONE_TAKEN'),
    );
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0987111222');
    await user.click(screen.getByRole('button', { name: 'Gửi mã' }));
    await user.type(await screen.findByRole('textbox', { name: /Mã OTP/ }), '654321');
    await user.click(saveButton());
    expect(await screen.findByText('Lưu thất bại')).toBeInTheDocument();
    expect(screen.getByText('Số điện thoại đã được sử dụng')).toBeInTheDocument();
  });

  it('says why a code could not be sent', async () => {
    const { api, user } = await openEdit(customerProfile());
    api.on('POST /api/customer/profile/phone-otp/', () =>
      fail(429, 'Vui lòng đợi 60 giây trước khi gửi lại mã', 'OTP_RESEND_TOO_SOON'),
    );
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0987111222');
    await user.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(await screen.findByText('Không thể gửi mã OTP. Vui lòng thử lại.')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng đợi 60 giây trước khi gửi lại mã')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Mã OTP/ })).not.toBeInTheDocument();
  });
});

describe('editing a staff or owner profile (spec 2.15)', () => {
  it('has last and first name fields and saves them to PUT /api/staff/profile/', async () => {
    const { api, user, router } = await openEdit(staffProfile());
    expect(screen.queryByRole('textbox', { name: /Họ và tên/ })).not.toBeInTheDocument();
    expect(field(/^Họ/)).toHaveValue('Trần');
    expect(field(/^Tên/)).toHaveValue('Minh Đức');
    await user.clear(field(/^Tên/));
    await user.type(field(/^Tên/), 'Minh Khôi');
    await user.clear(field(/Số điện thoại/));
    await user.type(field(/Số điện thoại/), '0987-654-322');
    // Staff change their phone without a code.
    expect(screen.queryByRole('button', { name: 'Gửi mã' })).not.toBeInTheDocument();
    await user.click(saveButton());

    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.lastCallTo('PUT /api/staff/profile/').json).toEqual({
      first_name: 'Minh Khôi',
      last_name: 'Trần',
      phone: '0987654322',
      email: 'duc@example.vn',
      address: '45 Lê Lợi, Quận 1, TP.HCM',
      date_of_birth: '',
      gender: 'male',
    });
    expect(session.user).toMatchObject({ name: 'Trần Minh Khôi', role: 'owner' });
    expect(api.callsTo('PUT /api/customer/profile/')).toHaveLength(0);
  });

  it('requires both names and an email', async () => {
    const { api, user } = await openEdit(staffProfile({ role: 'staff' }));
    await user.clear(field(/^Họ/));
    await user.clear(field(/^Tên/));
    await user.clear(field(/Email/));
    await user.click(saveButton());
    expect(await screen.findByText('Vui lòng nhập họ')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập tên')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập email')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/profile/')).toHaveLength(0);
  });
});
