import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Order } from '#contract/orders';
import type { DB } from '#server/db/schema';
import { mulberry32 } from '#server/lib/random';
import { ledgerInvariants, transfer, walletBalance } from '#server/modules/ledger/ledger.service';
import { lockCustomerOrder, markOrderPaid } from '#server/modules/orders/orders.service';
import { formatVnpDate, signParams } from '#server/payment/vnpay/vnpay';
import { call } from './auth';
import type { TestApp } from './test-app';
import { placeOrder } from '../factories/orders';
import type { TestUser } from '../factories/users';

/**
 * Money tests: wallet top-ups, paid orders and VNPay callbacks without the payment API, the
 * dice of the randomized workloads, and the ledger's invariants checked in SQL.
 */

let depositSeq = 0;

/** Money from outside into a wallet, as a settled VNPay top-up would move it. */
export async function deposit(t: TestApp, userId: number, amount: number): Promise<void> {
  depositSeq += 1;
  await t.database.db.transaction().execute((trx) =>
    transfer(trx, {
      key: `test:deposit:${userId}:${depositSeq}:${Date.now()}`,
      from: { platform: 'gateway' },
      to: { wallet: userId },
      amount,
      kind: 'deposit',
    }),
  );
}

export const balanceOf = (t: TestApp, userId: number) => walletBalance(t.database.db, userId);

