import type { Kysely } from 'kysely';
import type { DB, TransferKind } from '#server/db/schema';
import { AppError } from '#server/errors';
import { recordWalletBalance } from '../events/events.service';
import {
  creditAccount,
  debitAccount,
  ensureWalletAccount,
  insertTransfer,
  lockAccountRows,
  selectMismatchedAccounts,
  selectNegativeWallets,
  selectPlatformAccountId,
  selectSumOfBalances,
  selectWalletBalance,
} from './ledger.queries';

export type { TransferKind } from '#server/db/schema';
export type PlatformAccount = 'escrow' | 'gateway' | 'payouts' | 'commission';
export type AccountRef = { wallet: number /* user id */ } | { platform: PlatformAccount };

export interface TransferInput {
  /** Unique business key, e.g. `order:42:pay`, `vnpay:${txnRef}:credit`. */
  key: string;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
  orderId?: number;
  paymentId?: number;
  withdrawalId?: number;
}

/**
 * The account ids of both sides. A wallet met for the first time is inserted here and that
 * uncommitted row makes any other transaction creating the same wallet wait; creating the two
 * wallets in ascending user id order keeps two first transfers A->B and B->A from waiting on
 * each other.
 */
async function accountIds(trx: Kysely<DB>, from: AccountRef, to: AccountRef) {
  const walletIds = new Map<number, number>();
  const users = [from, to].flatMap((ref) => ('wallet' in ref ? [ref.wallet] : []));
  for (const userId of [...new Set(users)].sort((a, b) => a - b)) {
    walletIds.set(userId, await ensureWalletAccount(trx, userId));
  }
  const idOf = (ref: AccountRef) =>
    'wallet' in ref ? walletIds.get(ref.wallet)! : selectPlatformAccountId(trx, ref.platform);
  return { debitId: await idOf(from), creditId: await idOf(to) };
}

/**
 * Inside a transaction. 'done' = recorded now; 'duplicate' = the key exists, nothing moved.
 * Throws AppError('INSUFFICIENT_BALANCE') when a wallet would go negative (checked in the
 * debiting UPDATE itself). The transfer row is written before the debit, so the caller must
 * let that error roll the transaction back: catching it and committing would keep a transfer
 * whose money never moved.
 */
export async function transfer(
  trx: Kysely<DB>,
  input: TransferInput,
): Promise<'done' | 'duplicate'> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError('AMOUNT_INVALID');
  }
  const { debitId, creditId } = await accountIds(trx, input.from, input.to);
  // The key first: a second attempt (retried IPN, double click) stops here, having moved
  // nothing; a concurrent one waits on the unique index until the first commits or aborts.
  const inserted = await insertTransfer(trx, {
    business_key: input.key,
    debit_account_id: debitId,
    credit_account_id: creditId,
    amount: input.amount,
    kind: input.kind,
    order_id: input.orderId ?? null,
    payment_id: input.paymentId ?? null,
    withdrawal_id: input.withdrawalId ?? null,
  });
  if (!inserted) return 'duplicate';
  // Platform accounts may run negative (gateway is money from outside); wallets never.
  const mustCover = 'wallet' in input.from;
  const debit = async () => {
    if (!(await debitAccount(trx, debitId, input.amount, mustCover))) {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
  };
  const credit = () => creditAccount(trx, creditId, input.amount);
  // Both rows are locked in ascending id order, so two transfers between the same two
  // accounts in opposite directions queue up instead of deadlocking.
  if (debitId < creditId) {
    await debit();
    await credit();
  } else {
    await credit();
    await debit();
  }
  // Every wallet movement passes here, so this is where its owner hears the new balance.
  for (const ref of [input.from, input.to]) {
    if ('wallet' in ref) {
      await recordWalletBalance(trx, ref.wallet, await selectWalletBalance(trx, ref.wallet));
    }
  }
  return 'done';
}

/**
 * For a transaction that makes several transfers (a VNPay credit then the order payment; a
 * settlement and its commission): locks every account it will touch up front, in ascending id
 * order. One transfer orders its own two rows, but two transfers in a row would otherwise take
 * e.g. gateway, wallet and then escrow, and wait in a cycle with a refund holding escrow and
 * waiting for that wallet.
 */
export async function lockAccounts(trx: Kysely<DB>, refs: AccountRef[]): Promise<void> {
  const walletUsers = [...new Set(refs.flatMap((r) => ('wallet' in r ? [r.wallet] : [])))].sort(
    (a, b) => a - b,
  );
  const ids: number[] = [];
  for (const userId of walletUsers) ids.push(await ensureWalletAccount(trx, userId));
  for (const ref of refs) {
    if ('platform' in ref) ids.push(await selectPlatformAccountId(trx, ref.platform));
  }
  await lockAccountRows(trx, [...new Set(ids)]);
}

/** A user's wallet balance in đồng; 0 before the wallet's first movement. */
export async function walletBalance(db: Kysely<DB>, userId: number): Promise<number> {
  return selectWalletBalance(db, userId);
}

/**
 * The ledger's invariants, for tests and checks: all must hold after any workload. `limit`
 * caps each list of offenders (the admin console shows a few, not a corrupted million).
 */
export async function ledgerInvariants(
  db: Kysely<DB>,
  limit?: number,
): Promise<{
  sumOfBalances: number;
  mismatchedAccounts: {
    id: number;
    kind: string;
    user_id: number | null;
    balance: number;
    computed: number;
  }[];
  negativeWallets: { id: number; user_id: number | null; balance: number }[];
}> {
  const [sumOfBalances, mismatchedAccounts, negativeWallets] = await Promise.all([
    selectSumOfBalances(db),
    selectMismatchedAccounts(db, limit),
    selectNegativeWallets(db, limit),
  ]);
  return { sumOfBalances, mismatchedAccounts, negativeWallets };
}
