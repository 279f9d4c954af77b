import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  VNPAY_MAX_AMOUNT,
  VNPAY_MIN_AMOUNT,
  type PaymentLink,
  type PaymentOutcome,
  type PaymentReturnReply,
  type PayOrderResult,
  type VnpayIpnReply,
} from '#contract/payments';
import type { Config } from '#server/config';
import type { DB, PaymentPurpose } from '#server/db/schema';
import { AppError } from '#server/errors';
import { transfer, walletBalance, type TransferInput } from '../ledger/ledger.service';
import { lockCustomerOrder, markOrderPaid } from '../orders/orders.service';
import {
  buildPaymentUrl,
  checkIpn,
  IPN_MESSAGES,
  isSuccess,
  newTxnRef,
  queryTransaction,
  verifyParams,
  type QueryResult,
} from '#server/payment/vnpay/vnpay';
import {
  createSavepoint,
  insertPayment,
  releaseSavepoint,
  rollbackToSavepoint,
  selectPaymentByTxnRef,
  selectPendingPaymentsBefore,
  updatePaymentSettled,
  type PaymentRow,
} from './payments.queries';

export interface PaymentDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'vnpay' | 'publicUrl'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The payment page stays open this long; reconciliation waits for it to close first. */
export const PAYMENT_WINDOW_MINUTES = 15;

export const RETURN_VERIFY_FAILED = 'Không thể xác minh kết quả thanh toán';

export function ipnUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api/payment/vnpay/ipn/`;
}

export function returnUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api/payment/vnpay/return/`;
}

// PostgreSQL aborts one of two transactions that wait on each other (40P01) or, under
// stricter isolation, fail to serialize (40001); both are safe to run again from the start.
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE_SQLSTATES.has(code)) {
        throw error;
      }
    }
  }
}

/**
 * A wallet debit that may be refused: 'insufficient' instead of an error, with the
 * transaction still usable (whatever the ledger wrote before refusing is rolled back).
 */
async function tryTransfer(
  trx: Kysely<DB>,
  input: TransferInput,
): Promise<'done' | 'duplicate' | 'insufficient'> {
  const savepoint = 'payment_transfer';
  await createSavepoint(trx, savepoint);
  try {
    const result = await transfer(trx, input);
    await releaseSavepoint(trx, savepoint);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      await rollbackToSavepoint(trx, savepoint);
      return 'insufficient';
    }
    throw error;
  }
}

/** One VNPay attempt: a pending payment with a fresh TxnRef and the signed link to pay it. */
async function openPayment(
  db: Kysely<DB>,
  config: PaymentDeps['config'],
  p: {
    userId: number;
    purpose: PaymentPurpose;
    orderId: number | null;
    amount: number;
    ipAddr: string;
    now: Date;
  },
): Promise<PaymentLink> {
  const txnRef = newTxnRef();
  // vnp_CreateDate has whole seconds; querydr later names the attempt by that moment.
  const createdAt = new Date(Math.floor(p.now.getTime() / 1000) * 1000);
  await insertPayment(db, {
    txn_ref: txnRef,
    user_id: p.userId,
    purpose: p.purpose,
    order_id: p.orderId,
    amount: p.amount,
    created_at: createdAt,
  });
  const url = buildPaymentUrl(config.vnpay, {
    txnRef,
    amount: p.amount,
    // vnpay.md: no diacritics, no special characters.
    orderInfo:
      p.purpose === 'order' ? `Thanh toan don hang ${p.orderId}` : `Nap tien vao vi ${txnRef}`,
    returnUrl: returnUrl(config),
    ipAddr: p.ipAddr,
    createdAt,
    expiresInMinutes: PAYMENT_WINDOW_MINUTES,
    locale: 'vn',
  });
  return { payment_url: url, redirect_url: url, txn_ref: txnRef, amount: p.amount };
}

/** POST /api/payment/deposit/create/ and /api/staff/payment/deposit/. */
export async function createDeposit(
  deps: PaymentDeps,
  p: { userId: number; amount: number; ipAddr: string },
  now = new Date(),
): Promise<PaymentLink> {
  if (p.amount < DEPOSIT_MIN || p.amount > DEPOSIT_MAX) {
    throw new AppError('DEPOSIT_AMOUNT_RANGE');
  }
  return openPayment(deps.db, deps.config, {
    userId: p.userId,
    purpose: 'deposit',
    orderId: null,
    amount: p.amount,
    ipAddr: p.ipAddr,
    now,
  });
}

