import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserDetail } from '#contract/admin-users';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { signInAs } from './staff-workspace-fake-api';

const t = text.adminUsers;

const LIST = 'GET /api/admin/users/';

function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 21,
    role: 'customer',
    name: 'Nguyễn Minh Anh',
    phone: '0901000001',
    username: null,
    locked: false,
    ...overrides,
  };
}

function makeDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...makeUser(),
    email: 'minhanh@example.vn',
    locked_at: null,
    locked_reason: null,
    created_at: '2026-03-02T02:30:00.000Z',
    restaurant: null,
    wallet_balance: 350_000,
    recent_orders: [
      { id: 901, status: 'completed', total: 125_000, created_at: '2026-11-20T05:15:00.000Z' },
      { id: 902, status: 'accepted', total: 80_000, created_at: '2026-11-26T11:40:00.000Z' },
    ],
    ...overrides,
  };
}

const anh = makeUser();
const owner = makeUser({
  id: 3,
  role: 'owner',
  name: 'Trần Minh Đức',
  phone: '0987654321',
  username: 'demo_owner',
});
const lockedCustomer = makeUser({ id: 30, name: null, phone: '0938111222', locked: true });

/** The list answers from `people`, 20 a page, filtered by q in name, phone or username. */
function userList(people: AdminUser[]): ApiHandler {
  return (call) => {
    const page = Number(call.query.get('page'));
    const q = call.query.get('q') ?? '';
    const found = people.filter((person) =>
      [person.name, person.phone, person.username].some((field) => field?.includes(q)),
    );
    const totalPages = Math.max(1, Math.ceil(found.length / 20));
    return ok({
      items: found.slice((page - 1) * 20, page * 20),
      pagination: {
        page,
        per_page: 20,
        total: found.length,
        total_exact: true,
        total_pages: totalPages,
        has_next: page < totalPages,
      },
    });
  };
}

async function openUsers(path = '/admin/users', routes: Record<string, ApiHandler> = {}) {
  const api = stubApi({ [LIST]: userList([anh, owner, lockedCustomer]), ...routes });
  signInAs('admin');
  const user = userEvent.setup();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, user, ...rendered };
}

async function openUser(detail: AdminUserDetail, routes: Record<string, ApiHandler> = {}) {
  const state = { detail };
  const api = stubApi({
    [`GET /api/admin/users/${detail.id}/`]: () => ok(state.detail),
    ...routes,
  });
  signInAs('admin');
  const user = userEvent.setup();
  const rendered = renderApp(`/admin/users/${detail.id}`);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

const rows = () => within(screen.getByRole('list', { name: t.list })).getAllByRole('listitem');

async function findToast(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.trim() === message);
    expect(toast).toBeDefined();
    return toast!;
  });
}

beforeAll(async () => {
  await import('#src/features/admin-users/pages/admin-users-page');
  await import('#src/features/admin-users/pages/admin-user-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('/admin/users', { timeout: 20_000 }, () => {
  it('lists users with name, role in Vietnamese, phone, username and the lock badge', async () => {
    const { api } = await openUsers();
    await screen.findByText('Nguyễn Minh Anh');
    expect(rows()).toHaveLength(3);

    const [first, second, third] = rows();
    expect(within(first!).getByRole('link', { name: 'Nguyễn Minh Anh' })).toHaveAttribute(
      'href',
      '/admin/users/21',
    );
    expect(within(first!).getByText('Khách hàng')).toBeInTheDocument();
    expect(within(first!).getByText('0901000001')).toBeInTheDocument();
    expect(within(first!).queryByText(t.locked)).toBeNull();
    expect(within(second!).getByText('Chủ quán')).toBeInTheDocument();
    expect(within(second!).getByText('0987654321 · demo_owner')).toBeInTheDocument();
    expect(within(third!).getByRole('link', { name: t.noName })).toHaveAttribute(
      'href',
      '/admin/users/30',
    );
    expect(within(third!).getByText(t.locked)).toBeInTheDocument();
    expect(screen.getByText(t.count('3'))).toBeInTheDocument();

    const params = api.lastCallTo(LIST).query;
    expect(params.get('page')).toBe('1');
    expect(params.get('per_page')).toBe('20');
    expect(params.has('q')).toBe(false);
  });

  it('searches after a pause in typing and keeps the search in the address', async () => {
    const { user, api, router } = await openUsers();
    await screen.findByText('Nguyễn Minh Anh');
    const box = screen.getByRole('searchbox', { name: t.search });
    expect(box).toHaveAttribute('placeholder', 'Số điện thoại, tên đăng nhập, email hoặc tên');

    await user.type(box, 'demo_owner');
    await waitFor(() => expect(router.state.location.search).toBe('?q=demo_owner'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Trần Minh Đức')).toBeInTheDocument();
    // One request for the whole text, not one per keystroke.
    const searched = api.callsTo(LIST).filter((call) => call.query.has('q'));
    expect(searched.map((call) => call.query.get('q'))).toEqual(['demo_owner']);
  });

  it('opens on the search of its address and says when nothing matches', async () => {
    await openUsers('/admin/users?q=Lan');
    expect(await screen.findByText(t.noMatch('Lan'))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: t.search })).toHaveValue('Lan');
  });

  it('pages through the users', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      makeUser({ id: 100 + index, name: `Khách số ${index + 1}`, phone: null }),
    );
    const { user, router } = await openUsers('/admin/users', { [LIST]: userList(many) });
    await screen.findByText('Khách số 1');
    expect(rows()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: t.pages });
    await user.click(within(pager).getByRole('button', { name: t.page(2) }));
    await screen.findByText('Khách số 21');
    expect(router.state.location.search).toBe('?page=2');
    expect(rows()).toHaveLength(5);
  });
});

