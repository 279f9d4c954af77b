import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../setup/fake-api';
import { listPage, makeAdminRestaurant, makeMoneyOverview, openConsole } from './admin-fake-api';

const slow = { timeout: 5000 };

beforeAll(async () => {
  await import('#src/features/admin-console/pages/admin-home-page');
}, 30_000);

const link = (name: RegExp) => screen.findByRole('link', { name }, slow);

describe('/admin, the console home', { timeout: 15_000 }, () => {
  it('counts what waits, each card a link to its section', async () => {
    const { api } = await openConsole('/', 'Bảng điều khiển quản trị', {
      'GET /api/admin/restaurants/': () =>
        ok(listPage([makeAdminRestaurant()], { total: 3, perPage: 1 })),
      'GET /api/admin/money/': () => ok(makeMoneyOverview()),
    });
    const restaurants = await link(/^Nhà hàng chờ duyệt\s*3$/);
    expect(restaurants).toHaveAttribute('href', '/admin/restaurants');
    const withdrawals = await link(/^Yêu cầu rút tiền chờ xử lý\s*4\b/);
    expect(withdrawals).toHaveAttribute('href', '/admin/withdrawals');
    expect(withdrawals).toHaveTextContent('Tổng 7.800.000 ₫');
    const escrow = await link(/^Tiền đang giữ cho đơn/);
    expect(escrow).toHaveAttribute('href', '/admin/money');
    expect(escrow).toHaveTextContent('4.250.000 ₫12 đơn đang mở');
    expect(api.lastCallTo('GET /api/admin/restaurants/').query.get('status')).toBe('pending');
    expect(screen.queryByText('Đang tải dữ liệu...')).not.toBeInTheDocument();
  });

  it("says 'Đang tải dữ liệu...' while the figures load", async () => {
    await openConsole('/admin', 'Bảng điều khiển quản trị', {
      'GET /api/admin/restaurants/': () => new Promise<Response>(() => {}),
      'GET /api/admin/money/': () => ok(makeMoneyOverview()),
    });
    expect(within(screen.getByRole('main')).getByText('Đang tải dữ liệu...')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('links every section of the console', async () => {
    await openConsole('/admin', 'Bảng điều khiển quản trị', {
      'GET /api/admin/restaurants/': () => ok(listPage([])),
      'GET /api/admin/money/': () => ok(makeMoneyOverview()),
    });
    const sections = screen.getByRole('region', { name: 'Các mục quản trị' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((section) => section.getAttribute('href')),
    ).toEqual([
      '/admin/restaurants',
      '/admin/withdrawals',
      '/admin/users',
      '/admin/coupons',
      '/admin/money',
      '/admin/audit',
    ]);
  });

  it("shows the server's message when the figures cannot load", async () => {
    await openConsole('/admin', 'Bảng điều khiển quản trị', {
      'GET /api/admin/restaurants/': () => ok(listPage([])),
      'GET /api/admin/money/': () => fail(403, 'Bạn không có quyền truy cập', 'FORBIDDEN'),
    });
    expect(await screen.findByText('Bạn không có quyền truy cập', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});
