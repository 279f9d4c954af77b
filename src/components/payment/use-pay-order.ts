import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Order } from '#contract/orders';
import type { PayOrderResult } from '#contract/payments';
import { getOrder, orderQueries } from '#src/api/orders';
import { WALLET_QUERY_KEY, walletBalanceQuery } from '#src/api/wallet';
import { vi } from '#src/i18n/vi';
import { getErrorReply, http, type ApiReply } from '#src/lib/http';
import { isSettled, newIdempotencyKey } from '#src/lib/idempotency-key';
import {
  clearPaymentRedirect,
  openPaymentPopup,
  savePaymentRedirect,
} from '#src/lib/payment-popup';
import { toast } from '#src/lib/toast';

const text = vi.payment;

/**
 * The Idempotency-Key of each order's pay attempt the server has not settled yet (design.md
 * section 4). Module-wide rather than per button: checkout pays a new order and then hands over
 * to the order's page, and a retry there after a lost reply must carry the same key, so the
 * server answers with the first send's outcome (one payment link, one wallet debit).
 */
const attemptKeys = new Map<number, string>();

function attemptKey(orderId: number): string {
  let key = attemptKeys.get(orderId);
  if (!key) {
    key = newIdempotencyKey();
    attemptKeys.set(orderId, key);
  }
  return key;
}

/**
 * The pay reply as read here. Spec 7.4 names only the link (payment_url or redirect_url) and
 * amount_vnpay: our server adds the balance after the call, but nothing may rely on it.
 */
export type PayReply = Omit<PayOrderResult, 'balance'> & { balance?: number };

/** POST /api/payment/order/pay/ (spec 7.4): the wallet pays what it can. */
export async function payOrder(orderId: number, key: string): Promise<PayReply> {
  const reply = await http
    .post('payment/order/pay/', {
      json: { order_id: orderId },
      headers: { 'idempotency-key': key },
    })
    .json<ApiReply<PayReply>>();
  if (!reply.data) throw new Error('Pay reply without data');
  return reply.data;
}

/** The VNPay page to open, under either name the spec's client reads. */
function linkOf(result: PayReply): string | null {
  const link = result.payment_url ?? result.redirect_url;
  return link && link.trim() !== '' ? link : null;
}

/** What the wallet lacks when VNPay cannot take the rest (spec 8, 'Insufficient wallet'). */
export interface Shortfall {
  orderId: number;
  /** amount_vnpay: what is missing, VND. The dialog reads the balance from the wallet query. */
  amount: number;
}

/**
 * How a pay attempt ended for the screen that started it:
 * - paid: the wallet covered it (toasted, data refreshed);
 * - popup: the VNPay popup is open; the refresh and the result message come when it closes;
 * - blocked: the browser blocked the popup (toasted);
 * - insufficient: the shortfall is below what VNPay takes; `shortfall` is set for the dialog;
 * - failed: the server refused or could not be reached (toasted).
 */
export type PayOutcome = 'paid' | 'popup' | 'blocked' | 'insufficient' | 'failed';

/**
 * Spec section 4: when the popup closes the data is refreshed and a success message shows. The
 * popup's own page cannot tell this window what happened, so the order is read again: only an
 * order that is no longer pending is reported paid (the user may have closed the window
 * without paying, or VNPay's confirmation may still be on its way).
 */
async function refreshAfterPopup(queryClient: QueryClient, orderId: number): Promise<boolean> {
  // The popup that read it is gone; a later result page must not take this payment for its own.
  clearPaymentRedirect();
  let status: Order['status'];
  try {
    [status] = await Promise.all([
      getOrder('customer', orderId).then((order) => order.status),
      // Fetched rather than only invalidated, so a failure is seen and reported.
      queryClient.fetchQuery({ ...walletBalanceQuery, staleTime: 0 }),
      queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
    ]);
  } catch {
    toast.error(text.refreshFailed);
    return false;
  }
  const paid = status !== 'pending' && status !== 'cancelled';
  if (paid) toast.success(text.paid);
  else toast.warning(text.notCompleted, text.notCompletedHint);
  return paid;
}

function refreshAfterWalletPay(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
  void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
}

/**
 * The pay flow of spec sections 4 and 8 for one order at a time: the pay call, then either
 * done (the wallet covered it), the VNPay popup for the shortfall, or the 'Số dư không đủ'
 * dialog state when there is no link. `onPaid` runs whenever the order is found paid, straight
 * away or after the popup.
 */
export function usePayOrder({ onPaid }: { onPaid?: (orderId: number) => void } = {}) {
  const queryClient = useQueryClient();
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const [waiting, setWaiting] = useState(false);

  const mutation = useMutation({
    mutationFn: (orderId: number) => payOrder(orderId, attemptKey(orderId)),
    onSuccess: (_result, orderId) => {
      attemptKeys.delete(orderId);
    },
    onError: (error, orderId) => {
      if (isSettled(error)) attemptKeys.delete(orderId);
    },
  });
  const { mutateAsync } = mutation;

  const pay = useCallback(
    async (orderId: number): Promise<PayOutcome> => {
      let result: PayReply;
      try {
        result = await mutateAsync(orderId);
      } catch (error) {
        // A refusal carries the server's reason (already paid, cancelled...); a lost reply
        // does not, and a retry is safe under the same key.
        toast.error(getErrorReply(error)?.message?.trim() || text.failed);
        return 'failed';
      }

      if (result.status === 'paid') {
        refreshAfterWalletPay(queryClient);
        toast.success(text.paid);
        onPaid?.(orderId);
        return 'paid';
      }

      // A reply with the balance after the call shows it at once; without one, it is read again.
      if (typeof result.balance === 'number' && Number.isFinite(result.balance)) {
        queryClient.setQueryData(walletBalanceQuery.queryKey, result.balance);
      } else {
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      }
      const link = linkOf(result);
      if (link) {
        savePaymentRedirect({ type: 'order', orderId });
        const popup = openPaymentPopup(link, {
          onClosed: () => {
            void refreshAfterPopup(queryClient, orderId).then((paid) => {
              setWaiting(false);
              if (paid) onPaid?.(orderId);
            });
          },
        });
        if (!popup.ok) {
          clearPaymentRedirect();
          toast.error(text.popupBlocked);
          return 'blocked';
        }
        setWaiting(true);
        return 'popup';
      }

      if (result.amount_vnpay > 0) {
        setShortfall({ orderId, amount: result.amount_vnpay });
        return 'insufficient';
      }
      // Pending with nothing left to pay and no link: not a reply the server sends.
      toast.error(text.failed);
      return 'failed';
    },
    [mutateAsync, onPaid, queryClient],
  );

  const closeShortfall = useCallback(() => setShortfall(null), []);

  return {
    pay,
    /** The pay call is in flight. */
    isPending: mutation.isPending,
    /** The VNPay popup this flow opened is still open. */
    waiting,
    shortfall,
    closeShortfall,
  };
}
