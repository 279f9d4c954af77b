import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/** What demo_owner's wallet had received by `at`, less what was withdrawn by then (đồng). */
export async function selectEarnedBy(db: Kysely<DB>, userId: number, at: Date): Promise<number> {
  const { rows } = await sql<{ net: number }>`
    select coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0)::bigint as net
    from ledger_accounts a
    join ledger_transfers t on t.credit_account_id = a.id or t.debit_account_id = a.id
    where a.kind = 'wallet' and a.user_id = ${userId} and t.created_at <= ${at}`.execute(db);
  return Number(rows[0]!.net);
}

/**
 * A payout's whole timeline at once, after the services wrote it at the time they ran: the
 * request, its ledger transfers (the withdrawal at the request, a refund at the decision), the
 * admin's audit row at the decision. The immutability trigger of the ledger is off only for
 * this statement's transaction, as the history's redating does.
 */
export async function backdateWithdrawal(
  db: Kysely<DB>,
  id: number,
  requestedAt: Date,
  decidedAt: Date | null,
) {
  await db.transaction().execute(async (trx) => {
    await sql`update withdrawals set created_at = ${requestedAt}, decided_at = ${decidedAt}
      where id = ${id}`.execute(trx);
    await sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`.execute(trx);
    await sql`update ledger_transfers set created_at = case kind
        when 'withdrawal' then ${requestedAt}::timestamptz
        else coalesce(${decidedAt}::timestamptz, created_at) end
      where withdrawal_id = ${id}`.execute(trx);
    await sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`.execute(trx);
    if (decidedAt) {
      await sql`update admin_audit_log set created_at = ${decidedAt}
        where target_type = 'withdrawal' and target_id = ${id}`.execute(trx);
    }
  });
}
