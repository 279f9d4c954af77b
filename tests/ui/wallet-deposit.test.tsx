import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { parseAmount } from '#src/features/payment/amount';
import { vi as text } from '#src/i18n/vi';
import { PAYMENT_REDIRECT_KEY } from '#src/lib/payment-popup';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { signInAsCustomer } from './orders-fake-api';

/**
 * /payment/deposit (spec 2.16, 5, 8; section 4 'Payment popup'): the amount check, the
 * deposit call, paymentRedirect, the popup, and 'Đã nạp tiền' only when the balance went up.
 */

const BALANCE = 'GET /api/payment/wallet/balance/';
const CREATE = 'POST /api/payment/deposit/create/';
const PAY_URL = 'http://localhost/sandbox/vnpay/paymentv2/vpcpay.html?vnp_TxnRef=D1';

// The popup is polled once a second: a close is noticed up to a second later.
configure({ asyncUtilTimeout: 4000 });

interface FakePopup {
  closed: boolean;
  close: () => void;
}

/** Popups a test left open: closed after it, so their watch cannot end inside the next test. */
let openPopups: FakePopup[] = [];

/** window.open answering a fake popup (or null: blocked). */
function stubWindowOpen(blocked = false) {
  const popup: FakePopup = {
    closed: false,
    close() {
      this.closed = true;
    },
  };
  const open = vitest.spyOn(window, 'open').mockImplementation(() => {
    if (blocked) return null;
    openPopups.push(popup);
    return popup as unknown as Window;
  });
  return { open, popup };
}

async function openDeposit(routes: Record<string, ApiHandler> = {}) {
  let balance = 100_000;
  const api = stubApi({
    [BALANCE]: () => ok({ balance }),
    [CREATE]: () =>
      ok({ payment_url: PAY_URL, redirect_url: PAY_URL, txn_ref: 'D1', amount: 50_000 }),
    ...routes,
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/payment/deposit');
  await screen.findByRole(
    'heading',
    { level: 1, name: text.wallet.depositTitle },
    { timeout: 5000 },
  );
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'Số dư ví' })).toHaveTextContent('100.000 ₫'),
  );
  const setBalance = (value: number) => {
    balance = value;
  };
  return { api, user, setBalance, ...rendered };
}

const amountField = () => screen.getByRole('textbox', { name: /Số tiền/ });
const createButton = () => screen.getByRole('button', { name: 'Tạo giao dịch' });

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

afterEach(async () => {
  const left = openPopups.filter((popup) => !popup.closed);
  openPopups = [];
  if (left.length === 0) return;
  for (const popup of left) popup.closed = true;
  // One poll of the popup watch (1 s) ends it here rather than in the next test.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
});

describe('the amount (spec section 5)', () => {
  it.each(['', '   ', '0', '-5000', 'abc', '1.5', '10e3', '5,000'])(
    "refuses '%s' with 'Số tiền không hợp lệ' and sends nothing",
    async (typed) => {
      const { api, user } = await openDeposit();
      stubWindowOpen();
      if (typed) await user.type(amountField(), typed);
      await user.click(createButton());
      expect(await screen.findByText('Số tiền không hợp lệ')).toBeInTheDocument();
      expect(amountField()).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo(CREATE)).toHaveLength(0);
    },
  );

  it('reads whole đồng, with or without Vietnamese thousands dots', () => {
    expect(parseAmount('50000')).toBe(50_000);
    expect(parseAmount(' 100.000 ')).toBe(100_000);
    expect(parseAmount('1.500.000')).toBe(1_500_000);
    expect(parseAmount('1')).toBe(1);
    expect(parseAmount('1.5')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('9'.repeat(20))).toBeNull();
  });
});

