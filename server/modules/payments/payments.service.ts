import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  VNPAY_MAX_AMOUNT,
  VNPAY_MIN_AMOUNT,
  type PaymentLink,
  type PayOrderResult,
} from '#contract/payments';
import { SANDBOX_PAY_PATH, type Config } from '#server/config';
import { retryingTransaction } from '#server/db/retrying-transaction';
import type { DB, PaymentPurpose } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { PaymentMetrics } from '#server/lib/metrics';
import { buildPaymentUrl, newTxnRef } from '#server/payment/vnpay/vnpay';
import type { KeepReply } from '../idempotency/idempotency.service';
import { walletBalance } from '../ledger/ledger.service';
import { lockCustomerOrder, markOrderPaid } from '../orders/orders.service';
import { insertPayment } from './payments.queries';
import { debitOrder } from './payments.settlement.service';

export interface PaymentDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'vnpay' | 'publicUrl' | 'publicUrlFixed'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Counts each payment settled, after its commit (GET /metrics). */
  metrics?: PaymentMetrics;
}

/** The payment page stays open this long; reconciliation waits for it to close first. */
export const PAYMENT_WINDOW_MINUTES = 15;

/**
 * Where the browser pays and comes back: `origin` is PUBLIC_URL, or outside production
 * without one the origin the app was opened at (the routes' `linkOrigin`), so the popup and
 * the result page share the opener's session.
 */
export function returnUrl(origin: string): string {
  return `${origin}/api/payment/vnpay/return/`;
}

function payPageUrl(config: PaymentDeps['config'], origin: string): string {
  // The built-in sandbox is served by this app, so it is on the same origin; a real gateway
  // is wherever VNPAY_URL says.
  return config.vnpay.sandbox ? `${origin}${SANDBOX_PAY_PATH}` : config.vnpay.payUrl;
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
    origin: string;
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
  const url = buildPaymentUrl(
    { ...config.vnpay, payUrl: payPageUrl(config, p.origin) },
    {
      txnRef,
      amount: p.amount,
      // vnpay.md: no diacritics, no special characters.
      orderInfo:
        p.purpose === 'order' ? `Thanh toan don hang ${p.orderId}` : `Nap tien vao vi ${txnRef}`,
      returnUrl: returnUrl(p.origin),
      ipAddr: p.ipAddr,
      createdAt,
      expiresInMinutes: PAYMENT_WINDOW_MINUTES,
      locale: 'vn',
    },
  );
  return { payment_url: url, redirect_url: url, txn_ref: txnRef, amount: p.amount };
}

/**
 * POST /api/payment/deposit/create/ and /api/staff/payment/deposit/. A transaction of its own
 * for one insert, so an idempotent call's reply (`keep`) commits with the payment it names.
 */
export async function createDeposit(
  deps: PaymentDeps,
  p: { userId: number; amount: number; ipAddr: string; origin: string },
  keep?: KeepReply<PaymentLink>,
  now = new Date(),
): Promise<PaymentLink> {
  if (p.amount < DEPOSIT_MIN || p.amount > DEPOSIT_MAX) {
    throw new AppError('DEPOSIT_AMOUNT_RANGE');
  }
  return deps.db.transaction().execute(async (trx) => {
    const link = await openPayment(trx, deps.config, {
      userId: p.userId,
      purpose: 'deposit',
      orderId: null,
      amount: p.amount,
      ipAddr: p.ipAddr,
      origin: p.origin,
      now,
    });
    await keep?.(trx, link);
    return link;
  });
}

/**
 * POST /api/payment/order/pay/ (design.md section 5). The order row is locked for the whole
 * transaction, so two pays (or a pay and a cancel) of one order run one after the other; the
 * wallet debit itself refuses to overdraw, so pays of different orders from one wallet can
 * never spend the same money twice. An idempotent call's reply (`keep`) commits with the
 * payment.
 */
export async function payOrder(
  deps: PaymentDeps,
  p: PayOrderInput,
  keep?: KeepReply<PayOrderResult>,
  now = new Date(),
): Promise<PayOrderResult> {
  const result = await retryingTransaction(deps.db, async (trx) => {
    const paid = await payLockedOrder(trx, deps, p, now);
    await keep?.(trx, paid);
    return paid;
  });
  // Committed: the wallet paid the whole order. A shortfall is settled later by the gateway.
  if (result.status === 'paid') deps.metrics?.paymentSettled('wallet', 'succeeded', 'api');
  return result;
}

interface PayOrderInput {
  customerId: number;
  orderId: number;
  ipAddr: string;
  origin: string;
}

/** The pay itself, inside payOrder's transaction, which locks the order row first. */
async function payLockedOrder(
  trx: Kysely<DB>,
  deps: PaymentDeps,
  p: PayOrderInput,
  now: Date,
): Promise<PayOrderResult> {
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
    const moved = await debitOrder(trx, p.customerId, order);
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
    origin: p.origin,
    now,
  });
  return {
    ...result,
    payment_url: link.payment_url,
    redirect_url: link.redirect_url,
    txn_ref: link.txn_ref,
  };
}
