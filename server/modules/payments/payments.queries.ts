import { sql, type Kysely } from 'kysely';
import type { DB, PaymentPurpose, PaymentStatus } from '#server/db/schema';

export interface NewPayment {
  txn_ref: string;
  user_id: number;
  purpose: PaymentPurpose;
  order_id: number | null;
  amount: number;
  /** The vnp_CreateDate of the link: querydr must name the same moment. */
  created_at: Date;
}

export async function insertPayment(db: Kysely<DB>, payment: NewPayment): Promise<number> {
  const row = await db
    .insertInto('payments')
    .values(payment)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const PAYMENT_COLUMNS = [
  'id',
  'txn_ref',
  'user_id',
  'purpose',
  'order_id',
  'amount',
  'status',
  'created_at',
] as const;

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof selectPaymentByTxnRef>>>;

export function selectPaymentByTxnRef(db: Kysely<DB>, txnRef: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('txn_ref', '=', txnRef)
    .executeTakeFirst();
}

/** Oldest first, so a backlog is worked off in the order the customers paid. */
export function selectPendingPaymentsBefore(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface PaymentSettlement {
  status: Exclude<PaymentStatus, 'pending'>;
  response_code: string | null;
  transaction_status: string | null;
  transaction_no: string | null;
  bank_code: string | null;
  pay_date: string | null;
  settled_at: Date;
}

/**
 * pending -> succeeded/failed, once: the status condition makes every later IPN, retry or
 * reconciliation of the same payment a no-op (false).
 */
export async function updatePaymentSettled(
  db: Kysely<DB>,
  id: number,
  settlement: PaymentSettlement,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(settlement)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// Savepoints let a transaction try a wallet debit and carry on when the ledger refuses it:
// on PostgreSQL a refused statement would otherwise leave the whole transaction unusable.
// Kysely offers them only on controlled transactions, hence plain SQL here.

export async function createSavepoint(trx: Kysely<DB>, name: string): Promise<void> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
}

export async function rollbackToSavepoint(trx: Kysely<DB>, name: string): Promise<void> {
  await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
}

export async function releaseSavepoint(trx: Kysely<DB>, name: string): Promise<void> {
  await sql`release savepoint ${sql.id(name)}`.execute(trx);
}