describe('creating the deposit (spec 2.16, section 4)', () => {
  it('sends the amount, stores paymentRedirect and opens the 800x600 popup', async () => {
    const { api, user } = await openDeposit();
    const { open } = stubWindowOpen();
    const before = Date.now();
    await user.type(amountField(), '50.000');
    await user.click(createButton());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(api.lastCallTo(CREATE).json).toEqual({ amount: 50_000 });
    expect(open).toHaveBeenCalledWith(PAY_URL, expect.any(String), 'width=800,height=600');
    const stored = JSON.parse(localStorage.getItem(PAYMENT_REDIRECT_KEY) ?? 'null') as {
      type: string;
      timestamp: number;
    };
    expect(stored.type).toBe('deposit');
    expect(stored.timestamp).toBeGreaterThanOrEqual(before);
    expect(PAYMENT_REDIRECT_KEY).toBe('paymentRedirect');
    // Accepted: the field is cleared for the next one.
    expect(amountField()).toHaveValue('');
  });

  it('fills the field from a preset amount', async () => {
    const { api, user } = await openDeposit();
    stubWindowOpen();
    await user.click(screen.getByRole('button', { name: '200.000 ₫' }));
    expect(amountField()).toHaveValue('200000');
    await user.click(createButton());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.lastCallTo(CREATE).json).toEqual({ amount: 200_000 });
  });

  it("refreshes the balance when the popup closes and says 'Đã nạp tiền' when it went up", async () => {
    const { api, user, setBalance } = await openDeposit();
    const { popup } = stubWindowOpen();
    await user.type(amountField(), '50000');
    await user.click(createButton());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const reads = api.callsTo(BALANCE).length;
    setBalance(150_000);
    popup.closed = true;
    expect(await screen.findByText('Đã nạp tiền')).toBeInTheDocument();
    expect(api.callsTo(BALANCE)).toHaveLength(reads + 1);
    expect(screen.getByRole('status', { name: 'Số dư ví' })).toHaveTextContent('150.000 ₫');
  });

  it('says nothing when the popup closes without the balance going up', async () => {
    const { api, user } = await openDeposit();
    const { popup } = stubWindowOpen();
    await user.type(amountField(), '50000');
    await user.click(createButton());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const reads = api.callsTo(BALANCE).length;
    popup.closed = true;
    await waitFor(() => expect(api.callsTo(BALANCE)).toHaveLength(reads + 1));
    // Give a wrong toast the chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Đã nạp tiền')).not.toBeInTheDocument();
  });

  it("says 'Popup bị chặn. Vui lòng cho phép popup và thử lại.' when the browser blocks it", async () => {
    const { user } = await openDeposit();
    stubWindowOpen(true);
    await user.type(amountField(), '50000');
    await user.click(createButton());
    expect(
      await screen.findByText('Popup bị chặn. Vui lòng cho phép popup và thử lại.'),
    ).toBeInTheDocument();
    // Kept, so a second try after allowing popups needs no retyping.
    expect(amountField()).toHaveValue('50000');
  });

  it("shows the server's range refusal in its own words", async () => {
    const { user } = await openDeposit({
      [CREATE]: () =>
        fail(400, 'Số tiền nạp phải từ 5.000 ₫ đến 100.000.000 ₫', 'DEPOSIT_AMOUNT_RANGE'),
    });
    const { open } = stubWindowOpen();
    await user.type(amountField(), '4999');
    await user.click(createButton());
    expect(
      await screen.findByText('Số tiền nạp phải từ 5.000 ₫ đến 100.000.000 ₫'),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', () => fail(500, 'Đã có lỗi xảy ra. Vui lòng thử lại sau.')],
    ['no reply', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a reply without a link', () => ok({ txn_ref: 'D1', amount: 50_000 })],
  ])("says 'Không thể tạo lệnh nạp' on %s", async (_case, answer: ApiHandler) => {
    const { user } = await openDeposit({ [CREATE]: answer });
    const { open } = stubWindowOpen();
    await user.type(amountField(), '50000');
    await user.click(createButton());
    expect(await screen.findByText('Không thể tạo lệnh nạp')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(localStorage.getItem(PAYMENT_REDIRECT_KEY)).toBeNull();
  });
});
