import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import type { PaymentReturnResult } from '#contract/payments';
import { PAYMENT_REDIRECT_KEY } from '#src/lib/payment-popup';
import { logout } from '#src/lib/session';
import { fail, jsonResponse, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { requestsTo, signInAsCustomer } from './orders-fake-api';

/**
 * The payment result page at /api/payment/vnpay/return/ (spec 2.1, 2.16, section 4, 8): it asks
 * the server about VNPay's signed query, shows 'Đang xử lý...', then success or failure, polls a
 * 'processing' payment every 2 s for up to 30 s, and offers profile, order and home.
 */

const RETURN = 'GET /api/payment/vnpay/return/';
const QUERY =
  '?vnp_Amount=5000000&vnp_OrderInfo=Nap+tien+vao+vi&vnp_ResponseCode=00&vnp_TxnRef=D1&vnp_SecureHash=abc123';

function result(overrides: Partial<PaymentReturnResult> = {}): PaymentReturnResult {
  return {
    status: 'success',
    purpose: 'deposit',
    order_id: null,
    amount: 50_000,
    txn_ref: 'D1',
    ...overrides,
  };
}

/** The server's JSON reply for `data` (HTTP 200 for every verified outcome). */
const reply = (data: PaymentReturnResult) =>
  jsonResponse(200, {
    success: data.status === 'success',
    message: data.status === 'success' ? 'Thanh toán thành công' : 'Thanh toán thất bại',
    data,
  });

const answer =
  (data: PaymentReturnResult): ApiHandler =>
  () =>
    reply(data);

function openResult(handler: ApiHandler, { signedIn = false, query = QUERY } = {}) {
  const api = stubApi({ [RETURN]: handler });
  if (signedIn) signInAsCustomer();
  return { api, ...renderApp(`/api/payment/vnpay/return/${query}`) };
}

const link = (name: string) => screen.getByRole('link', { name });

function setOpener(opener: unknown) {
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
}

beforeAll(async () => {
  // The screen is a lazy chunk: transform it once up front, outside any test's time.
  await import('#src/features/payment/pages/payment-result-page');
}, 30_000);

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

afterEach(() => {
  setOpener(null);
  vitest.useRealTimers();
});

describe('asking the server (spec 7.4)', () => {
  it("shows 'Đang xử lý...' while it GETs the same path and query as JSON", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    openResult(async () => {
      await held;
      return reply(result());
    });
    expect(await screen.findByText('Đang xử lý...', undefined, { timeout: 5000 })).toBeVisible();
    // The text shows before the request leaves: on a busy machine it may not have left yet.
    await waitFor(() => expect(requestsTo('/api/payment/vnpay/return/')).toHaveLength(1));
    const [request] = requestsTo('/api/payment/vnpay/return/');
    expect(request?.url.search).toBe(QUERY);
    expect(request?.headers.get('accept')).toBe('application/json');
    release();
    expect(await screen.findByText('Thanh toán thành công')).toBeInTheDocument();
    expect(screen.queryByText('Đang xử lý...')).not.toBeInTheDocument();
  });
});

