import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, LedgerTransfersTable } from '#server/db/schema';

export type PlatformKind = 'escrow' | 'gateway' | 'payouts' | 'commission';

/**
 * The wallet account of a user, created on first use. ON CONFLICT DO NOTHING: two first
 * movements of the same user at once both end up with the one row.
 */
export async function ensureWalletAccount(db: Kysely<DB>, userId: number): Promise<number> {
  await db
    .insertInto('ledger_accounts')
    .values({ kind: 'wallet', user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The platform accounts are created by the migration: one row of each kind. */
export async function selectPlatformAccountId(db: Kysely<DB>, kind: PlatformKind) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The transfer row, or nothing when its business key already exists (false). */
export async function insertTransfer(
  db: Kysely<DB>,
  values: Insertable<LedgerTransfersTable>,
): Promise<boolean> {
  const row = await db
    .insertInto('ledger_transfers')
    .values(values)
    .onConflict((oc) => oc.column('business_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes `amount` out of an account. With `mustCover` (wallets) the condition is in this
 * statement itself, so two concurrent debits can never both pass a check made earlier.
 * False when nothing was updated: the balance does not cover it.
 */
export async function debitAccount(
  db: Kysely<DB>,
  id: number,
  amount: number,
  mustCover: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', id);
  if (mustCover) query = query.where('balance', '>=', amount);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function creditAccount(db: Kysely<DB>, id: number, amount: number): Promise<void> {
  await db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', id)
    .execute();
}

export async function selectWalletBalance(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** Sum of every cached balance: zero when every transfer was written on both sides. */
export async function selectSumOfBalances(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sql<number>`coalesce(sum(balance), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Accounts whose cached balance differs from the sum of their transfers (the first `limit`). */
export function selectMismatchedAccounts(db: Kysely<DB>, limit?: number) {
  const query = db
    .selectFrom('ledger_accounts as a')
    .select(['a.id', 'a.kind', 'a.user_id', 'a.balance'])
    .select((eb) =>
      sql<number>`coalesce((select sum(t.amount) from ledger_transfers t
        where t.credit_account_id = ${eb.ref('a.id')}), 0)
        - coalesce((select sum(t.amount) from ledger_transfers t
        where t.debit_account_id = ${eb.ref('a.id')}), 0)`.as('computed'),
    )
    .where(
      (eb) =>
        sql<boolean>`${eb.ref('a.balance')} <> coalesce((select sum(t.amount) from ledger_transfers t
        where t.credit_account_id = ${eb.ref('a.id')}), 0)
        - coalesce((select sum(t.amount) from ledger_transfers t
        where t.debit_account_id = ${eb.ref('a.id')}), 0)`,
    )
    .orderBy('a.id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** Wallets below zero (the first `limit`). */
export function selectNegativeWallets(db: Kysely<DB>, limit?: number) {
  const query = db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'balance'])
    .where('kind', '=', 'wallet')
    .where('balance', '<', 0)
    .orderBy('id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** Row locks on these accounts, taken in ascending id order (ORDER BY runs before locking). */
export async function lockAccountRows(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
