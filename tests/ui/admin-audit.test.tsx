import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#contract/admin-users';
import { ok, type ApiCall } from '../setup/fake-api';
import { listPage, makeAuditEntry, openConsole } from './admin-fake-api';

const AUDIT = 'GET /api/admin/audit/';
const slow = { timeout: 5000 };

beforeAll(async () => {
  await import('#src/features/admin-console/pages/admin-audit-page');
}, 30_000);

const ENTRIES = [
  makeAuditEntry(),
  makeAuditEntry({
    id: 8,
    action: 'restaurant.pause',
    target_type: 'restaurant',
    target_id: 41,
    before: { admin_paused_reason: null, is_active: true },
    after: { admin_paused_reason: 'Bán hàng giả', is_active: true },
    created_at: '2026-11-26T08:00:00.000Z',
  }),
  makeAuditEntry({
    id: 7,
    actor_id: 5,
    actor_name: null,
    action: 'coupon.create',
    target_type: 'coupon',
    target_id: 12,
    before: null,
    after: { code: 'GIAM20K', food_ids: [3, 4] },
    created_at: '2026-11-25T08:00:00.000Z',
  }),
];

const serveAudit = ({ query }: ApiCall) => {
  const action = query.get('action');
  const page = Number(query.get('page'));
  const found = ENTRIES.filter((entry) => !action || entry.action === action);
  // Page 2 holds the oldest entry, to walk the pages.
  if (!action) {
    return ok(
      listPage(page === 1 ? found.slice(0, 2) : found.slice(2), {
        page,
        perPage: 2,
        total: found.length,
        hasNext: page === 1,
      }),
    );
  }
  return ok(listPage(found));
};

const open = (path = '/admin/audit') =>
  openConsole(path, 'Nhật ký quản trị', { [AUDIT]: serveAudit });

describe('/admin/audit', () => {
  it('shows who did what to which target, when, and each change readably', async () => {
    const { api } = await open();
    const lock = await screen.findByRole(
      'article',
      { name: 'Khóa tài khoản Người dùng #23' },
      slow,
    );
    expect(lock).toHaveTextContent('16:40 26/11/2026');
    expect(lock).toHaveTextContent('Bởi Quản trị Món Ngon');
    expect(within(lock).getByRole('link', { name: 'Người dùng #23' })).toHaveAttribute(
      'href',
      '/admin/users/23',
    );
    expect(
      within(within(lock).getByRole('list', { name: 'Thay đổi' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Khóa: Không → Có', 'Lý do khóa: (trống) → Spam đánh giá']);

    const pause = screen.getByRole('article', { name: 'Tạm ngưng nhà hàng Nhà hàng #41' });
    // An unchanged field is left out.
    expect(
      within(pause)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lý do tạm ngưng: (trống) → Bán hàng giả']);
    expect(within(pause).queryByRole('link')).not.toBeInTheDocument();
    expect(api.lastCallTo(AUDIT).query.get('action')).toBeNull();
  });

  it('walks the pages through ?page=', async () => {
    const { user, router } = await open();
    await screen.findByRole('article', { name: 'Khóa tài khoản Người dùng #23' }, slow);
    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    const created = await screen.findByRole(
      'article',
      { name: 'Tạo mã giảm giá Mã giảm giá #12' },
      slow,
    );
    expect(created).toHaveTextContent('Bởi Quản trị viên #5');
    expect(
      within(created)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mã: (trống) → GIAM20K', 'Món áp dụng: (trống) → 3, 4']);
  });

  it('filters by any audited action, named in Vietnamese, through ?action=', async () => {
    const { user, router, api } = await open();
    await screen.findByRole('article', { name: 'Khóa tài khoản Người dùng #23' }, slow);
    const select = screen.getByRole('combobox', { name: 'Lọc theo thao tác' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Tất cả thao tác',
      'Khóa tài khoản',
      'Mở khóa tài khoản',
      'Duyệt nhà hàng',
      'Từ chối nhà hàng',
      'Tạm ngưng nhà hàng',
      'Cho nhà hàng hoạt động lại',
      'Xác nhận đã chuyển tiền',
      'Từ chối rút tiền',
      'Tạo mã giảm giá',
      'Sửa mã giảm giá',
    ]);
    expect(options).toHaveLength(AUDIT_ACTIONS.length + 1);

    await user.selectOptions(select, 'Tạm ngưng nhà hàng');
    await waitFor(() => expect(router.state.location.search).toBe('?action=restaurant.pause'));
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Khóa tài khoản Người dùng #23' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.lastCallTo(AUDIT).query.get('action')).toBe('restaurant.pause');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when nothing was logged', async () => {
    await open('/admin/audit?action=withdrawal.reject');
    expect(
      await screen.findByText('Chưa có thao tác nào được ghi lại', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lọc theo thao tác' })).toHaveValue(
      'withdrawal.reject',
    );
  });
});
