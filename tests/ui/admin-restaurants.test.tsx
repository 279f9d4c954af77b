import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRestaurant } from '#contract/staff-restaurant';
import { vi as text } from '#src/i18n/vi';
import { fail, ok, type ApiCall } from '../setup/fake-api';
import {
  ADMIN_TOKEN,
  findToast,
  listPage,
  makeAdminRestaurant,
  openConsole,
} from './admin-fake-api';

const t = text.adminConsole.restaurants;
const LIST = 'GET /api/admin/restaurants/';
const slow = { timeout: 5000 };

beforeAll(async () => {
  // The screen is a lazy chunk: transform it once up front.
  await import('#src/features/admin-console/pages/admin-restaurants-page');
}, 30_000);

/** Serves each tab from `state`, filtered by status and q as the server would. */
function serveList(state: { restaurants: AdminRestaurant[] }) {
  return ({ query }: ApiCall) => {
    const status = query.get('status') ?? 'pending';
    const q = query.get('q')?.toLowerCase();
    return ok(
      listPage(
        state.restaurants.filter(
          (restaurant) =>
            restaurant.approval_status === status &&
            (!q || restaurant.name.toLowerCase().includes(q)),
        ),
      ),
    );
  };
}

async function open(
  restaurants: AdminRestaurant[],
  routes: Record<string, (call: ApiCall) => Response> = {},
  path = '/admin/restaurants',
) {
  const state = { restaurants };
  const opened = await openConsole(path, t.title, { [LIST]: serveList(state), ...routes });
  return { state, ...opened };
}

const card = (name: string) => screen.findByRole('article', { name }, slow);
const dialog = () => screen.findByRole('dialog', {}, slow);

