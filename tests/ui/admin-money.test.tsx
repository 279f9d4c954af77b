import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../setup/fake-api';
import {
  findToast,
  makeLedgerCheck,
  makeMoneyOverview,
  monthToDateInHanoi,
  openConsole,
} from './admin-fake-api';

const MONEY = 'GET /api/admin/money/';
const CHECK = 'POST /api/admin/money/check/';
const slow = { timeout: 5000 };

beforeAll(async () => {
  await import('#src/features/admin-console/pages/admin-money-page');
}, 30_000);

const open = (routes: Parameters<typeof openConsole>[2]) =>
  openConsole('/admin/money', 'Dòng tiền', { [MONEY]: () => ok(makeMoneyOverview()), ...routes });

const stat = (label: string) => screen.findByRole('group', { name: label }, slow);

describe('/admin/money: the overview', () => {
  it("shows this month's figures, each card by its name", async () => {
    const { api } = await open({});
    expect(await stat('Tiền đang giữ cho đơn')).toHaveTextContent(
      'Tiền đang giữ cho đơn4.250.000 ₫12 đơn đang mở',
    );
    expect(await stat('Hoa hồng trong kỳ')).toHaveTextContent('1.830.000 ₫');
    expect(await stat('Hoa hồng từ trước đến nay')).toHaveTextContent('25.600.000 ₫');
    expect(await stat('Chờ chi trả')).toHaveTextContent('Chờ chi trả7.800.000 ₫4 yêu cầu');
    expect(await stat('Số dư các ví')).toHaveTextContent('61.000.000 ₫');
    expect(Object.fromEntries(api.lastCallTo(MONEY).query)).toEqual(monthToDateInHanoi());
  });

  it('lists VNPay payments by outcome with count and amount', async () => {
    await open({});
    const table = await screen.findByRole('table', { name: 'Thanh toán VNPay trong kỳ' }, slow);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Thành công', 'Thất bại', 'Đang chờ']);
    expect(rows).toEqual([
      ['Thành công', '140', '36.400.000 ₫'],
      ['Thất bại', '9', '2.100.000 ₫'],
      ['Đang chờ', '3', '450.000 ₫'],
    ]);
  });

  it('reads the range the admin picks, and shows the server refusing a bad one', async () => {
    const { api } = await open({
      [MONEY]: ({ query }) =>
        query.get('start_date')! > query.get('end_date')!
          ? fail(400, 'Ngày kết thúc phải sau ngày bắt đầu', 'VALIDATION_ERROR')
          : ok(makeMoneyOverview({ commission_in_range: 990_000 })),
    });
    await stat('Hoa hồng trong kỳ');
    fireEvent.change(screen.getByLabelText('Từ ngày'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(api.lastCallTo(MONEY).query.get('start_date')).toBe('2026-10-01'));
    expect(await stat('Hoa hồng trong kỳ')).toHaveTextContent('990.000 ₫');

    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '2026-09-30' } });
    expect(
      await screen.findByText('Ngày kết thúc phải sau ngày bắt đầu', {}, slow),
    ).toBeInTheDocument();
    expect(Object.fromEntries(api.lastCallTo(MONEY).query)).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-09-30',
    });
  });
});

describe('/admin/money: the ledger check', () => {
  it("runs only when asked and shows 'Đạt' in green with the time", async () => {
    const { api, user } = await open({ [CHECK]: () => ok(makeLedgerCheck()) });
    const card = await screen.findByRole('region', { name: 'Kiểm tra sổ cái' }, slow);
    expect(api.callsTo(CHECK)).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Chạy kiểm tra' }));
    const result = await within(card).findByRole('status', {}, slow);
    const badge = within(result).getByText('Đạt');
    expect(badge.closest('.mantine-Badge-root')).toHaveAttribute(
      'style',
      expect.stringContaining('green'),
    );
    expect(result).toHaveTextContent('Kiểm tra lúc 10:15 27/11/2026');
    expect(result).toHaveTextContent('Tổng số dư các tài khoản: 0 ₫');
    expect(within(result).queryByText('Tài khoản lệch số dư')).not.toBeInTheDocument();
    expect(api.callsTo(CHECK)).toHaveLength(1);
  });

  it("shows 'Không đạt' in red with the mismatched accounts and negative wallets", async () => {
    const { user } = await open({
      [CHECK]: () =>
        ok(
          makeLedgerCheck({
            ok: false,
            sum_of_balances: 15_000,
            mismatched_accounts: [
              { id: 7, kind: 'wallet', user_id: 23, balance: 100_000, computed: 85_000 },
            ],
            negative_wallets: [{ id: 9, user_id: 31, balance: -20_000 }],
          }),
        ),
    });
    const card = await screen.findByRole('region', { name: 'Kiểm tra sổ cái' }, slow);
    await user.click(within(card).getByRole('button', { name: 'Chạy kiểm tra' }));
    const result = await within(card).findByRole('status', {}, slow);
    const badge = within(result).getByText('Không đạt');
    expect(badge.closest('.mantine-Badge-root')).toHaveAttribute(
      'style',
      expect.stringContaining('red'),
    );
    expect(result).toHaveTextContent('Tổng số dư các tài khoản: 15.000 ₫');
    expect(
      within(within(result).getByRole('region', { name: 'Tài khoản lệch số dư' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent('#7 (wallet): ghi 100.000 ₫, tính lại 85.000 ₫');
    expect(
      within(within(result).getByRole('region', { name: 'Ví bị âm' })).getByRole('listitem'),
    ).toHaveTextContent('Ví #9 (người dùng 31): -20.000 ₫');
  });

  it("shows the server's message when the check cannot run", async () => {
    const { user } = await open({ [CHECK]: () => fail(500, 'Lỗi máy chủ', 'INTERNAL') });
    const card = await screen.findByRole('region', { name: 'Kiểm tra sổ cái' }, slow);
    await user.click(within(card).getByRole('button', { name: 'Chạy kiểm tra' }));
    await findToast('Lỗi máy chủ');
  });
});