describe('/admin/users/{id}', { timeout: 20_000 }, () => {
  it("shows the account's role, contacts, wallet and recent orders", async () => {
    await openUser(makeDetail());
    expect(screen.getByRole('heading', { level: 1, name: 'Nguyễn Minh Anh' })).toBeInTheDocument();
    expect(screen.getByText('Khách hàng')).toBeInTheDocument();
    expect(screen.getByText('minhanh@example.vn')).toBeInTheDocument();
    expect(screen.getByText('02/03/2026')).toBeInTheDocument();
    expect(screen.getByText('350.000 ₫')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: t.recentOrders });
    expect(within(orders).getByText('Đơn #901')).toBeInTheDocument();
    expect(within(orders).getByText('125.000 ₫')).toBeInTheDocument();
    expect(within(orders).getByText('12:15 20/11/2026')).toBeInTheDocument();
    expect(within(orders).getByText(text.orders.status.completed)).toBeInTheDocument();
    expect(within(orders).getByText(text.orders.status.accepted)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.lock })).toBeInTheDocument();
    expect(screen.queryByText(t.locked)).toBeNull();
  });

  it("links an owner's restaurant to the console's restaurants", async () => {
    await openUser(
      makeDetail({ ...owner, email: null, restaurant: { id: 3, name: 'Quán Cô Lan 24h' } }),
    );
    expect(screen.getByRole('link', { name: 'Quán Cô Lan 24h' })).toHaveAttribute(
      'href',
      '/admin/restaurants?status=approved&q=Qu%C3%A1n+C%C3%B4+Lan+24h',
    );
  });

  it('locks with an optional reason through the confirm modal, then shows the lock', async () => {
    const { user, api, state } = await openUser(makeDetail(), {
      'PUT /api/admin/users/21/lock/': () => {
        state.detail = {
          ...state.detail,
          locked: true,
          locked_at: '2026-11-27T03:00:00.000Z',
          locked_reason: 'Đặt đơn ảo nhiều lần',
        };
        return ok(undefined, 'Đã khóa tài khoản');
      },
    });
    await user.click(screen.getByRole('button', { name: t.lock }));
    const dialog = await screen.findByRole('dialog', { name: t.lockTitle('Nguyễn Minh Anh') });
    await user.type(within(dialog).getByLabelText(t.reason), 'Đặt đơn ảo nhiều lần');
    await user.click(within(dialog).getByRole('button', { name: t.confirmLock }));

    await findToast('Đã khóa tài khoản');
    expect(api.lastCallTo('PUT /api/admin/users/21/lock/').json).toEqual({
      reason: 'Đặt đơn ảo nhiều lần',
    });
    expect(await screen.findByText('Lý do khóa: Đặt đơn ảo nhiều lần')).toBeInTheDocument();
    expect(screen.getByText('Khóa lúc: 10:00 27/11/2026')).toBeInTheDocument();
    expect(screen.getAllByText(t.locked).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: t.unlock })).toBeInTheDocument();
  });

  it('locks without a reason by sending none', async () => {
    const { user, api } = await openUser(makeDetail(), {
      'PUT /api/admin/users/21/lock/': () => ok(undefined, 'Đã khóa tài khoản'),
    });
    await user.click(screen.getByRole('button', { name: t.lock }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t.confirmLock }));
    await findToast('Đã khóa tài khoản');
    expect(api.lastCallTo('PUT /api/admin/users/21/lock/').json).toEqual({});
  });

  it.each([
    ['LOCK_SELF', 'Bạn không thể tự khóa tài khoản của mình'],
    ['LOCK_LAST_ADMIN', 'Không thể khóa quản trị viên cuối cùng đang hoạt động'],
  ])('shows the refusal %s in the modal', async (code, message) => {
    const { user } = await openUser(makeDetail({ role: 'admin', name: 'Quản trị' }), {
      'PUT /api/admin/users/21/lock/': () => fail(409, message, code),
    });
    await user.click(screen.getByRole('button', { name: t.lock }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t.confirmLock }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    // Nothing changed: still lockable.
    expect(screen.getByRole('button', { name: t.lock })).toBeInTheDocument();
  });

  it('unlocks a locked account', async () => {
    const { user, api, state } = await openUser(
      makeDetail({ locked: true, locked_at: '2026-11-27T03:00:00.000Z', locked_reason: null }),
      {
        'PUT /api/admin/users/21/unlock/': () => {
          state.detail = { ...state.detail, locked: false, locked_at: null };
          return ok(undefined, 'Đã mở khóa tài khoản');
        },
      },
    );
    expect(screen.getByText(`${t.lockedReason}: ${t.noReason}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.unlock }));
    await findToast('Đã mở khóa tài khoản');
    expect(api.callsTo('PUT /api/admin/users/21/unlock/')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: t.lock })).toBeInTheDocument();
  });
});