describe('/admin/restaurants: the approval queue', () => {
  it('shows everything a pending restaurant is checked on', async () => {
    const { api } = await open([makeAdminRestaurant()]);
    const restaurant = await card('Bún chả Hương Liên');
    expect(api.lastCallTo(LIST).query.get('status')).toBe('pending');
    expect(api.lastCallTo(LIST).authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    const inCard = within(restaurant);
    expect(inCard.getByText('Nguyễn Thị Liên · @lien_owner · 0987654321')).toBeInTheDocument();
    expect(inCard.getByText(/24 Lê Văn Hưu, Hai Bà Trưng, Hà Nội/)).toBeInTheDocument();
    const map = inCard.getByRole('link', { name: 'Xem bản đồ' });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps?q=21.0175,105.8521');
    expect(map).toHaveAttribute('target', '_blank');
    expect(inCard.getByRole('link', { name: '0912345678' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    );
    expect(inCard.getByRole('link', { name: 'huonglien@example.vn' })).toHaveAttribute(
      'href',
      'mailto:huonglien@example.vn',
    );
    // The cover and the picture; no logo was uploaded.
    expect(inCard.getByRole('img', { name: 'Ảnh bìa của Bún chả Hương Liên' })).toHaveAttribute(
      'src',
      '/uploads/restaurants/huong-lien-cover.webp',
    );
    expect(inCard.getByRole('img', { name: 'Ảnh đại diện của Bún chả Hương Liên' })).toBeVisible();
    expect(inCard.queryByRole('img', { name: /Logo/ })).not.toBeInTheDocument();
    for (const line of [
      'Thứ 2: 08:00–21:00',
      'Thứ 5: 08:00–21:00',
      'Thứ 6: 08:00–22:00',
      'Thứ 7: Cả ngày',
      'Chủ nhật: Đóng cửa',
    ]) {
      expect(inCard.getByText(line)).toBeInTheDocument();
    }
    expect(inCard.getByText('Đăng ký ngày 20/11/2026')).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Duyệt' })).toBeEnabled();
    expect(inCard.getByRole('button', { name: 'Từ chối' })).toBeEnabled();
  });

  it("approves at once with the server's message, and the list reads again", async () => {
    const { api, user, state } = await open([makeAdminRestaurant()], {
      'PUT /api/admin/restaurants/41/approve/': () => {
        state.restaurants = [{ ...state.restaurants[0]!, approval_status: 'approved' }];
        return ok(state.restaurants[0], 'Đã duyệt nhà hàng');
      },
    });
    const restaurant = await card('Bún chả Hương Liên');
    const before = api.callsTo(LIST).length;
    await user.click(within(restaurant).getByRole('button', { name: 'Duyệt' }));
    await findToast('Đã duyệt nhà hàng');
    expect(api.callsTo('PUT /api/admin/restaurants/41/approve/')).toHaveLength(1);
    expect(await screen.findByText(t.empty.pending, {}, slow)).toBeInTheDocument();
    expect(api.callsTo(LIST).length).toBeGreaterThan(before);
  });

  it('asks for a reason before rejecting, without a request while it is blank', async () => {
    const { api, user, state } = await open([makeAdminRestaurant()], {
      'PUT /api/admin/restaurants/41/reject/': ({ json }) => {
        const { reason } = json as { reason: string };
        state.restaurants = [
          { ...state.restaurants[0]!, approval_status: 'rejected', rejection_reason: reason },
        ];
        return ok(state.restaurants[0], 'Đã từ chối nhà hàng');
      },
    });
    const restaurant = await card('Bún chả Hương Liên');
    await user.click(within(restaurant).getByRole('button', { name: 'Từ chối' }));
    const modal = await dialog();
    expect(within(modal).getByText('Từ chối nhà hàng Bún chả Hương Liên')).toBeInTheDocument();
    const reason = within(modal).getByRole('textbox', { name: /Lý do từ chối/ });
    await user.type(reason, '   ');
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(await within(modal).findByText('Vui lòng nhập lý do từ chối')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/restaurants/41/reject/')).toHaveLength(0);

    await user.type(reason, 'Ảnh bìa không phải của quán');
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    await findToast('Đã từ chối nhà hàng');
    expect(api.lastCallTo('PUT /api/admin/restaurants/41/reject/').json).toEqual({
      reason: 'Ảnh bìa không phải của quán',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal when another admin decided first", async () => {
    const { user } = await open([makeAdminRestaurant()], {
      'PUT /api/admin/restaurants/41/approve/': () =>
        fail(409, 'Nhà hàng đã được duyệt', 'RESTAURANT_ALREADY_DECIDED'),
    });
    const restaurant = await card('Bún chả Hương Liên');
    await user.click(within(restaurant).getByRole('button', { name: 'Duyệt' }));
    await findToast('Nhà hàng đã được duyệt');
  });
});

describe('/admin/restaurants: tabs and search in the address', () => {
  const all = [
    makeAdminRestaurant(),
    makeAdminRestaurant({
      id: 42,
      name: 'Phở Thìn Bờ Hồ',
      approval_status: 'approved',
      decided_at: '2026-11-21T02:00:00.000Z',
    }),
    makeAdminRestaurant({
      id: 43,
      name: 'Phở Cuốn Hưng Bền',
      approval_status: 'approved',
      decided_at: '2026-11-22T02:00:00.000Z',
    }),
    makeAdminRestaurant({
      id: 44,
      name: 'Cơm tấm Sà Bì Chưởng',
      approval_status: 'rejected',
      rejection_reason: 'Địa chỉ không có thật',
    }),
  ];

  it('switches tabs through ?status= and searches through ?q=', async () => {
    const { api, user, router } = await open(all);
    await card('Bún chả Hương Liên');
    await user.click(screen.getByRole('tab', { name: 'Đã duyệt' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    await card('Phở Thìn Bờ Hồ');
    expect(screen.getByRole('tab', { name: 'Đã duyệt' })).toHaveAttribute('aria-selected', 'true');
    expect(api.lastCallTo(LIST).query.get('status')).toBe('approved');

    await user.type(screen.getByRole('searchbox', { name: 'Tìm nhà hàng' }), 'cuốn');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('cuốn'),
    );
    await waitFor(
      () =>
        expect(screen.queryByRole('article', { name: 'Phở Thìn Bờ Hồ' })).not.toBeInTheDocument(),
      slow,
    );
    expect(screen.getByRole('article', { name: 'Phở Cuốn Hưng Bền' })).toBeInTheDocument();
    expect(api.lastCallTo(LIST).query.get('q')).toBe('cuốn');
    expect(api.lastCallTo(LIST).query.get('status')).toBe('approved');
  });

  it('opens on the tab and search of the address, and says when nothing matches', async () => {
    await open(all, {}, '/admin/restaurants?status=approved&q=pizza');
    expect(screen.getByRole('searchbox', { name: 'Tìm nhà hàng' })).toHaveValue('pizza');
    expect(
      await screen.findByText('Không có nhà hàng nào khớp với “pizza”', {}, slow),
    ).toBeInTheDocument();
  });

  it('shows a rejected restaurant with its reason and approves it again', async () => {
    const { api, user } = await open(
      all,
      {
        'PUT /api/admin/restaurants/44/approve/': () => ok(all[3], 'Đã duyệt nhà hàng'),
      },
      '/admin/restaurants?status=rejected',
    );
    const restaurant = await card('Cơm tấm Sà Bì Chưởng');
    expect(
      within(restaurant).getByText('Lý do từ chối: Địa chỉ không có thật'),
    ).toBeInTheDocument();
    await user.click(within(restaurant).getByRole('button', { name: 'Duyệt lại' }));
    await findToast('Đã duyệt nhà hàng');
    expect(api.callsTo('PUT /api/admin/restaurants/44/approve/')).toHaveLength(1);
  });
});

describe('/admin/restaurants: pausing and hiding an approved restaurant', () => {
  const approved = makeAdminRestaurant({ approval_status: 'approved' });

  it('asks for the reason of a pause before sending it', async () => {
    const { api, user } = await open(
      [approved],
      {
        'PUT /api/admin/restaurants/41/pause/': () =>
          ok({ ...approved, admin_paused_reason: 'Bán hàng giả' }, 'Đã tạm ngưng nhà hàng'),
      },
      '/admin/restaurants?status=approved',
    );
    const restaurant = await card('Bún chả Hương Liên');
    await user.click(within(restaurant).getByRole('button', { name: 'Tạm ngưng' }));
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận tạm ngưng' }));
    expect(await within(modal).findByText('Vui lòng nhập lý do tạm ngưng')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/restaurants/41/pause/')).toHaveLength(0);

    await user.type(
      within(modal).getByRole('textbox', { name: /Lý do tạm ngưng/ }),
      'Bán hàng giả',
    );
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận tạm ngưng' }));
    await findToast('Đã tạm ngưng nhà hàng');
    expect(api.lastCallTo('PUT /api/admin/restaurants/41/pause/').json).toEqual({
      reason: 'Bán hàng giả',
    });
  });

  it('marks an admin-paused restaurant with its reason and lets it work again', async () => {
    const { api, user } = await open(
      [{ ...approved, admin_paused_reason: 'Bán hàng giả' }],
      {
        'PUT /api/admin/restaurants/41/resume/': () =>
          ok(approved, 'Đã cho nhà hàng hoạt động lại'),
      },
      '/admin/restaurants?status=approved',
    );
    const restaurant = await card('Bún chả Hương Liên');
    expect(within(restaurant).getByText('Bị tạm ngưng')).toBeInTheDocument();
    expect(within(restaurant).getByText('Lý do tạm ngưng: Bán hàng giả')).toBeInTheDocument();
    expect(within(restaurant).queryByRole('button', { name: 'Tạm ngưng' })).not.toBeInTheDocument();
    await user.click(within(restaurant).getByRole('button', { name: 'Cho hoạt động lại' }));
    await findToast('Đã cho nhà hàng hoạt động lại');
    expect(api.callsTo('PUT /api/admin/restaurants/41/resume/')).toHaveLength(1);
  });

  it('hides a restaurant from customers by rejecting it with a reason', async () => {
    const { api, user } = await open(
      [approved],
      {
        'PUT /api/admin/restaurants/41/reject/': () =>
          ok({ ...approved, approval_status: 'rejected' }, 'Đã từ chối nhà hàng'),
      },
      '/admin/restaurants?status=approved',
    );
    const restaurant = await card('Bún chả Hương Liên');
    await user.click(within(restaurant).getByRole('button', { name: 'Ẩn nhà hàng' }));
    const modal = await dialog();
    expect(
      within(modal).getByText('Ẩn nhà hàng Bún chả Hương Liên khỏi khách hàng'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(await within(modal).findByText('Vui lòng nhập lý do từ chối')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/restaurants/41/reject/')).toHaveLength(0);
    await user.type(
      within(modal).getByRole('textbox', { name: /Lý do từ chối/ }),
      'Vi phạm vệ sinh',
    );
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    await findToast('Đã từ chối nhà hàng');
    expect(api.lastCallTo('PUT /api/admin/restaurants/41/reject/').json).toEqual({
      reason: 'Vi phạm vệ sinh',
    });
  });

  it('disables the actions offline, saying why', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await open([makeAdminRestaurant()]);
      const restaurant = await card('Bún chả Hương Liên');
      const approve = within(restaurant).getByRole('button', { name: 'Duyệt' });
      expect(approve).toBeDisabled();
      expect(approve).toHaveAccessibleDescription(text.adminConsole.needsNetwork);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});
