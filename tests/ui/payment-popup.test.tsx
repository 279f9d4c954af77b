import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPaymentRedirect,
  openPaymentPopup,
  PAYMENT_REDIRECT_KEY,
  readPaymentRedirect,
  savePaymentRedirect,
} from '#src/lib/payment-popup';

/**
 * The payment popup of spec section 4 and 9 (800x600, polled every 1 s, force-closed after
 * 600000 ms). window.open is the browser boundary: it hands back a fake window whose `closed`
 * the test flips, as a user closing it would.
 */

interface FakePopup {
  closed: boolean;
  close: ReturnType<typeof vi.fn>;
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

function stubOpen(result: FakePopup | null) {
  return vi.spyOn(window, 'open').mockReturnValue(result as unknown as Window);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('openPaymentPopup (spec section 4, "Payment popup")', () => {
  it('opens the link in a named 800x600 window', () => {
    const open = stubOpen(fakePopup());
    const result = openPaymentPopup('https://pay.example/vpcpay.html?vnp_TxnRef=1', {
      onClosed: vi.fn(),
    });
    expect(result).toEqual({ ok: true });
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toBe('https://pay.example/vpcpay.html?vnp_TxnRef=1');
    expect(name).toEqual(expect.any(String));
    expect(name).not.toBe('');
    expect(features).toBe('width=800,height=600');
  });

  it('reports a blocked popup (window.open gives null) and watches nothing', () => {
    stubOpen(null);
    const onClosed = vi.fn();
    expect(openPaymentPopup('https://pay.example/', { onClosed })).toEqual({ ok: false });
    vi.advanceTimersByTime(700_000);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('polls the window every second and calls onClosed once after it closes', () => {
    const popup = fakePopup();
    stubOpen(popup);
    const onClosed = vi.fn();
    openPaymentPopup('https://pay.example/', { onClosed });

    vi.advanceTimersByTime(5_000);
    expect(onClosed).not.toHaveBeenCalled();

    // Closed just after the 5 s check: the next check, a second later, notices.
    popup.closed = true;
    vi.advanceTimersByTime(999);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(700_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('force-closes the window after 600000 ms and calls onClosed once', () => {
    const popup = fakePopup();
    stubOpen(popup);
    const onClosed = vi.fn();
    openPaymentPopup('https://pay.example/', { onClosed });

    vi.advanceTimersByTime(599_999);
    expect(popup.close).not.toHaveBeenCalled();
    expect(onClosed).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(onClosed).toHaveBeenCalledTimes(1);

    // The window is closed now, and later checks must not report it a second time.
    vi.advanceTimersByTime(10_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('still ends the watch when closing the window throws', () => {
    const popup = fakePopup();
    popup.close.mockImplementation(() => {
      throw new Error('Blocked a frame from accessing a cross-origin frame');
    });
    stubOpen(popup);
    const onClosed = vi.fn();
    openPaymentPopup('https://pay.example/', { onClosed });
    vi.advanceTimersByTime(600_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('ends the earlier watch when a second payment takes over the named window', () => {
    const popup = fakePopup();
    stubOpen(popup);
    const first = vi.fn();
    const second = vi.fn();
    openPaymentPopup('https://pay.example/one', { onClosed: first });
    vi.advanceTimersByTime(2_000);
    openPaymentPopup('https://pay.example/two', { onClosed: second });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();

    popup.closed = true;
    vi.advanceTimersByTime(1_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('paymentRedirect (spec section 3, stored locally)', () => {
  it('stores the type, the order and the time under "paymentRedirect"', () => {
    vi.setSystemTime(new Date('2026-03-02T08:00:00.000Z'));
    savePaymentRedirect({ type: 'order', orderId: 42 });
    expect(JSON.parse(localStorage.getItem(PAYMENT_REDIRECT_KEY)!)).toEqual({
      type: 'order',
      orderId: 42,
      timestamp: Date.parse('2026-03-02T08:00:00.000Z'),
    });
    expect(PAYMENT_REDIRECT_KEY).toBe('paymentRedirect');
    expect(readPaymentRedirect()).toEqual({
      type: 'order',
      orderId: 42,
      timestamp: Date.parse('2026-03-02T08:00:00.000Z'),
    });
  });

  it('stores a deposit without an order', () => {
    savePaymentRedirect({ type: 'deposit' });
    expect(readPaymentRedirect()).toEqual({ type: 'deposit', timestamp: Date.now() });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['an unknown type', JSON.stringify({ type: 'refund', timestamp: 1 })],
    ['no timestamp', JSON.stringify({ type: 'order', orderId: 42 })],
    ['a plain string', JSON.stringify('order')],
  ])('reads null for %s', (_case, stored) => {
    if (stored !== null) localStorage.setItem(PAYMENT_REDIRECT_KEY, stored);
    expect(readPaymentRedirect()).toBeNull();
  });

  it('clears it', () => {
    savePaymentRedirect({ type: 'order', orderId: 42 });
    clearPaymentRedirect();
    expect(localStorage.getItem(PAYMENT_REDIRECT_KEY)).toBeNull();
    expect(readPaymentRedirect()).toBeNull();
  });
});
