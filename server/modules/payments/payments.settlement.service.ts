import type { Kysely } from 'kysely';
import { retryingTransaction } from '#server/db/retrying-transaction';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { transfer, walletBalance, type TransferInput } from '../ledger/ledger.service';
import { depositSucceededMessage } from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import { lockCustomerOrder, markOrderPaid } from '../orders/orders.service';
import {
  createSavepoint,
  releaseSavepoint,
  rollbackToSavepoint,
  updatePaymentSettled,
  type PaymentRow,
} from './payments.queries';

/*
 * The money moves every payment path shares: paying an order from the wallet, and settling a
 * gateway payment once VNPay has answered (its IPN or, failing that, querydr).
 */

/**
 * A wallet debit that may be refused: 'insufficient' instead of an error, with the
 * transaction still usable (whatever the ledger wrote before refusing is rolled back).
 */
export async function tryTransfer(
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

/**
 * An order's payment from its customer's wallet into escrow (business key `order:<id>:pay`, so
 * it happens once), or 'insufficient' with the transaction still usable.
 */
export function debitOrder(
  trx: Kysely<DB>,
  customerId: number,
  order: { id: number; total_amount: number },
): Promise<'done' | 'duplicate' | 'insufficient'> {
  return tryTransfer(trx, {
    key: `order:${order.id}:pay`,
    from: { wallet: customerId },
    to: { platform: 'escrow' },
    amount: order.total_amount,
    kind: 'order_payment',
    orderId: order.id,
  });
}

/** What the gateway says about one attempt, from an IPN or from querydr. */
export interface GatewayOutcome {
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
export async function settlePayment(
  db: Kysely<DB>,
  payment: PaymentRow,
  outcome: GatewayOutcome,
  now: Date,
): Promise<boolean> {
  return retryingTransaction(db, async (trx) => {
    // The order is locked before any account, as a pay does, so an IPN and a pay of the
    // same order queue on it. Across two orders of one customer the accounts can still be
    // taken in opposite orders (gateway+wallet then escrow here, escrow then wallet in a
    // pay): PostgreSQL breaks that deadlock and the loser runs again.
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
    let paidTheOrder = false;
    if (order?.status === 'pending') {
      const balance = await walletBalance(trx, payment.user_id);
      if (balance >= order.total_amount) {
        const moved = await debitOrder(trx, payment.user_id, order);
        if (moved !== 'insufficient') paidTheOrder = await markOrderPaid(trx, order.id, now);
      }
    }
    // Money that stays in the wallet is news to its owner; money that paid its order at
    // once is told by the order instead.
    if (!paidTheOrder) {
      await notify(trx, [payment.user_id], depositSucceededMessage(payment.id, payment.amount));
    }
    return true;
  });
}
