import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminWithdrawal } from '#contract/wallet';
import { fail, ok, type ApiCall } from '../setup/fake-api';
import {
  ADMIN_TOKEN,
  findToast,
  listPage,
  makeAdminWithdrawal,
  monthToDateInHanoi,
  openConsole,
} from './admin-fake-api';

const LIST = 'GET /api/admin/withdrawals/';
const EXPORT = 'GET /api/admin/withdrawals/export.csv';
const slow = { timeout: 5000 };

beforeAll(async () => {
  await import('#src/features/admin-console/pages/admin-withdrawals-page');
}, 30_000);

beforeEach(() => {
  // jsdom has no object URLs; the CSV download goes through one.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:withdrawals'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function serveList(state: { withdrawals: AdminWithdrawal[] }) {
  return ({ query }: ApiCall) =>
    ok(
      listPage(state.withdrawals.filter((withdrawal) => withdrawal.status === query.get('status'))),
    );
}

async function open(
  withdrawals: AdminWithdrawal[],
  routes: Record<string, (call: ApiCall) => Response> = {},
  path = '/admin/withdrawals',
) {
  const state = { withdrawals };
  const opened = await openConsole(path, 'Rút tiền', { [LIST]: serveList(state), ...routes });
  return { state, ...opened };
}

const row = (name: string) => screen.findByRole('article', { name }, slow);
const dialog = () => screen.findByRole('dialog', {}, slow);
/** The value next to a term of a row's details. */
const detail = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/admin/withdrawals: the requests to pay', () => {
  it('shows owner, restaurant, amount, wallet balance and date of a pending request', async () => {
    const { api } = await open([makeAdminWithdrawal()]);
    const request = await row('Nguyễn Thị Liên');
    expect(api.lastCallTo(LIST).query.get('status')).toBe('pending');
    expect(api.lastCallTo(LIST).authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(detail(request, 'Nhà hàng')).toBe('Bún chả Hương Liên');
    expect(detail(request, 'Số tiền')).toBe('1.500.000 ₫');
    expect(detail(request, 'Số dư ví hiện tại')).toBe('2.350.000 ₫');
    expect(detail(request, 'Ngày yêu cầu')).toBe('14:05 25/11/2026');
    expect(within(request).getByRole('button', { name: 'Đánh dấu đã chuyển' })).toBeEnabled();
    expect(within(request).getByRole('button', { name: 'Từ chối' })).toBeEnabled();
  });

  it('requires the bank reference before marking paid, then sends it', async () => {
    const { api, user, state } = await open([makeAdminWithdrawal()], {
      'PUT /api/admin/withdrawals/301/paid/': ({ json }) => {
        const { reference } = json as { reference: string };
        state.withdrawals = [
          { ...state.withdrawals[0]!, status: 'paid', bank_reference: reference },
        ];
        return ok(state.withdrawals[0], 'Đã chuyển tiền');
      },
    });
    await user.click(
      within(await row('Nguyễn Thị Liên')).getByRole('button', { name: 'Đánh dấu đã chuyển' }),
    );
    const modal = await dialog();
    expect(
      within(modal).getByText('Đã chuyển 1.500.000 ₫ cho Nguyễn Thị Liên'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận đã chuyển' }));
    expect(
      await within(modal).findByText('Vui lòng nhập mã giao dịch chuyển khoản'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/withdrawals/301/paid/')).toHaveLength(0);

    await user.type(
      within(modal).getByRole('textbox', { name: /Mã giao dịch chuyển khoản/ }),
      ' VCB-20261127-0042 ',
    );
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận đã chuyển' }));
    await findToast('Đã chuyển tiền');
    expect(api.lastCallTo('PUT /api/admin/withdrawals/301/paid/').json).toEqual({
      reference: 'VCB-20261127-0042',
    });
    expect(
      await screen.findByText('Không có yêu cầu rút tiền nào chờ xử lý', {}, slow),
    ).toBeInTheDocument();
  });

  it('requires a reason before rejecting, then sends it', async () => {
    const { api, user } = await open([makeAdminWithdrawal()], {
      'PUT /api/admin/withdrawals/301/reject/': () =>
        ok(makeAdminWithdrawal({ status: 'rejected' }), 'Đã từ chối yêu cầu rút tiền'),
    });
    await user.click(within(await row('Nguyễn Thị Liên')).getByRole('button', { name: 'Từ chối' }));
    const modal = await dialog();
    expect(within(modal).getByText('Số tiền được hoàn lại vào ví của chủ quán.')).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(await within(modal).findByText('Vui lòng nhập lý do từ chối')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/withdrawals/301/reject/')).toHaveLength(0);

    await user.type(
      within(modal).getByRole('textbox', { name: /Lý do từ chối/ }),
      'Sai số tài khoản ngân hàng',
    );
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận từ chối' }));
    await findToast('Đã từ chối yêu cầu rút tiền');
    expect(api.lastCallTo('PUT /api/admin/withdrawals/301/reject/').json).toEqual({
      reason: 'Sai số tài khoản ngân hàng',
    });
  });

  it("shows the server's refusal of a request already decided", async () => {
    const { user } = await open([makeAdminWithdrawal()], {
      'PUT /api/admin/withdrawals/301/paid/': () =>
        fail(409, 'Yêu cầu rút tiền đã được xử lý', 'WITHDRAWAL_ALREADY_DECIDED'),
    });
    await user.click(
      within(await row('Nguyễn Thị Liên')).getByRole('button', { name: 'Đánh dấu đã chuyển' }),
    );
    const modal = await dialog();
    await user.type(within(modal).getByRole('textbox', { name: /Mã giao dịch/ }), 'FT123');
    await user.click(within(modal).getByRole('button', { name: 'Xác nhận đã chuyển' }));
    await findToast('Yêu cầu rút tiền đã được xử lý');
  });
});

describe('/admin/withdrawals: tabs in the address', () => {
  const all = [
    makeAdminWithdrawal(),
    makeAdminWithdrawal({
      id: 302,
      user_name: 'Trần Văn Hùng',
      restaurant_name: null,
      status: 'paid',
      bank_reference: 'VCB-0042',
      decided_at: '2026-11-26T03:00:00.000Z',
    }),
    makeAdminWithdrawal({
      id: 303,
      user_name: 'Lê Minh Châu',
      status: 'rejected',
      reason: 'Sai số tài khoản',
      decided_at: '2026-11-26T04:00:00.000Z',
    }),
  ];

  it('shows paid requests with their reference under ?status=paid', async () => {
    const { user, router, api } = await open(all);
    await row('Nguyễn Thị Liên');
    await user.click(screen.getByRole('tab', { name: 'Đã chuyển' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid'));
    const paid = await row('Trần Văn Hùng');
    expect(api.lastCallTo(LIST).query.get('status')).toBe('paid');
    expect(detail(paid, 'Mã giao dịch')).toBe('VCB-0042');
    expect(detail(paid, 'Nhà hàng')).toBe('Không có nhà hàng');
    expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows rejected requests with their reason under ?status=rejected', async () => {
    await open(all, {}, '/admin/withdrawals?status=rejected');
    expect(screen.getByRole('tab', { name: 'Từ chối' })).toHaveAttribute('aria-selected', 'true');
    const rejected = await row('Lê Minh Châu');
    expect(detail(rejected, 'Lý do từ chối')).toBe('Sai số tài khoản');
  });
});

describe('/admin/withdrawals: the CSV export', () => {
  it('defaults to this month so far and downloads the file with the session token', async () => {
    const { api, user } = await open([], {
      [EXPORT]: () =>
        new Response('\uFEFFMã yêu cầu,Ngày yêu cầu\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }),
    });
    // jsdom cannot follow a download link: record what the browser would have saved instead.
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    const range = monthToDateInHanoi();
    expect(screen.getByLabelText('Từ ngày')).toHaveValue(range.start_date);
    expect(screen.getByLabelText('Đến ngày')).toHaveValue(range.end_date);
    await user.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await findToast('Đã xuất file CSV');
    const call = api.lastCallTo(EXPORT);
    expect(Object.fromEntries(call.query)).toEqual(range);
    expect(call.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toContain('Mã yêu cầu,Ngày yêu cầu');
    expect(saved).toEqual([
      {
        href: 'blob:withdrawals',
        download: `rut-tien-${range.start_date}-${range.end_date}.csv`,
      },
    ]);
  });

  it('sends the chosen dates and shows the server’s refusal of them', async () => {
    const { api, user } = await open([], {
      [EXPORT]: () => fail(400, 'Ngày kết thúc phải sau ngày bắt đầu', 'VALIDATION_ERROR'),
    });
    const from = screen.getByLabelText('Từ ngày');
    const to = screen.getByLabelText('Đến ngày');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await findToast('Ngày kết thúc phải sau ngày bắt đầu');
    expect(Object.fromEntries(api.lastCallTo(EXPORT).query)).toEqual({
      start_date: '2026-11-20',
      end_date: '2026-11-01',
    });
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
