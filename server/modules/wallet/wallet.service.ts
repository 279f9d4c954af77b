import type { Kysely } from 'kysely';
import type { Pagination } from '#contract/envelope';
import type { Withdrawal } from '#contract/wallet';
import type { DB, Role, WithdrawalStatus } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import type { KeepReply } from '../idempotency/idempotency.service';
import { transfer, walletBalance } from '../ledger/ledger.service';
import {
  withdrawalPaidMessage,
  withdrawalRejectedMessage,
} from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import {
  countWithdrawals,
  insertWithdrawal,
  selectWithdrawal,
  selectWithdrawals,
  updateWithdrawalDecided,
  type WithdrawalRow,
} from './wallet.queries';

/** Spec 2.16: withdrawing is for staff-level accounts (design.md section 5: admin is one). */
const MAY_WITHDRAW: readonly Role[] = ['staff', 'owner', 'admin'];

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.full_name?.trim() || row.username || row.phone || '',
    amount: row.amount,
    status: row.status,
    reason: row.reason,
    decided_by: row.decided_by,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

async function findWithdrawal(db: Kysely<DB>, id: number): Promise<Withdrawal> {
  const row = await selectWithdrawal(db, id);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return toWithdrawal(row);
}

export function getWalletBalance(db: Kysely<DB>, userId: number): Promise<number> {
  return walletBalance(db, userId);
}

export interface WithdrawResult {
  withdrawal: Withdrawal;
  balance: number;
}

/**
 * POST /api/staff/payment/withdraw/: the request and the money leaving the wallet for payouts
 * happen in one transaction, so a refused debit (INSUFFICIENT_BALANCE) leaves no request behind.
 */
export async function requestWithdrawal(
  db: Kysely<DB>,
  user: { id: number; role: Role },
  amount: number,
  keep?: KeepReply<WithdrawResult>,
): Promise<WithdrawResult> {
  // The route lets every signed-in user in so that a customer gets the spec's own sentence.
  if (!MAY_WITHDRAW.includes(user.role)) throw new AppError('WITHDRAW_NOT_ALLOWED');
  return db.transaction().execute(async (trx) => {
    const withdrawalId = await insertWithdrawal(trx, { user_id: user.id, amount });
    await transfer(trx, {
      key: `withdrawal:${withdrawalId}`,
      from: { wallet: user.id },
      to: { platform: 'payouts' },
      amount,
      kind: 'withdrawal',
      withdrawalId,
    });
    const result = {
      withdrawal: await findWithdrawal(trx, withdrawalId),
      balance: await walletBalance(trx, user.id),
    };
    await keep?.(trx, result);
    return result;
  });
}

export async function listWithdrawals(
  db: Kysely<DB>,
  query: { status?: WithdrawalStatus | undefined; page: number; per_page: number },
): Promise<{ items: Withdrawal[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([
    selectWithdrawals(db, query.status, query.per_page, offsetOf(query.page, query.per_page)),
    countWithdrawals(db, query.status),
  ]);
  return {
    items: rows.map(toWithdrawal),
    pagination: pagination(query.page, query.per_page, total),
  };
}

/**
 * An admin's decision on a pending withdrawal. Paid: the money already sits in payouts and
 * simply stays there. Rejected: it goes back to the wallet in the same transaction. Either
 * way its owner is notified with it.
 */
export async function decideWithdrawal(
  db: Kysely<DB>,
  adminId: number,
  id: number,
  decision: { status: 'paid' } | { status: 'rejected'; reason: string },
): Promise<Withdrawal> {
  await db.transaction().execute(async (trx) => {
    const decided = await updateWithdrawalDecided(trx, id, {
      status: decision.status,
      reason: decision.status === 'rejected' ? decision.reason : null,
      decidedBy: adminId,
    });
    if (!decided) {
      if (!(await selectWithdrawal(trx, id))) throw new AppError('WITHDRAWAL_NOT_FOUND');
      throw new AppError('WITHDRAWAL_ALREADY_DECIDED');
    }
    if (decision.status === 'rejected') {
      await transfer(trx, {
        key: `withdrawal:${id}:return`,
        from: { platform: 'payouts' },
        to: { wallet: decided.user_id },
        amount: decided.amount,
        kind: 'withdrawal_return',
        withdrawalId: id,
      });
    }
    await notify(
      trx,
      [decided.user_id],
      decision.status === 'rejected'
        ? withdrawalRejectedMessage(id, decided.amount, decision.reason)
        : withdrawalPaidMessage(id, decided.amount),
    );
  });
  return findWithdrawal(db, id);
}
