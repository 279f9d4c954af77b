import type { Kysely } from 'kysely';
import type { Pagination } from '#contract/envelope';
import type { AdminWithdrawal, Withdrawal } from '#contract/wallet';
import { retryingTransaction } from '#server/db/retrying-transaction';
import type { DB, Role, WithdrawalStatus } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import { recordAdminAction } from '../admin-audit/admin-audit.service';
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
  selectWithdrawalsForExport,
  updateWithdrawalDecided,
  type WithdrawalFilter,
  type WithdrawalRow,
} from './wallet.queries';
import { withdrawalsCsv, withdrawalsCsvFilename } from './withdrawal-csv';

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

/** What the console shows: the request, with its restaurant, wallet now and bank reference. */
function toAdminWithdrawal(row: WithdrawalRow): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    wallet_balance: Number(row.wallet_balance),
    bank_reference: row.bank_reference,
  };
}

async function findWithdrawal(db: Kysely<DB>, id: number): Promise<Withdrawal> {
  return toWithdrawal(await findWithdrawalRow(db, id));
}

async function findWithdrawalRow(db: Kysely<DB>, id: number): Promise<WithdrawalRow> {
  const row = await selectWithdrawal(db, id);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return row;
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
  return retryingTransaction(db, async (trx) => {
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
  query: WithdrawalFilter & { page: number; per_page: number },
): Promise<{ items: AdminWithdrawal[]; pagination: Pagination }> {
  const filter = { status: query.status, from: query.from, to: query.to };
  const [rows, total] = await Promise.all([
    selectWithdrawals(db, filter, query.per_page, offsetOf(query.page, query.per_page)),
    countWithdrawals(db, filter),
  ]);
  return {
    items: rows.map(toAdminWithdrawal),
    pagination: pagination(query.page, query.per_page, total),
  };
}

/** GET /api/admin/withdrawals/export.csv: the accountant's file of a range of days. */
export async function exportWithdrawals(
  db: Kysely<DB>,
  query: { start_date: string; end_date: string; status?: WithdrawalStatus | undefined },
): Promise<{ filename: string; csv: string }> {
  const rows = await selectWithdrawalsForExport(db, {
    status: query.status,
    from: query.start_date,
    to: query.end_date,
  });
  return {
    filename: withdrawalsCsvFilename(query.start_date, query.end_date),
    csv: withdrawalsCsv(rows.map(toAdminWithdrawal)),
  };
}

export type WithdrawalDecision =
  { status: 'paid'; reference: string } | { status: 'rejected'; reason: string };

/** What the audit log keeps of a request on each side of a decision. */
function auditState(row: {
  status: WithdrawalStatus;
  bank_reference: string | null;
  reason: string | null;
}) {
  return { status: row.status, bank_reference: row.bank_reference, reason: row.reason };
}

/**
 * An admin's decision on a pending withdrawal. Paid: the money already sits in payouts and
 * simply stays there; the bank reference is kept. Rejected: it goes back to the wallet in the
 * same transaction. The conditional update decides once: a second decision (a double click,
 * two admins, a reject racing a mark-paid) finds the request no longer pending and is
 * WITHDRAWAL_ALREADY_DECIDED with nothing changed. The audit entry and the owner's
 * notification are written in the same transaction, so they exist exactly when the decision
 * does.
 */
export async function decideWithdrawal(
  db: Kysely<DB>,
  adminId: number,
  id: number,
  decision: WithdrawalDecision,
): Promise<AdminWithdrawal> {
  await retryingTransaction(db, async (trx) => {
    const decided = await updateWithdrawalDecided(trx, id, {
      status: decision.status,
      reason: decision.status === 'rejected' ? decision.reason : null,
      bankReference: decision.status === 'paid' ? decision.reference : null,
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
    await recordAdminAction(trx, {
      actorId: adminId,
      action: decision.status === 'paid' ? 'withdrawal.paid' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      // Only a pending request can be decided, so the state before is always the same.
      before: auditState({ status: 'pending', bank_reference: null, reason: null }),
      after: auditState(decided),
    });
    await notify(
      trx,
      [decided.user_id],
      decision.status === 'rejected'
        ? withdrawalRejectedMessage(id, decided.amount, decision.reason)
        : withdrawalPaidMessage(id, decided.amount, decision.reference),
    );
  });
  return toAdminWithdrawal(await findWithdrawalRow(db, id));
}
