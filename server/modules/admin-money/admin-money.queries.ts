import { sql, type Kysely } from 'kysely';
import type { DB, PaymentStatus } from '#server/db/schema';

/**
 * The money overview's figures, read-only. A day range [start, end] is bounded by the local
 * midnights of Asia/Ho_Chi_Minh (as revenue counts its days), so the created_at columns are
 * compared with two moments rather than through a computed day.
 */
const fromMidnight = (start: string) =>
  sql<Date>`(${start}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'`;
const toMidnight = (end: string) =>
  sql<Date>`(${end}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'`;

/** A platform account's balance now (escrow: the money paid for orders not yet settled). */
export async function selectPlatformBalance(
  db: Kysely<DB>,
  kind: 'escrow' | 'commission',
): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', kind)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** Orders paid and not yet completed or cancelled: whose money escrow holds. */
export async function countOpenOrders(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['paid', 'accepted', 'done'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the commission account was credited, in the range and since the start. */
export async function sumCommission(
  db: Kysely<DB>,
  start: string,
  end: string,
): Promise<{ in_range: number; all_time: number }> {
  const row = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
    .where('a.kind', '=', 'commission')
    .where('a.user_id', 'is', null)
    .select([
      sql<number>`coalesce(sum(t.amount) filter (where t.created_at >= ${fromMidnight(start)}
        and t.created_at < ${toMidnight(end)}), 0)`.as('in_range'),
      sql<number>`coalesce(sum(t.amount), 0)`.as('all_time'),
    ])
    .executeTakeFirstOrThrow();
  return { in_range: Number(row.in_range), all_time: Number(row.all_time) };
}

/** VNPay payments created in the range, counted and summed by outcome. */
export function selectPaymentsByStatus(db: Kysely<DB>, start: string, end: string) {
  return db
    .selectFrom('payments')
    .select([
      'status',
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
    ])
    .where('created_at', '>=', fromMidnight(start))
    .where('created_at', '<', toMidnight(end))
    .groupBy('status')
    .execute() as Promise<{ status: PaymentStatus; count: number; amount: number }[]>;
}

/** Withdrawal requests waiting to be paid, whenever made. */
export async function sumPendingWithdrawals(
  db: Kysely<DB>,
): Promise<{ count: number; amount: number }> {
  const row = await db
    .selectFrom('withdrawals')
    .select([
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: Number(row.amount) };
}

/** Every wallet's balance added up: the customers' and owners' money the platform holds. */
export async function sumWallets(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sql<number>`coalesce(sum(balance), 0)`.as('total'))
    .where('kind', '=', 'wallet')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