describe('the outcome (spec 2.16, section 8)', () => {
  it("says 'Thanh toán thành công' with the amount, to a visitor too", async () => {
    openResult(answer(result()));
    expect(
      await screen.findByText('Thanh toán thành công', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Số tiền: 50.000 ₫')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(link('Về trang cá nhân')).toHaveAttribute('href', '/profile');
    expect(link('Về trang chủ')).toHaveAttribute('href', '/');
    // A deposit has no order to show.
    expect(screen.queryByRole('link', { name: 'Xem đơn hàng' })).not.toBeInTheDocument();
  });

  it("offers 'Xem đơn hàng' for a paid order", async () => {
    openResult(answer(result({ purpose: 'order', order_id: 42, amount: 136_000 })), {
      signedIn: true,
    });
    expect(
      await screen.findByText('Thanh toán thành công', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(link('Xem đơn hàng')).toHaveAttribute('href', '/orders/42');
    expect(link('Về trang cá nhân')).toHaveAttribute('href', '/profile');
    expect(link('Về trang chủ')).toHaveAttribute('href', '/');
  });

  it("says 'Thanh toán thất bại!' for a failed payment, with its order", async () => {
    openResult(answer(result({ status: 'failed', purpose: 'order', order_id: 42 })));
    expect(
      await screen.findByText('Thanh toán thất bại!', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Thanh toán thành công')).not.toBeInTheDocument();
    expect(link('Xem đơn hàng')).toHaveAttribute('href', '/orders/42');
  });

  it("says 'Không thể xác minh kết quả thanh toán' when the signature is refused (400)", async () => {
    openResult(() => fail(400, 'Chữ ký không hợp lệ', 'INVALID_SIGNATURE'));
    expect(
      await screen.findByText('Không thể xác minh kết quả thanh toán', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Chữ ký không hợp lệ')).toBeInTheDocument();
    expect(screen.queryByText('Thanh toán thành công')).not.toBeInTheDocument();
    expect(link('Về trang chủ')).toHaveAttribute('href', '/');
  });

  it('finds the order in the stored paymentRedirect when the reply cannot say', async () => {
    localStorage.setItem(
      PAYMENT_REDIRECT_KEY,
      JSON.stringify({ type: 'order', orderId: 7, timestamp: Date.now() }),
    );
    openResult(() => fail(400, 'Chữ ký không hợp lệ'));
    await screen.findByText('Không thể xác minh kết quả thanh toán', undefined, { timeout: 5000 });
    expect(link('Xem đơn hàng')).toHaveAttribute('href', '/orders/7');
  });
});

describe("a 'processing' payment (the IPN has not arrived yet)", () => {
  it('asks again after 2 s and shows the outcome then', async () => {
    let calls = 0;
    const { api } = openResult(() =>
      ++calls === 1 ? reply(result({ status: 'processing' })) : reply(result()),
    );
    expect(await screen.findByText('Đang xử lý...', undefined, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(api.callsTo(RETURN)).toHaveLength(1));
    expect(
      await screen.findByText('Thanh toán thành công', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(api.callsTo(RETURN)).toHaveLength(2);
  });

  it('stops asking after 30 s and says it is still being processed', async () => {
    vitest.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openResult(answer(result({ status: 'processing' })));
    await screen.findByText('Đang xử lý...', undefined, { timeout: 5000 });
    await waitFor(() => expect(api.callsTo(RETURN)).toHaveLength(1));
    for (let second = 0; second < 34; second += 1) {
      await act(() => vitest.advanceTimersByTimeAsync(1_000));
    }
    expect(screen.getByText(/Giao dịch vẫn đang được xử lý/)).toBeInTheDocument();
    const asked = api.callsTo(RETURN).length;
    // Every 2 s over 30 s: the first call and about 15 more, then no more.
    expect(asked).toBeGreaterThanOrEqual(14);
    expect(asked).toBeLessThanOrEqual(17);
    await act(() => vitest.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo(RETURN)).toHaveLength(asked);
  });
});

describe('inside the payment popup (spec section 4)', () => {
  it('closes itself 1.5 s after a success when our app opened it', async () => {
    setOpener({ location: { origin: window.location.origin } });
    const close = vitest.spyOn(window, 'close').mockImplementation(() => {});
    openResult(answer(result()));
    await screen.findByText('Thanh toán thành công', undefined, { timeout: 5000 });
    expect(screen.getByText('Cửa sổ này sẽ tự đóng...')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('stays open after a failure, for the user to read', async () => {
    setOpener({ location: { origin: window.location.origin } });
    const close = vitest.spyOn(window, 'close').mockImplementation(() => {});
    openResult(answer(result({ status: 'failed' })));
    await screen.findByText('Thanh toán thất bại!', undefined, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(close).not.toHaveBeenCalled();
  });

  it('does not close a window opened by another site', async () => {
    setOpener({
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    });
    const close = vitest.spyOn(window, 'close').mockImplementation(() => {});
    openResult(answer(result()));
    await screen.findByText('Thanh toán thành công', undefined, { timeout: 5000 });
    expect(screen.queryByText('Cửa sổ này sẽ tự đóng...')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(close).not.toHaveBeenCalled();
  });
});
