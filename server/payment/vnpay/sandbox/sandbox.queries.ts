import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export type SandboxTransactionRow = {
  txn_ref: string;
  amount: string;
  order_info: string;
  create_date: string;
  outcome: 'open' | 'final';
  otp_failures: number;
  result: Record<string, string> | null;
};

export function selectTransaction(
  db: Kysely<DB>,
  txnRef: string,
): Promise<SandboxTransactionRow | undefined> {
  return db
    .selectFrom('vnpay_sandbox_transactions')
    .select(['txn_ref', 'amount', 'order_info', 'create_date', 'outcome', 'otp_failures', 'result'])
    .where('txn_ref', '=', txnRef)
    .executeTakeFirst();
}

/**
 * The page was shown for this request. A new TxnRef is remembered as open; an open one shown
 * again for another amount starts over (a new request reusing the reference); an open one for
 * the same amount keeps its OTP count; a final one is never touched.
 */
export async function upsertOpenTransaction(
  db: Kysely<DB>,
  values: { txnRef: string; amount: string; orderInfo: string; createDate: string },
): Promise<void> {
  await db
    .insertInto('vnpay_sandbox_transactions')
    .values({
      txn_ref: values.txnRef,
      amount: values.amount,
      order_info: values.orderInfo,
      create_date: values.createDate,
      outcome: 'open',
    })
    .onConflict((oc) =>
      oc
        .column('txn_ref')
        .doUpdateSet({
          amount: (eb) => eb.ref('excluded.amount'),
          order_info: (eb) => eb.ref('excluded.order_info'),
          create_date: (eb) => eb.ref('excluded.create_date'),
          otp_failures: 0,
          updated_at: sql<Date>`now()`,
        })
        .where('vnpay_sandbox_transactions.outcome', '=', 'open')
        .where('vnpay_sandbox_transactions.amount', '<>', (eb) => eb.ref('excluded.amount')),
    )
    .execute();
}

/** One more wrong OTP for an open transaction; the count after it (null: no longer open). */
export async function incrementOtpFailures(db: Kysely<DB>, txnRef: string): Promise<number | null> {
  const row = await db
    .updateTable('vnpay_sandbox_transactions')
    .set((eb) => ({ otp_failures: eb('otp_failures', '+', 1), updated_at: sql<Date>`now()` }))
    .where('txn_ref', '=', txnRef)
    .where('outcome', '=', 'open')
    .returning('otp_failures')
    .executeTakeFirst();
  return row?.otp_failures ?? null;
}

/** Open -> final with its result, once: false when another submit got there first. */
export async function finalizeTransaction(
  db: Kysely<DB>,
  txnRef: string,
  result: Record<string, string>,
): Promise<boolean> {
  const updated = await db
    .updateTable('vnpay_sandbox_transactions')
    .set({ outcome: 'final', result: JSON.stringify(result), updated_at: sql<Date>`now()` })
    .where('txn_ref', '=', txnRef)
    .where('outcome', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Remembers a querydr RequestId; false when it was seen before. */
export async function insertRequestId(db: Kysely<DB>, requestId: string): Promise<boolean> {
  const rows = await db
    .insertInto('vnpay_sandbox_requests')
    .values({ request_id: requestId })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('request_id')
    .execute();
  return rows.length === 1;
}

/** Transactions untouched and RequestIds older than the given ages; how many rows went. */
export async function deleteOlderThan(
  db: Kysely<DB>,
  ages: { transactionSeconds: number; requestSeconds: number },
): Promise<number> {
  const transactions = await db
    .deleteFrom('vnpay_sandbox_transactions')
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${ages.transactionSeconds})`)
    .executeTakeFirst();
  const requests = await db
    .deleteFrom('vnpay_sandbox_requests')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${ages.requestSeconds})`)
    .executeTakeFirst();
  return Number(transactions.numDeletedRows) + Number(requests.numDeletedRows);
}
