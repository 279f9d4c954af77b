import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { requestsTo, signInAsCustomer, signInAsStaff } from './orders-fake-api';

/**
 * /payment/withdraw (spec 2.16, 5, 6, 8): staff and owners only, the amount check, POST
 * /api/staff/payment/withdraw/ and its toasts.
 */

const BALANCE = 'GET /api/payment/wallet/balance/';
const WITHDRAW = 'POST /api/staff/payment/withdraw/';

function withdrawal(amount: number, balance: number) {
  return ok(
    {
      withdrawal: {
        id: 5,
        user_id: 3,
        user_name: 'demo_owner',
        amount,
        status: 'pending',
        reason: null,
        decided_by: null,
        created_at: '2026-03-01T10:00:00.000Z',
        decided_at: null,
      },
      balance,
    },
    'Đã rút tiền',
  );
}

async function openWithdraw(
  who: 'customer' | 'staff' | 'owner',
  routes: Record<string, ApiHandler> = {},
) {
  let balance = 500_000;
  const api = stubApi({
    [BALANCE]: () => ok({ balance }),
    [WITHDRAW]: (call) => {
      const { amount } = call.json as { amount: number };
      balance -= amount;
      return withdrawal(amount, balance);
    },
    ...routes,
  });
  if (who === 'customer') signInAsCustomer();
  else signInAsStaff(who);
  const user = userEvent.setup();
  const rendered = renderApp('/payment/withdraw');
  await screen.findByRole(
    'heading',
    { level: 1, name: text.wallet.withdrawTitle },
    { timeout: 5000 },
  );
  return { api, user, ...rendered };
}

const amountField = () => screen.getByRole('textbox', { name: /Số tiền/ });
const submit = () => screen.getByRole('button', { name: 'Rút tiền' });

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

describe('who may withdraw (spec 2.16, section 6)', () => {
  it("tells a customer 'Chỉ nhân viên/chủ quán mới có thể rút tiền.' and shows no form", async () => {
    const { api } = await openWithdraw('customer');
    expect(screen.getByText('Chỉ nhân viên/chủ quán mới có thể rút tiền.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rút tiền' })).not.toBeInTheDocument();
    expect(api.callsTo(WITHDRAW)).toHaveLength(0);
  });

  it.each(['staff', 'owner'] as const)('gives %s the form and the balance', async (who) => {
    await openWithdraw(who);
    expect(amountField()).toBeInTheDocument();
    expect(submit()).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Số dư ví' })).toHaveTextContent('500.000 ₫'),
    );
    expect(screen.queryByText(text.wallet.withdrawForbidden)).not.toBeInTheDocument();
  });
});

describe('withdrawing (spec 5, 8)', () => {
  it.each(['', '0', '-100', 'mười nghìn', '2.5'])(
    "refuses '%s' with 'Số tiền không hợp lệ' and sends nothing",
    async (typed) => {
      const { api, user } = await openWithdraw('owner');
      if (typed) await user.type(amountField(), typed);
      await user.click(submit());
      expect(await screen.findByText('Số tiền không hợp lệ')).toBeInTheDocument();
      expect(api.callsTo(WITHDRAW)).toHaveLength(0);
    },
  );

  it("sends the amount, says 'Đã rút tiền' and shows the balance left", async () => {
    const { api, user } = await openWithdraw('owner');
    await user.type(amountField(), '200.000');
    await user.click(submit());
    expect(await screen.findByText('Đã rút tiền')).toBeInTheDocument();
    expect(api.lastCallTo(WITHDRAW).json).toEqual({ amount: 200_000 });
    expect(amountField()).toHaveValue('');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Số dư ví' })).toHaveTextContent('300.000 ₫'),
    );
  });

  it("shows the server's refusal in its own words (above the balance)", async () => {
    const { user } = await openWithdraw('staff', {
      [WITHDRAW]: () => fail(409, 'Số dư không đủ', 'INSUFFICIENT_BALANCE'),
    });
    await user.type(amountField(), '900000');
    await user.click(submit());
    expect(await screen.findByText('Số dư không đủ')).toBeInTheDocument();
    expect(screen.queryByText('Đã rút tiền')).not.toBeInTheDocument();
    expect(amountField()).toHaveValue('900000');
  });

  it.each([
    ['a server error', () => fail(500, 'Đã có lỗi xảy ra. Vui lòng thử lại sau.')],
    ['no reply', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Không thể rút tiền' on %s", async (_case, answer: ApiHandler) => {
    const { user } = await openWithdraw('owner', { [WITHDRAW]: answer });
    await user.type(amountField(), '100000');
    await user.click(submit());
    expect(await screen.findByText('Không thể rút tiền')).toBeInTheDocument();
  });

  it('retries an unanswered withdrawal under the same Idempotency-Key, a new one under a new key', async () => {
    let calls = 0;
    const { user } = await openWithdraw('owner', {
      [WITHDRAW]: () =>
        ++calls === 1
          ? fail(503, 'Máy chủ tạm thời không truy cập được dữ liệu.')
          : withdrawal(100_000, 400_000),
    });
    await user.type(amountField(), '100000');
    await user.click(submit());
    expect(await screen.findByText('Không thể rút tiền')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('Đã rút tiền')).toBeInTheDocument();
    await user.type(amountField(), '100000');
    await user.click(submit());
    await waitFor(() => expect(requestsTo('/api/staff/payment/withdraw/')).toHaveLength(3));
    const keys = requestsTo('/api/staff/payment/withdraw/').map((request) =>
      request.headers.get('idempotency-key'),
    );
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
