import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '#contract/profile';
import { AppProvider } from '#src/app/provider';
import { vi as text } from '#src/i18n/vi';
import { logout, session, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { customerProfile, staffProfile } from '../setup/profiles';
import { renderApp, testRoutes } from '../setup/render';

const tokens = { access_token: 'a', refresh_token: 'r' };

function signInWith(profile: Profile) {
  setSession({ user: { ...profile }, tokens });
}

/** The profile screen with GET /api/{customer|staff}/profile/ answering `profile`. */
async function openProfile(profile: Profile) {
  const endpoint = profile.role === 'customer' ? 'customer' : 'staff';
  const api = stubApi({
    [`GET /api/${endpoint}/profile/`]: () => ok(profile),
    'POST /api/auth/logout/': () => ok(null),
  });
  signInWith(profile);
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 2, name: profile.name });
  return { api, ...rendered };
}

const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling;
};

beforeEach(() => {
  logout();
  // Toasts live in a module-level store that outlives each test's render.
  notifications.clean();
});

describe('the profile screen (spec 2.15)', () => {
  it("shows a customer's avatar initial, name, role, phone, email, address, birth date and gender", async () => {
    const { api } = await openProfile(customerProfile({ gender: 'male' }));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Tài khoản' })).toBeInTheDocument();
    expect(within(main).getByText('Khách hàng')).toBeInTheDocument();
    expect(within(main).getByText('N')).toBeInTheDocument();
    expect(valueOf('Số điện thoại')).toHaveTextContent('0912345678');
    expect(valueOf('Email')).toHaveTextContent('lan@example.vn');
    expect(valueOf('Địa chỉ')).toHaveTextContent('12 Hàng Bạc, Hoàn Kiếm, Hà Nội');
    expect(valueOf('Ngày sinh')).toHaveTextContent('17/05/1990');
    expect(valueOf('Giới tính')).toHaveTextContent('Nam');
    expect(api.callsTo('GET /api/customer/profile/')).toHaveLength(1);
    expect(api.callsTo('GET /api/staff/profile/')).toHaveLength(0);
  });

  // Spec 2.15's 'otherwise Nữ' dates from a form with two genders; 'other' is its own answer
  // (docs/decisions/023-gender-other.md).
  it.each([
    ['male', 'Nam'],
    ['female', 'Nữ'],
    ['other', 'Khác'],
  ] as const)('shows gender %s as %s', async (gender, shown) => {
    await openProfile(customerProfile({ gender }));
    expect(valueOf('Giới tính')).toHaveTextContent(new RegExp(`^${shown}$`));
  });

  it('says what is not filled in yet', async () => {
    await openProfile(
      customerProfile({ email: null, address: null, date_of_birth: null, gender: null }),
    );
    for (const label of ['Email', 'Địa chỉ', 'Ngày sinh', 'Giới tính']) {
      expect(valueOf(label)).toHaveTextContent(text.profile.notSet);
    }
  });

  it.each([
    ['owner', 'Chủ quán'],
    ['staff', 'Nhân viên'],
  ] as const)('reads the staff endpoint for %s and labels the role %s', async (role, label) => {
    const { api } = await openProfile(staffProfile({ role }));
    expect(within(screen.getByRole('main')).getByText(label)).toBeInTheDocument();
    expect(valueOf('Giới tính')).toHaveTextContent('Nam');
    expect(valueOf('Ngày sinh')).toHaveTextContent(text.profile.notSet);
    expect(api.callsTo('GET /api/staff/profile/')).toHaveLength(1);
    expect(api.callsTo('GET /api/customer/profile/')).toHaveLength(0);
  });

  it('shows the uploaded avatar', async () => {
    await openProfile(customerProfile({ avatar: '/uploads/avatars/lan.webp' }));
    const picture = screen.getByRole('img', { name: 'Ảnh đại diện của Nguyễn Thị Lan' });
    expect(picture).toHaveAttribute('src', '/uploads/avatars/lan.webp');
  });

  it('keeps the profile for offline use (persisted query)', async () => {
    const { queryClient } = await openProfile(customerProfile());
    const query = queryClient.getQueryCache().find({ queryKey: ['profile', 'detail', 'customer'] });
    expect(query?.meta).toEqual({ persist: true });
  });

  it('links to the edit screen', async () => {
    const user = userEvent.setup();
    const { router } = await openProfile(customerProfile());
    await user.click(screen.getByRole('link', { name: 'Chỉnh sửa' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/edit'));
  });

  it('says so when the profile cannot be loaded, and tries again on request', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/customer/profile/': () =>
        ++attempts === 1 ? fail(500, 'Máy chủ đang bận') : ok(customerProfile()),
    });
    signInWith(customerProfile());
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByText(text.profile.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Máy chủ đang bận')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nguyễn Thị Lan' })).toBeVisible();
  });

  // The wallet card: tests/ui/wallet-balance.test.tsx; the restaurant card of owners and
  // staff: tests/ui/profile-restaurant-card.test.tsx.
});

describe('an incomplete profile (is_need_update)', () => {
  it("warns 'Vui lòng cập nhật đầy đủ thông tin cá nhân' and goes to /profile/edit", async () => {
    const profile = customerProfile({ full_name: null, name: '0912345678', is_need_update: true });
    stubApi({ 'GET /api/customer/profile/': () => ok(profile) });
    signInWith(profile);
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/edit'));
    // The toast, and the same words above the form.
    await waitFor(() =>
      expect(screen.getAllByText('Vui lòng cập nhật đầy đủ thông tin cá nhân')).toHaveLength(2),
    );
    expect(await screen.findByRole('textbox', { name: /Họ và tên/ })).toHaveValue('');
  });
});

describe('settings (spec 2.15)', () => {
  it('offers light, dark and system themes, applied to <html> and remembered', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/customer/profile/': () => ok(customerProfile()) });
    signInWith(customerProfile());
    // The app's own provider: its theme manager and the class on the document root.
    render(
      <AppProvider>
        <RouterProvider router={createMemoryRouter(testRoutes, { initialEntries: ['/profile'] })} />
      </AppProvider>,
    );
    const group = await screen.findByRole('radiogroup', { name: 'Giao diện' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    // Nothing stored: the default follows the system (docs/decisions/003).
    expect(within(group).getByLabelText('Theo hệ thống')).toBeChecked();

    await user.click(within(group).getByLabelText('Tối'));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(within(group).getByLabelText('Sáng'));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(within(group).getByLabelText('Theo hệ thống'));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(within(group).getByLabelText('Theo hệ thống')).toBeChecked();
  });

  it('logs out to /login', async () => {
    const user = userEvent.setup();
    const { router, api } = await openProfile(customerProfile());
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.user).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout/')).toHaveLength(1));
  });
});