/**
 * POST /api/payment/order/pay/ (design.md section 5). The order row is locked for the whole
 * transaction, so two pays (or a pay and a cancel) of one order run one after the other; the
 * wallet debit itself refuses to overdraw, so pays of different orders from one wallet can
 * never spend the same money twice.
 */
export async function payOrder(
  deps: PaymentDeps,
  p: { customerId: number; orderId: number; ipAddr: string },
  now = new Date(),
): Promise<PayOrderResult> {
  return withRetry(() =>
    deps.db.transaction().execute(async (trx): Promise<PayOrderResult> => {
      const order = await lockCustomerOrder(trx, p.customerId, p.orderId);
      if (order.status !== 'pending') throw new AppError('ORDER_NOT_PAYABLE');
      const paid = async (): Promise<PayOrderResult> => {
        await markOrderPaid(trx, order.id, now);
        return {
          status: 'paid',
          order_id: order.id,
          amount_vnpay: 0,
          balance: await walletBalance(trx, p.customerId),
        };
      };
      // A coupon can bring the total to nothing: there is no money to move.
      if (order.total_amount === 0) return paid();

      let balance = await walletBalance(trx, p.customerId);
      if (balance >= order.total_amount) {
        const moved = await tryTransfer(trx, {
          key: `order:${order.id}:pay`,
          from: { wallet: p.customerId },
          to: { platform: 'escrow' },
          amount: order.total_amount,
          kind: 'order_payment',
          orderId: order.id,
        });
        if (moved !== 'insufficient') return paid();
        // Another pay from the same wallet got there first: what is left decides.
        balance = await walletBalance(trx, p.customerId);
      }

      const shortfall = order.total_amount - balance;
      const result: PayOrderResult = {
        status: 'pending',
        order_id: order.id,
        amount_vnpay: shortfall,
        balance,
      };
      // Below VNPay's minimum there is nothing to pay through it: the client shows
      // 'Số dư không đủ' and offers a top-up instead.
      if (shortfall < VNPAY_MIN_AMOUNT || shortfall > VNPAY_MAX_AMOUNT) return result;
      const link = await openPayment(trx, deps.config, {
        userId: p.customerId,
        purpose: 'order',
        orderId: order.id,
        amount: shortfall,
        ipAddr: p.ipAddr,
        now,
      });
      return {
        ...result,
        payment_url: link.payment_url,
        redirect_url: link.redirect_url,
        txn_ref: link.txn_ref,
      };
    }),
  );
}

/** What the gateway says about one attempt, from an IPN or from querydr. */
interface GatewayOutcome {
  success: boolean;
  responseCode: string | null;
  transactionStatus: string | null;
  transactionNo: string | null;
  bankCode: string | null;
  payDate: string | null;
}

/**
 * The one place a payment becomes final, for the IPN and the reconciliation alike: in one
 * transaction, pending -> succeeded/failed (once), the credit of the wallet (business key
 * `vnpay:<TxnRef>:credit`, once) and, for an order still pending that the wallet now covers,
 * its payment (`order:<id>:pay`). False when the payment was already final.
 */
