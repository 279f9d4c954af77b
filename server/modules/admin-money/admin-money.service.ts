import type { Kysely } from 'kysely';
import { PAYMENT_OUTCOMES, type LedgerCheck, type MoneyOverview } from '#contract/admin-money';
import type { DB } from '#server/db/schema';
import { ledgerInvariants } from '../ledger/ledger.service';
import {
  countOpenOrders,
  selectPaymentsByStatus,
  selectPlatformBalance,
  sumCommission,
  sumPendingWithdrawals,
  sumWallets,
} from './admin-money.queries';

// The console's view of the platform's money: read from the ledger and the payments table,
// never written. Each figure is its own statement, so the overview is a set of readings taken
// a moment apart, not one snapshot; the ledger check is the place for exact agreement.

/** How many offenders of each kind the check lists: enough to act on, a page at most. */
export const CHECK_LIST_MAX = 20;

export async function moneyOverview(
  db: Kysely<DB>,
  range: { start_date: string; end_date: string },
): Promise<MoneyOverview> {
  const [escrow, openOrders, commission, payments, payouts, wallets] = await Promise.all([
    selectPlatformBalance(db, 'escrow'),
    countOpenOrders(db),
    sumCommission(db, range.start_date, range.end_date),
    selectPaymentsByStatus(db, range.start_date, range.end_date),
    sumPendingWithdrawals(db),
    sumWallets(db),
  ]);
  return {
    escrow_held: escrow,
    open_orders: openOrders,
    commission_in_range: commission.in_range,
    commission_all_time: commission.all_time,
    vnpay: PAYMENT_OUTCOMES.map((status) => {
      const row = payments.find((p) => p.status === status);
      return { status, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
    }),
    pending_payouts: payouts,
    wallets_total: wallets,
  };
}

/** The ledger's three invariants, run now: sum zero, balances equal transfers, no wallet below zero. */
export async function checkLedger(db: Kysely<DB>, now = new Date()): Promise<LedgerCheck> {
  const found = await ledgerInvariants(db, CHECK_LIST_MAX);
  return {
    ok:
      found.sumOfBalances === 0 &&
      found.mismatchedAccounts.length === 0 &&
      found.negativeWallets.length === 0,
    sum_of_balances: Number(found.sumOfBalances),
    mismatched_accounts: found.mismatchedAccounts.map((a) => ({
      ...a,
      balance: Number(a.balance),
      computed: Number(a.computed),
    })),
    negative_wallets: found.negativeWallets.map((w) => ({ ...w, balance: Number(w.balance) })),
    checked_at: now.toISOString(),
  };
}
