import type { ExclusivelyFn } from '#server/db/database';
import { JOB_LOCKS, runPeriodicallyAlone } from '#server/db/exclusive-jobs';
import type { Periodic } from '#server/lib/periodic';
import { queryTransaction, type QueryResult } from '#server/payment/vnpay/vnpay';
import { selectPendingPaymentsBefore, type PaymentRow } from './payments.queries';
import { PAYMENT_WINDOW_MINUTES, type PaymentDeps } from './payments.service';
import { settlePayment, type GatewayOutcome } from './payments.settlement.service';

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
        deps.metrics?.paymentSettled('vnpay', outcome.success ? 'succeeded' : 'failed', 'querydr');
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
 * Runs settleStalePayments every minute on one instance at a time (the others stand by: two
 * would ask VNPay about the same payments twice). stop() ends the timer and waits for a run in
 * progress, so the database can be closed after it.
 */
export function startPaymentReconciliation(
  deps: PaymentDeps,
  exclusively: ExclusivelyFn,
  everyMs = RECONCILE_EVERY_MS,
): Periodic {
  return runPeriodicallyAlone(
    exclusively,
    JOB_LOCKS.paymentReconciliation,
    async () => {
      const summary = await settleStalePayments(deps);
      if (summary.checked) deps.log?.info({ summary }, 'stale payments reconciled');
    },
    everyMs,
    { onError: (error) => deps.log?.error({ err: error }, 'payment reconciliation failed') },
  );
}