async function settlePayment(
  db: Kysely<DB>,
  payment: PaymentRow,
  outcome: GatewayOutcome,
  now: Date,
): Promise<boolean> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      // The order is locked before any account, as a pay does, so an IPN and a pay of the
      // same order queue on it. Across two orders of one customer the accounts can still be
      // taken in opposite orders (gateway+wallet then escrow here, escrow then wallet in a
      // pay): PostgreSQL breaks that deadlock and withRetry runs the loser again.
      const order =
        outcome.success && payment.purpose === 'order' && payment.order_id !== null
          ? await lockCustomerOrder(trx, payment.user_id, payment.order_id)
          : null;
      const settled = await updatePaymentSettled(trx, payment.id, {
        status: outcome.success ? 'succeeded' : 'failed',
        response_code: outcome.responseCode,
        transaction_status: outcome.transactionStatus,
        transaction_no: outcome.transactionNo,
        bank_code: outcome.bankCode,
        pay_date: outcome.payDate,
        settled_at: now,
      });
      if (!settled || !outcome.success) return settled;

      await transfer(trx, {
        key: `vnpay:${payment.txn_ref}:credit`,
        from: { platform: 'gateway' },
        to: { wallet: payment.user_id },
        amount: payment.amount,
        kind: 'deposit',
        paymentId: payment.id,
      });
      // A cancelled (or meanwhile paid) order leaves the money in the wallet, where the
      // customer can spend or see it.
      if (order?.status === 'pending') {
        const balance = await walletBalance(trx, payment.user_id);
        if (balance >= order.total_amount) {
          const moved = await tryTransfer(trx, {
            key: `order:${order.id}:pay`,
            from: { wallet: payment.user_id },
            to: { platform: 'escrow' },
            amount: order.total_amount,
            kind: 'order_payment',
            orderId: order.id,
          });
          if (moved !== 'insufficient') await markOrderPaid(trx, order.id, now);
        }
      }
      return true;
    }),
  );
}

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
 * GET /api/payment/vnpay/ipn/: VNPay's server-to-server confirmation, with the checks in the
 * order vnpay.md gives. Never throws: an unexpected error is '99', which VNPay retries.
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
    if (check !== 'proceed' || !payment) return ipnReply(check === 'proceed' ? '01' : check);
    const settled = await settlePayment(
      deps.db,
      payment,
      {
        success: isSuccess(query),
        responseCode: str(query.vnp_ResponseCode),
        transactionStatus: str(query.vnp_TransactionStatus),
        transactionNo: str(query.vnp_TransactionNo),
        bankCode: str(query.vnp_BankCode),
        payDate: str(query.vnp_PayDate),
      },
      now,
    );
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
  if (!verifyParams(query, deps.config.vnpay.hashSecret)) {
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

/** A payment is asked about once its page has closed (PAYMENT_WINDOW_MINUTES). */
export const STALE_AFTER_MS = PAYMENT_WINDOW_MINUTES * 60_000;
const RECONCILE_BATCH = 100;

export interface ReconciliationSummary {
  checked: number;
  succeeded: number;
  failed: number;
  /** Left pending: querydr failed or gave an answer that needs a person. */
  unresolved: number;
}

/**
 * Decides a stale payment from querydr: success settles it; a transaction VNPay does not
 * know ('91'), never completed ('01') or failed ('02') is failed. Anything else (an error of
 * the query, a reversal, suspected fraud, an amount that does not match) stays pending.
 */
function outcomeOfQuery(payment: PaymentRow, result: QueryResult): GatewayOutcome | null {
  const base = {
    responseCode: result.responseCode,
    transactionStatus: result.transactionStatus,
    transactionNo: result.transactionNo,
    bankCode: result.bankCode,
    payDate: result.payDate,
  };
  if (result.responseCode === '91') return { ...base, success: false };
  if (result.responseCode !== '00') return null;
  if (result.transactionStatus === '00') {
    if (result.amount !== null && result.amount !== payment.amount) return null;
    return { ...base, success: true };
  }
  if (result.transactionStatus === '01' || result.transactionStatus === '02') {
    return { ...base, success: false };
  }
  return null;
}

/**
 * Settles payments pending for over 15 minutes whose IPN never came, by asking VNPay
 * (querydr), through the same transaction and business keys as the IPN: a late IPN and this
 * job can race and still credit at most once.
 */
export async function settleStalePayments(
  deps: PaymentDeps,
  now = new Date(),
): Promise<ReconciliationSummary> {
  const summary: ReconciliationSummary = { checked: 0, succeeded: 0, failed: 0, unresolved: 0 };
  const stale = await selectPendingPaymentsBefore(
    deps.db,
    new Date(now.getTime() - STALE_AFTER_MS),
    RECONCILE_BATCH,
  );
  for (const payment of stale) {
    summary.checked += 1;
    try {
      const result = await queryTransaction(deps.config.vnpay, {
        txnRef: payment.txn_ref,
        transactionDate: payment.created_at,
        ipAddr: '127.0.0.1',
        orderInfo: `Truy van giao dich ${payment.txn_ref}`,
        now,
      });
      const outcome = outcomeOfQuery(payment, result);
      if (!outcome) {
        summary.unresolved += 1;
        deps.log?.warn(
          { txnRef: payment.txn_ref, result },
          'payment left pending after querydr: needs a look',
        );
        continue;
      }
      if (await settlePayment(deps.db, payment, outcome, now)) {
        summary[outcome.success ? 'succeeded' : 'failed'] += 1;
      }
    } catch (error) {
      summary.unresolved += 1;
      deps.log?.warn({ err: error, txnRef: payment.txn_ref }, 'querydr failed; retried later');
    }
  }
  return summary;
}

export const RECONCILE_EVERY_MS = 60_000;

/**
 * Runs settleStalePayments every minute (never two runs at once). stop() ends the timer and
 * waits for a run in progress, so the database can be closed after it.
 */
export function startPaymentReconciliation(
  deps: PaymentDeps,
  everyMs = RECONCILE_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = settleStalePayments(deps)
      .then((summary) => {
        if (summary.checked) deps.log?.info({ summary }, 'stale payments reconciled');
      })
      .catch((error: unknown) => deps.log?.error({ err: error }, 'payment reconciliation failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
