/**
 * The VNPay popup of spec section 4 ('Payment popup') and section 9: an 800x600 window, polled
 * every second, force-closed after 10 minutes; when it closes the caller refreshes its data.
 * No UI here: the caller says what the user sees (the blocked-popup error, the result toast).
 */

/** Spec section 9: 800x600. No 'noopener': with it window.open returns null, as if blocked. */
export const PAYMENT_POPUP_FEATURES = 'width=800,height=600';
/** One named window, so a second payment reuses it instead of stacking windows. */
export const PAYMENT_POPUP_NAME = 'mon-ngon-vnpay';
export const PAYMENT_POPUP_POLL_MS = 1000;
export const PAYMENT_POPUP_TIMEOUT_MS = 600_000;

/** Spec section 3: what the payment result page reads to know where the user came from. */
export const PAYMENT_REDIRECT_KEY = 'paymentRedirect';

export interface PaymentRedirect {
  type: 'deposit' | 'order';
  orderId?: number;
  /** Epoch milliseconds when the payment was opened. */
  timestamp: number;
}

/** Stores what is being paid; the popup shares localStorage with this window (same origin). */
export function savePaymentRedirect(redirect: Omit<PaymentRedirect, 'timestamp'>): void {
  const value: PaymentRedirect = { ...redirect, timestamp: Date.now() };
  try {
    localStorage.setItem(PAYMENT_REDIRECT_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the result page then offers home instead.
  }
}

/** The stored entry, or null when there is none or it is not one we wrote. */
export function readPaymentRedirect(): PaymentRedirect | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PAYMENT_REDIRECT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { type, orderId, timestamp } = parsed as Record<string, unknown>;
  if (type !== 'deposit' && type !== 'order') return null;
  if (typeof timestamp !== 'number') return null;
  const id = typeof orderId === 'number' && Number.isInteger(orderId) ? orderId : undefined;
  return id === undefined ? { type, timestamp } : { type, orderId: id, timestamp };
}

export function clearPaymentRedirect(): void {
  try {
    localStorage.removeItem(PAYMENT_REDIRECT_KEY);
  } catch {
    // Nothing stored that could be read back.
  }
}

/** Ends the watch over the open popup; one at a time, as there is one named window. */
let endCurrentWatch: (() => void) | null = null;

/**
 * Opens `url` in the payment popup and calls `onClosed` once when the window is gone: closed by
 * the user or the payment result page, or force-closed here after 10 minutes (an abandoned
 * payment must not keep the app waiting). `ok` is false when the browser blocked the window;
 * then nothing is watched and `onClosed` is never called.
 */
export function openPaymentPopup(url: string, options: { onClosed: () => void }): { ok: boolean } {
  const popup = window.open(url, PAYMENT_POPUP_NAME, PAYMENT_POPUP_FEATURES);
  if (!popup) return { ok: false };

  // The same name hands back the same window, now showing this payment: the earlier payment's
  // page is gone, so its caller hears of it now rather than at this payment's close.
  endCurrentWatch?.();

  let finished = false;
  const stop = () => {
    finished = true;
    clearInterval(poll);
    clearTimeout(limit);
    if (endCurrentWatch === finish) endCurrentWatch = null;
  };
  const finish = () => {
    if (finished) return;
    stop();
    options.onClosed();
  };
  // A cross-origin window (VNPay's page) sends no event this one could hear; `closed` is the
  // one property readable across origins, so it is polled.
  const poll = setInterval(() => {
    if (popup.closed) finish();
  }, PAYMENT_POPUP_POLL_MS);
  const limit = setTimeout(() => {
    try {
      popup.close();
    } catch {
      // Already gone.
    }
    finish();
  }, PAYMENT_POPUP_TIMEOUT_MS);
  endCurrentWatch = finish;
  return { ok: true };
}
