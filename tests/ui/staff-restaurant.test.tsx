import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { HOURS_OVERLAP_MESSAGE } from '#contract/staff-restaurant';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import {
  escapeRegExp,
  makeMember,
  makeStaffRestaurant,
  pictureFile,
  signInAs,
} from './staff-workspace-fake-api';

const t = text.staffRestaurant;
const h = text.hoursEditor;
const day = text.openingHours.weekdays;

const GET = 'GET /api/staff/restaurant/';
const NONE = () =>
  fail(404, 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.', 'RESTAURANT_NONE');

/**
 * /staff/restaurant. The GET answers whatever `state.restaurant` holds (null: none linked), so
 * a handler that changes it is what the refetch then reads.
 */
async function openRestaurant(
  role: 'owner' | 'staff',
  restaurant: StaffRestaurant | null,
  routes: Record<string, ApiHandler> = {},
) {
  const state = { restaurant };
  const api = stubApi({
    [GET]: () => (state.restaurant ? ok(state.restaurant) : NONE()),
    'GET /api/staff/members/': () => ok({ items: [makeMember()] }),
    ...routes,
  });
  signInAs(role);
  const user = userEvent.setup();
  const rendered = renderApp('/staff/restaurant');
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

const section = (name: string) => screen.findByRole('region', { name });
const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(name)}( \\*)?$`) });

/** Toasts are Mantine notifications (role alert). */
async function findToast(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.trim() === message);
    expect(toast).toBeDefined();
    return toast!;
  });
}

const time = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(async () => {
  // The screen is a lazy chunk: transform it once up front, so no test spends its time on the
  // cold import.
  await import('#src/features/staff-restaurant/pages/staff-restaurant-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
  // jsdom has no object URLs; the picture previews use one.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('no restaurant linked yet (spec 2.18)', { timeout: 20_000 }, () => {
  it("lets an owner create one as JSON, says 'Đã tạo nhà hàng' and then shows it", async () => {
    const created = makeStaffRestaurant({ approval_status: 'pending' });
    const { api, user, state } = await openRestaurant('owner', null, {
      'POST /api/staff/restaurant/create/': () => {
        state.restaurant = created;
        return ok(created, 'Đã tạo nhà hàng');
      },
    });
    await section(t.createTitle);

    await user.type(field(t.name), 'Phở Thìn Lò Đúc');
    await user.type(field(t.address), '13 Lò Đúc, Hai Bà Trưng, Hà Nội');
    await user.type(field(t.phone), '0912 345 678');
    await user.type(field(t.email), 'phothin@example.vn');
    await user.type(field(t.description), 'Phở bò gia truyền');
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Đã tạo nhà hàng');
    const post = api.lastCallTo('POST /api/staff/restaurant/create/');
    expect(post.contentType).toMatch(/^application\/json/);
    expect(post.json).toEqual({
      name: 'Phở Thìn Lò Đúc',
      address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
      phone: '0912 345 678',
      email: 'phothin@example.vn',
      description: 'Phở bò gia truyền',
      // A new restaurant starts at the default radius, accepting orders by hand.
      delivery_radius_km: 10,
      auto_accept: false,
    });
    // The new restaurant, pending approval, with its hours editor.
    const status = await section(t.statusTitle);
    expect(within(status).getByText('Chờ duyệt')).toBeInTheDocument();
    expect(await section(h.title)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.createTitle })).not.toBeInTheDocument();
  });

  it('sends the cover and the logo as multipart/form-data', async () => {
    const { api, user, container } = await openRestaurant('owner', null, {
      'POST /api/staff/restaurant/create/': () => ok(makeStaffRestaurant(), 'Đã tạo nhà hàng'),
    });
    await section(t.createTitle);
    await user.type(field(t.name), 'Bún chả Hương Liên');
    await user.type(field(t.address), '24 Lê Văn Hưu, Hà Nội');
    await user.type(field(t.phone), '0912345678');
    await user.type(field(t.email), 'huonglien@example.vn');
    const [cover, logo] = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(cover!, pictureFile('cover.png'));
    await user.upload(logo!, pictureFile('logo.png'));
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Đã tạo nhà hàng');
    const post = api.lastCallTo('POST /api/staff/restaurant/create/');
    expect(post.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = post.form!;
    expect(form.get('name')).toBe('Bún chả Hương Liên');
    expect(form.get('address')).toBe('24 Lê Văn Hưu, Hà Nội');
    expect(form.get('phone')).toBe('0912345678');
    expect(form.get('email')).toBe('huonglien@example.vn');
    expect(form.get('description')).toBe('');
    expect(form.get('delivery_radius_km')).toBe('10');
    expect(form.get('auto_accept')).toBe('false');
    expect((form.get('cover') as File).type).toBe('image/png');
    expect((form.get('logo') as File).type).toBe('image/png');
  });

  it('shows the server field errors under the create form fields', async () => {
    const { user } = await openRestaurant('owner', null, {
      'POST /api/staff/restaurant/create/': () =>
        fail(400, 'Vui lòng nhập tên nhà hàng', 'VALIDATION_ERROR', {
          errors: [
            { path: 'name', message: 'Vui lòng nhập tên nhà hàng' },
            { path: 'phone', message: 'Số điện thoại không hợp lệ' },
          ],
        }),
    });
    await section(t.createTitle);
    await user.type(field(t.phone), '12');
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Vui lòng nhập tên nhà hàng');
    expect(field(t.name)).toHaveAccessibleDescription('Vui lòng nhập tên nhà hàng');
    expect(field(t.phone)).toHaveAccessibleDescription('Số điện thoại không hợp lệ');
  });

  it('tells a staff account that its owner must link it, with no form', async () => {
    await openRestaurant('staff', null);
    expect(await screen.findByText(t.staffNotLinked)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.create })).not.toBeInTheDocument();
  });
});

describe('an existing restaurant (spec 2.18, section 4)', { timeout: 20_000 }, () => {
  it.each([
    ['approved', 'Đã duyệt'],
    ['pending', 'Chờ duyệt'],
    ['rejected', 'Từ chối'],
  ] as const)('labels the approval status %s as %s', async (status, label) => {
    await openRestaurant(
      'owner',
      makeStaffRestaurant({
        approval_status: status,
        rejection_reason: status === 'rejected' ? 'Ảnh bìa không phải của nhà hàng' : null,
      }),
    );
    const region = await section(t.statusTitle);
    expect(within(region).getByText(label)).toBeInTheDocument();
    if (status === 'rejected') {
      expect(
        within(region).getByText('Lý do: Ảnh bìa không phải của nhà hàng'),
      ).toBeInTheDocument();
    } else {
      expect(within(region).queryByText(/^Lý do:/)).not.toBeInTheDocument();
    }
  });

  it("flips the active state with 'Đã đổi trạng thái hoạt động'", async () => {
    const { api, user, state } = await openRestaurant('owner', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/toggle/': () => {
        state.restaurant = { ...state.restaurant!, is_active: !state.restaurant!.is_active };
        return ok(state.restaurant, 'Đã đổi trạng thái hoạt động');
      },
    });
    const region = await section(t.statusTitle);
    expect(within(region).getByText('Đang hoạt động')).toBeInTheDocument();
    const toggle = within(region).getByRole('switch', { name: new RegExp(t.activeSwitch) });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await findToast('Đã đổi trạng thái hoạt động');
    expect(api.callsTo('PUT /api/staff/restaurant/toggle/')).toHaveLength(1);
    await waitFor(() => expect(within(region).getByText('Tạm ngừng')).toBeInTheDocument());
    expect(toggle).not.toBeChecked();
  });

  it('shows an admin pause with its reason and keeps the switch off until an admin lifts it', async () => {
    // The reply's admin pause (admin_paused_reason), as the console's server sends it.
    const paused = {
      ...makeStaffRestaurant({ is_active: false }),
      admin_paused_reason: 'Bán hàng giả mạo thương hiệu',
    };
    const { api } = await openRestaurant('owner', paused);
    const region = await section(t.statusTitle);
    const alert = within(region)
      .getByText('Quán đang bị quản trị viên tạm ngưng')
      .closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('Lý do: Bán hàng giả mạo thương hiệu');
    const toggle = within(region).getByRole('switch', { name: new RegExp(t.activeSwitch) });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(api.callsTo('PUT /api/staff/restaurant/toggle/')).toHaveLength(0);
  });

  it('shows no admin pause while there is none', async () => {
    const running = { ...makeStaffRestaurant(), admin_paused_reason: null };
    await openRestaurant('owner', running);
    const region = await section(t.statusTitle);
    expect(
      within(region).queryByText('Quán đang bị quản trị viên tạm ngưng'),
    ).not.toBeInTheDocument();
    expect(within(region).getByRole('switch', { name: new RegExp(t.activeSwitch) })).toBeEnabled();
  });

  it("shows the server's message when the toggle is refused", async () => {
    const { user } = await openRestaurant('owner', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/toggle/': () =>
        fail(403, 'Bạn không có quyền thực hiện thao tác này', 'FORBIDDEN'),
    });
    const region = await section(t.statusTitle);
    await user.click(within(region).getByRole('switch', { name: new RegExp(t.activeSwitch) }));
    await findToast('Bạn không có quyền thực hiện thao tác này');
  });

  it("edits the details as JSON with 'Đã cập nhật nhà hàng'", async () => {
    const { api, user, state } = await openRestaurant('owner', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/': (call) => {
        state.restaurant = { ...state.restaurant!, ...(call.json as Partial<StaffRestaurant>) };
        return ok(state.restaurant, 'Đã cập nhật nhà hàng');
      },
    });
    const details = await section(t.detailsTitle);
    expect(within(details).getByRole('textbox', { name: /^Tên nhà hàng/ })).toHaveValue(
      'Phở Thìn Lò Đúc',
    );
    expect(within(details).getByRole('img', { name: t.preview(t.cover) })).toHaveAttribute(
      'src',
      '/uploads/restaurants/cover.webp',
    );
    await user.clear(field(t.phone));
    await user.type(field(t.phone), '0987654321');
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Đã cập nhật nhà hàng');
    const put = api.lastCallTo('PUT /api/staff/restaurant/');
    expect(put.contentType).toMatch(/^application\/json/);
    expect(put.json).toEqual({
      name: 'Phở Thìn Lò Đúc',
      address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
      phone: '0987654321',
      email: 'phothin@example.vn',
      description: 'Phở bò gia truyền từ 1979',
      delivery_radius_km: 10,
      auto_accept: false,
    });
    await waitFor(() => expect(field(t.phone)).toHaveValue('0987654321'));
  });

  it('sends a new logo alone as multipart, and shows field errors under the fields', async () => {
    const { api, user, container } = await openRestaurant('owner', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/': () =>
        fail(409, 'Email đã được sử dụng', 'EMAIL_TAKEN', {
          errors: [{ path: 'email', message: 'Email đã được sử dụng' }],
        }),
    });
    await section(t.detailsTitle);
    const [, logo] = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(logo!, pictureFile('logo.png'));
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Email đã được sử dụng');
    expect(field(t.email)).toHaveAccessibleDescription('Email đã được sử dụng');
    const form = api.lastCallTo('PUT /api/staff/restaurant/').form!;
    expect((form.get('logo') as File).type).toBe('image/png');
    expect(form.has('cover')).toBe(false);
    expect(form.get('name')).toBe('Phở Thìn Lò Đúc');
  });

  it('corrects the pin with typed coordinates, refusing impossible ones before sending', async () => {
    const { api, user, state } = await openRestaurant(
      'owner',
      makeStaffRestaurant({ lat: 21.0123, lon: 105.8456 }),
      {
        'PUT /api/staff/restaurant/': (call) => {
          state.restaurant = { ...state.restaurant!, ...(call.json as Partial<StaffRestaurant>) };
          return ok(state.restaurant, 'Đã cập nhật nhà hàng');
        },
      },
    );
    const p = text.pinEditor;
    const pin = within(await section(p.title));
    const lat = pin.getByRole('textbox', { name: p.lat });
    const lon = pin.getByRole('textbox', { name: p.lon });
    expect(lat).toHaveValue('21.012300');
    expect(lon).toHaveValue('105.845600');
    expect(pin.getByRole('link', { name: p.openMap }).getAttribute('href')).toContain(
      encodeURIComponent('21.012300,105.845600'),
    );

    await user.clear(lat);
    await user.type(lat, '91');
    await user.click(pin.getByRole('button', { name: p.save }));
    expect(await pin.findByText(p.invalid)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/restaurant/')).toHaveLength(0);

    await user.clear(lat);
    await user.type(lat, '21,0345');
    await user.clear(lon);
    await user.type(lon, '105.8512');
    await user.click(pin.getByRole('button', { name: p.save }));
    await findToast('Đã cập nhật nhà hàng');
    expect(api.lastCallTo('PUT /api/staff/restaurant/').json).toEqual({
      lat: 21.0345,
      lon: 105.8512,
    });
  });

  it('takes the pin from the device, standing in the shop', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: (position: { coords: GeolocationCoordinates }) => void) =>
          success({
            coords: { latitude: 10.776889, longitude: 106.700806 } as GeolocationCoordinates,
          }),
      },
    });
    const { user } = await openRestaurant('owner', makeStaffRestaurant());
    const p = text.pinEditor;
    const pin = within(await section(p.title));
    await user.click(pin.getByRole('button', { name: p.useDevice }));
    expect(pin.getByRole('textbox', { name: p.lat })).toHaveValue('10.776889');
    expect(pin.getByRole('textbox', { name: p.lon })).toHaveValue('106.700806');
  });

  it('shows the team to owners only', async () => {
    await openRestaurant('staff', makeStaffRestaurant());
    await section(h.title);
    expect(screen.queryByRole('region', { name: text.team.title })).not.toBeInTheDocument();
  });
});

describe('the opening-hours editor (design.md section 5)', { timeout: 20_000 }, () => {
  const saveHours = (routes: Record<string, ApiHandler> = {}) =>
    openRestaurant('owner', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/hours/': (call) => {
        const { opening_hours } = call.json as { opening_hours: OpeningHours };
        return ok(makeStaffRestaurant({ opening_hours }), 'Đã cập nhật giờ mở cửa');
      },
      ...routes,
    });

  it('shows the seven days Monday first with their intervals', async () => {
    await saveHours();
    const editor = await section(h.title);
    const days = within(editor).getAllByRole('group');
    expect(days.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Thứ 2',
      'Thứ 3',
      'Thứ 4',
      'Thứ 5',
      'Thứ 6',
      'Thứ 7',
      'Chủ nhật',
    ]);
    expect(screen.getByLabelText(h.openLabel(day.mon, 1))).toHaveValue('07:00');
    expect(screen.getByLabelText(h.closeLabel(day.sun, 1))).toHaveValue('22:00');
  });

  it("adds an interval past midnight, removes a day's interval, and says 'Đã cập nhật giờ mở cửa'", async () => {
    const { api, user } = await saveHours();
    await section(h.title);

    await user.click(screen.getByRole('button', { name: h.addFor(day.fri) }));
    time(h.openLabel(day.fri, 2), '22:30');
    time(h.closeLabel(day.fri, 2), '02:00');
    // Closing before it opens: it runs into Saturday.
    expect(screen.getByText(h.pastMidnight('02:00', day.sat))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: h.remove(day.wed, 1) }));
    const wednesday = screen.getByRole('group', { name: day.wed });
    expect(within(wednesday).getByText(h.closed)).toBeInTheDocument();

    // A closed day opens again with the default hours.
    await user.click(screen.getByRole('button', { name: h.addFor(day.wed) }));
    time(h.openLabel(day.wed, 1), '00:00');
    time(h.closeLabel(day.wed, 1), '00:00');
    expect(within(wednesday).getByText(h.allDay)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: h.save }));
    await findToast('Đã cập nhật giờ mở cửa');
    expect(api.lastCallTo('PUT /api/staff/restaurant/hours/').json).toEqual({
      opening_hours: {
        mon: [{ open: '07:00', close: '22:00' }],
        tue: [{ open: '07:00', close: '22:00' }],
        // The whole day is sent as 00:00-24:00.
        wed: [{ open: '00:00', close: '24:00' }],
        thu: [{ open: '07:00', close: '22:00' }],
        fri: [
          { open: '07:00', close: '22:00' },
          { open: '22:30', close: '02:00' },
        ],
        sat: [{ open: '07:00', close: '22:00' }],
        sun: [{ open: '07:00', close: '22:00' }],
      },
    });
  });

  it('refuses overlapping intervals before sending, with the server’s own words', async () => {
    const { api, user } = await saveHours();
    await section(h.title);

    // Sunday night past midnight runs into Monday's 07:00 opening.
    time(h.openLabel(day.sun, 1), '20:00');
    time(h.closeLabel(day.sun, 1), '08:00');
    expect(screen.getByText(h.pastMidnight('08:00', day.mon))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: h.save }));
    expect(await screen.findByText(HOURS_OVERLAP_MESSAGE)).toBeInTheDocument();
    expect(h.problems.overlap).toBe(HOURS_OVERLAP_MESSAGE);

    // Two intervals of one day that share an hour.
    time(h.closeLabel(day.sun, 1), '02:00');
    expect(screen.queryByText(HOURS_OVERLAP_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: h.addFor(day.tue) }));
    time(h.openLabel(day.tue, 2), '21:00');
    time(h.closeLabel(day.tue, 2), '23:00');
    await user.click(screen.getByRole('button', { name: h.save }));
    expect(await screen.findByText(HOURS_OVERLAP_MESSAGE)).toBeInTheDocument();

    expect(api.callsTo('PUT /api/staff/restaurant/hours/')).toHaveLength(0);
  });

  it('asks for both times of a new interval before sending', async () => {
    const { api, user } = await saveHours();
    await section(h.title);
    await user.click(screen.getByRole('button', { name: h.addFor(day.mon) }));
    await user.click(screen.getByRole('button', { name: h.save }));
    expect(await screen.findByText(h.problems.incomplete)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/restaurant/hours/')).toHaveLength(0);
  });

  it("shows the server's message when it refuses the week", async () => {
    const { user } = await saveHours({
      'PUT /api/staff/restaurant/hours/': () =>
        fail(400, 'Tối đa 6 khung giờ mỗi ngày', 'VALIDATION_ERROR'),
    });
    await section(h.title);
    await user.click(screen.getByRole('button', { name: h.save }));
    await findToast('Tối đa 6 khung giờ mỗi ngày');
    // Also next to the editor, where the owner is looking.
    expect(screen.getAllByText('Tối đa 6 khung giờ mỗi ngày')).toHaveLength(2);
  });
});
