import { sql, type Kysely } from 'kysely';
import type { DB, WithdrawalStatus } from '#server/db/schema';

export async function insertWithdrawal(
  db: Kysely<DB>,
  values: { user_id: number; amount: number },
): Promise<number> {
  const row = await db
    .insertInto('withdrawals')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function withdrawalColumns(db: Kysely<DB>) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'u.username',
      'u.full_name',
      'u.phone',
      'w.amount',
      'w.status',
      'w.reason',
      'w.decided_by',
      'w.created_at',
      'w.decided_at',
    ]);
}

export type WithdrawalRow = Awaited<ReturnType<typeof selectWithdrawal>> & {};

export function selectWithdrawal(db: Kysely<DB>, id: number) {
  return withdrawalColumns(db).where('w.id', '=', id).executeTakeFirst();
}

/** Oldest first: the admin pays out in the order the requests came (the (status, id) index). */
export function selectWithdrawals(
  db: Kysely<DB>,
  status: WithdrawalStatus | undefined,
  limit: number,
  offset: number,
) {
  let query = withdrawalColumns(db);
  if (status) query = query.where('w.status', '=', status);
  return query.orderBy('w.id').limit(limit).offset(offset).execute();
}

export async function countWithdrawals(
  db: Kysely<DB>,
  status: WithdrawalStatus | undefined,
): Promise<number> {
  let query = db.selectFrom('withdrawals').select(sql<number>`count(*)::int`.as('n'));
  if (status) query = query.where('status', '=', status);
  return (await query.executeTakeFirstOrThrow()).n;
}

/**
 * pending -> paid or rejected; the status condition makes a second decision (two admins, a
 * double click) change nothing. Returns the withdrawal when this call decided it.
 */
export function updateWithdrawalDecided(
  db: Kysely<DB>,
  id: number,
  decision: { status: 'paid' | 'rejected'; reason: string | null; decidedBy: number },
) {
  return db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.decidedBy,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'amount'])
    .executeTakeFirst();
}
