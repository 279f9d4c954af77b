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

/**
 * A request as the console shows it: the requester, the restaurant they own (an owner owns at
 * most one) or else work for, their wallet balance now (the cached ledger balance), and the
 * bank reference once paid.
 */
function withdrawalColumns(db: Kysely<DB>) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('restaurants as owned', 'owned.owner_id', 'w.user_id')
    .leftJoin('restaurants as workplace', 'workplace.id', 'u.restaurant_id')
    .leftJoin('ledger_accounts as wallet', 'wallet.user_id', 'w.user_id')
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
      'w.bank_reference',
      sql<number | null>`coalesce(owned.id, workplace.id)`.as('restaurant_id'),
      sql<string | null>`coalesce(owned.name, workplace.name)`.as('restaurant_name'),
      sql<number>`coalesce(wallet.balance, 0)`.as('wallet_balance'),
    ]);
}

export type WithdrawalRow = Awaited<ReturnType<typeof selectWithdrawal>> & {};

export function selectWithdrawal(db: Kysely<DB>, id: number) {
  return withdrawalColumns(db).where('w.id', '=', id).executeTakeFirst();
}

export interface WithdrawalFilter {
  status?: WithdrawalStatus | undefined;
  /** Inclusive days 'YYYY-MM-DD' in Asia/Ho_Chi_Minh, on the request's created_at. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The local midnights bound created_at, so the filter is a range on the stored instant. */
function filtered<Q extends ReturnType<typeof withdrawalColumns>>(
  query: Q,
  filter: WithdrawalFilter,
): Q {
  let q = query;
  if (filter.status) q = q.where('w.status', '=', filter.status) as Q;
  if (filter.from) {
    q = q.where(
      'w.created_at',
      '>=',
      sql<Date>`(${filter.from}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'`,
    ) as Q;
  }
  if (filter.to) {
    q = q.where(
      'w.created_at',
      '<',
      sql<Date>`(${filter.to}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'`,
    ) as Q;
  }
  return q;
}

/**
 * The console's order: pending oldest first (the admin pays out in the order the requests
 * came), paid and rejected newest decision first, all of them newest request first.
 */
export function selectWithdrawals(
  db: Kysely<DB>,
  filter: WithdrawalFilter,
  limit: number,
  offset: number,
) {
  const query = filtered(withdrawalColumns(db), filter);
  const ordered =
    filter.status === 'pending'
      ? query.orderBy('w.id')
      : filter.status
        ? query.orderBy('w.decided_at', 'desc').orderBy('w.id', 'desc')
        : query.orderBy('w.id', 'desc');
  return ordered.limit(limit).offset(offset).execute();
}

export async function countWithdrawals(db: Kysely<DB>, filter: WithdrawalFilter): Promise<number> {
  const row = await db
    .selectFrom(filtered(withdrawalColumns(db), filter).as('matches'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The export: every request made in the range (and of the status), oldest first. */
export function selectWithdrawalsForExport(db: Kysely<DB>, filter: WithdrawalFilter) {
  return filtered(withdrawalColumns(db), filter).orderBy('w.id').execute();
}

/**
 * pending -> paid or rejected; the status condition makes a second decision (two admins, a
 * double click) change nothing. Returns the withdrawal when this call decided it.
 */
export function updateWithdrawalDecided(
  db: Kysely<DB>,
  id: number,
  decision: {
    status: 'paid' | 'rejected';
    reason: string | null;
    bankReference: string | null;
    decidedBy: number;
  },
) {
  return db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      reason: decision.reason,
      bank_reference: decision.bankReference,
      decided_by: decision.decidedBy,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'amount', 'status', 'bank_reference', 'reason'])
    .executeTakeFirst();
}
