import type { PaymentOutcome, PaymentReturnReply, VnpayIpnReply } from '#contract/payments';
import { AppError } from '#server/errors';
import { checkIpn, IPN_MESSAGES, isSuccess, verifyParams } from '#server/payment/vnpay/vnpay';
import { selectPaymentByTxnRef, type PaymentRow } from './payments.queries';
import type { PaymentDeps } from './payments.service';
import { settlePayment } from './payments.settlement.service';

export const RETURN_VERIFY_FAILED = 'Không thể xác minh kết quả thanh toán';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const ipnReply = (code: keyof typeof IPN_MESSAGES): VnpayIpnReply => ({
  RspCode: code,
  Message: IPN_MESSAGES[code],
});

/** vnp_Amount is VND x 100 as a string of digits; anything else matches no payment. */
function amountMatches(vnpAmount: unknown, payment: PaymentRow): boolean {
  const text = str(vnpAmount);
  return text !== null && /^\d{1,15}$/.test(text) && Number(text) === payment.amount * 100;
}

/**
 * A callback signed with our secret but naming another terminal is not about one of our
 * payments, whatever its TxnRef says: one hash secret shared by several terminals (or leaked
 * to another merchant's setup) must not let their transactions settle ours.
 */
function isOurTerminal(deps: PaymentDeps, query: Record<string, unknown>): boolean {
  return str(query.vnp_TmnCode) === deps.config.vnpay.tmnCode;
}

/**
 * GET /api/payment/vnpay/ipn/: VNPay's server-to-server confirmation, with the checks in the
 * order vnpay.md gives. Never throws: an unexpected error is '99', which VNPay retries.
 * Another terminal's callback is '01' (not one of our orders), after the signature check.
 */
export async function handleIpn(
  deps: PaymentDeps,
  query: Record<string, unknown>,
  now = new Date(),
): Promise<VnpayIpnReply> {
  try {
    const txnRef = str(query.vnp_TxnRef);
    const payment = txnRef ? await selectPaymentByTxnRef(deps.db, txnRef) : undefined;
    const check = checkIpn(query, deps.config.vnpay.hashSecret, payment ?? null);
    if (check !== '97' && !isOurTerminal(deps, query)) return ipnReply('01');
    if (check !== 'proceed' || !payment) return ipnReply(check === 'proceed' ? '01' : check);
    const success = isSuccess(query);
    const settled = await settlePayment(
      deps.db,
      payment,
      {
        success,
        responseCode: str(query.vnp_ResponseCode),
        transactionStatus: str(query.vnp_TransactionStatus),
        transactionNo: str(query.vnp_TransactionNo),
        bankCode: str(query.vnp_BankCode),
        payDate: str(query.vnp_PayDate),
      },
      now,
    );
    if (settled) deps.metrics?.paymentSettled('vnpay', success ? 'succeeded' : 'failed', 'ipn');
    // Zero rows changed: a twin of this IPN settled it a moment ago.
    return ipnReply(settled ? '00' : '02');
  } catch (error) {
    deps.log?.error({ err: error, txnRef: query.vnp_TxnRef }, 'VNPay IPN failed');
    return ipnReply('99');
  }
}

const RETURN_MESSAGES: Record<PaymentOutcome, string> = {
  success: 'Thanh toán thành công',
  failed: 'Thanh toán thất bại!',
  processing: 'Giao dịch đang được xử lý',
};

/**
 * GET /api/payment/vnpay/return/ as a JSON call: checks the signature and reports what OUR
 * records say. It changes nothing: only the IPN (or the reconciliation) settles a payment, so
 * a forged or replayed return URL can never credit money.
 */
export async function paymentReturnStatus(
  deps: PaymentDeps,
  query: Record<string, unknown>,
): Promise<PaymentReturnReply> {
  if (!verifyParams(query, deps.config.vnpay.hashSecret) || !isOurTerminal(deps, query)) {
    throw new AppError('BAD_REQUEST', { message: RETURN_VERIFY_FAILED });
  }
  const txnRef = str(query.vnp_TxnRef);
  const payment = txnRef ? await selectPaymentByTxnRef(deps.db, txnRef) : undefined;
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
  if (!amountMatches(query.vnp_Amount, payment)) {
    throw new AppError('BAD_REQUEST', { message: RETURN_VERIFY_FAILED });
  }
  const status: PaymentOutcome =
    payment.status === 'succeeded'
      ? 'success'
      : payment.status === 'failed'
        ? 'failed'
        : 'processing';
  return {
    success: status === 'success',
    message: RETURN_MESSAGES[status],
    data: {
      status,
      purpose: payment.purpose,
      order_id: payment.order_id,
      amount: payment.amount,
      txn_ref: payment.txn_ref,
    },
  };
}