export async function platformBalance(
  t: TestApp,
  kind: 'escrow' | 'gateway' | 'payouts' | 'commission',
): Promise<number> {
  const row = await t.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Pays a pending order from the customer's wallet the way the pay endpoint does. */
export async function payFromWallet(t: TestApp, customerId: number, orderId: number) {
  await t.database.db.transaction().execute(async (trx) => {
    const order = await lockCustomerOrder(trx, customerId, orderId);
    if (order.total_amount > 0) {
      await transfer(trx, {
        key: `order:${orderId}:pay`,
        from: { wallet: customerId },
        to: { platform: 'escrow' },
        amount: order.total_amount,
        kind: 'order_payment',
        orderId,
      });
    }
    expect(await markOrderPaid(trx, orderId)).toBe(true);
  });
}

/** A paid order of `foodId`: topped up exactly, ordered, paid. */
export async function paidOrder(
  t: TestApp,
  customer: TestUser,
  foodId: number,
  quantity = 1,
): Promise<Order> {
  const order = await placeOrder(t, customer, foodId, quantity);
  await deposit(t, customer.id, order.total_amount);
  await payFromWallet(t, customer.id, order.id);
  return order;
}

export type CallbackOutcome = 'success' | 'insufficient' | 'cancelled';

/**
 * The parameters VNPay puts on the IPN and the return URL for one attempt (vnpay.md), signed
 * with the app's hash secret: what the gateway would send for `outcome`.
 */
export function vnpayCallback(
  t: TestApp,
  txnRef: string,
  amount: number,
  outcome: CallbackOutcome = 'success',
): Record<string, string> {
  return signedVnpayCallback(t.app.config.vnpay, txnRef, amount, outcome);
}

/** vnpayCallback for an app in another process: its terminal code and hash secret given. */
export function signedVnpayCallback(
  vnpay: { tmnCode: string; hashSecret: string },
  txnRef: string,
  amount: number,
  outcome: CallbackOutcome = 'success',
): Record<string, string> {
  const params: Record<string, string> = {
    vnp_Amount: String(amount * 100),
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: `Thanh toan ${txnRef}`,
    vnp_PayDate: formatVnpDate(new Date()),
    vnp_ResponseCode: { success: '00', insufficient: '51', cancelled: '24' }[outcome],
    vnp_TmnCode: vnpay.tmnCode,
    vnp_TransactionNo: outcome === 'cancelled' ? '0' : '14422574',
    vnp_TransactionStatus: outcome === 'success' ? '00' : '02',
    vnp_TxnRef: txnRef,
  };
  if (outcome === 'success') params.vnp_BankTranNo = 'VNP14422574';
  return { ...params, vnp_SecureHash: signParams(params, vnpay.hashSecret) };
}

/** VNPay's server-to-server call of our IPN with `params`; the reply is always HTTP 200. */
export async function sendIpn(
  t: TestApp,
  params: Record<string, string>,
): Promise<{ RspCode: string; Message: string }> {
  const res = await call<{ RspCode: string; Message: string }>(
    t.app,
    'GET',
    `/api/payment/vnpay/ipn/?${new URLSearchParams(params).toString()}`,
    { ip: '113.160.92.202' },
  );
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * The books are whole, checked in SQL: the sum over all accounts zero, every cached balance
 * equal to its transfers, no negative wallet; each of `orderIds` paid, refunded and settled at
 * most once and in line with its status (no order paid without its transfer or the reverse);
 * each payment credited at most once, in full, and only when it succeeded. Returns what it saw,
 * for a caller that also wants the workload to have reached each kind of outcome.
 */
export async function expectMoneyInvariants(db: Kysely<DB>, orderIds: number[]) {
  expect(await ledgerInvariants(db)).toEqual({
    sumOfBalances: 0,
    mismatchedAccounts: [],
    negativeWallets: [],
  });

  const rows = await db
    .selectFrom('orders')
    .leftJoin('ledger_transfers', (join) =>
      join.on(
        'ledger_transfers.business_key',
        'in',
        sql<string>`(
          'order:' || orders.id || ':pay',
          'order:' || orders.id || ':refund',
          'order:' || orders.id || ':settle'
        )`,
      ),
    )
    .select(['orders.id', 'orders.status', 'orders.total_amount'])
    .select((eb) => eb.ref('ledger_transfers.business_key').as('key'))
    .select((eb) => eb.ref('ledger_transfers.amount').as('amount'))
    .where('orders.id', 'in', orderIds.length ? orderIds : [-1])
    .execute();
  const byOrder = new Map<number, { status: string; moves: string[] }>();
  for (const row of rows) {
    const entry = byOrder.get(row.id) ?? { status: row.status, moves: [] };
    if (row.key) {
      expect(row.amount, row.key).toBe(row.total_amount);
      entry.moves.push(row.key.split(':')[2]!);
    }
    byOrder.set(row.id, entry);
  }
  const expectedMoves: Record<string, string[][]> = {
    pending: [[]],
    paid: [['pay']],
    accepted: [['pay']],
    done: [['pay']],
    completed: [['pay', 'settle']],
    // Cancelled before paying, or paid and refunded.
    cancelled: [[], ['pay', 'refund']],
  };
  for (const [id, { status, moves }] of byOrder) {
    expect(expectedMoves[status], `order ${id} (${status}): ${moves.join(', ')}`).toContainEqual(
      [...moves].sort(),
    );
  }

  const payments = await db
    .selectFrom('payments')
    .leftJoin('ledger_transfers', (join) =>
      join.on(
        'ledger_transfers.business_key',
        '=',
        sql<string>`'vnpay:' || payments.txn_ref || ':credit'`,
      ),
    )
    .select(['payments.txn_ref', 'payments.status', 'payments.amount'])
    .select((eb) => eb.fn.count<number>('ledger_transfers.id').as('credits'))
    .select((eb) => eb.fn.sum<number>('ledger_transfers.amount').as('credited'))
    .groupBy(['payments.txn_ref', 'payments.status', 'payments.amount'])
    .execute();
  for (const payment of payments) {
    const credited = payment.status === 'succeeded';
    expect(Number(payment.credits), payment.txn_ref).toBe(credited ? 1 : 0);
    if (credited) expect(Number(payment.credited)).toBe(payment.amount);
  }
  return { orders: byOrder, payments };
}

/**
 * The dice of a randomized workload: mulberry32 from a fixed seed, so a failure replays with
 * the same operations (the low bits of a plain LCG repeat too soon to pick among a few choices).
 */
export function seededDice(seed: number) {
  const next = mulberry32(seed);
  /** An integer in [0, n). */
  const rand = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[rand(items.length)]!;
  return { rand, pick };
}
