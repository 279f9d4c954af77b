import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayOrderReplySchema } from '#contract/payments';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit } from '../helpers/money';
import { placeOrder } from '../factories/orders';
import { newUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

/**
 * Two money transactions that take the same ledger accounts in opposite orders deadlock, and
 * PostgreSQL aborts one of them (40P01). A refund takes escrow then the customer's wallet; a
 * gateway settlement for another order of the same customer takes the wallet then escrow.
 * The aborted one must run again, not answer 500. Only PostgreSQL has concurrent sessions.
 */
describe.skipIf(testLane() !== 'postgres')('a money transaction aborted by a deadlock', () => {
  let t: TestApp;
  let customer: TestUser;
  let dish: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Cơm Tấm Cali',
        lat: 10.77,
        lon: 106.7,
        dishes: [{ name: 'Cơm tấm', price: 45_000 }],
      },
    ]);
    dish = restaurant!.dishes['Cơm tấm']!;
    customer = await newUser(t, 'customer');
    await deposit(t, customer.id, 500_000);
  });
  afterAll(() => t.close());

  it('runs again and answers: a paid order cancelled while its accounts deadlock is refunded once', async () => {
    const order = await placeOrder(t, customer, dish);
    const paid = await call(t.app, 'POST', '/api/payment/order/pay/', {
      token: customer.token,
      body: { order_id: order.id },
    });
    expect(PayOrderReplySchema.parse(paid.body).data.status).toBe('paid');
    const account = (where: { kind: 'wallet' | 'escrow'; userId?: number }) =>
      t.database.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('kind', '=', where.kind)
        .$if(where.userId !== undefined, (q) => q.where('user_id', '=', where.userId!))
        .executeTakeFirstOrThrow();
    const wallet = await account({ kind: 'wallet', userId: customer.id });
    const escrow = await account({ kind: 'escrow' });
    // The refund locks escrow before the wallet (ascending ids): the deadlock needs that.
    expect(escrow.id).toBeLessThan(wallet.id);

    let cancel!: Promise<Awaited<ReturnType<typeof call>>>;
    // The other side, as a settlement takes them: the wallet, then escrow.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where id = ${wallet.id} for update`.execute(trx);
      cancel = call(t.app, 'PUT', `/api/customer/orders/${order.id}/cancel/`, {
        token: customer.token,
        body: { reason: 'Đặt nhầm món' },
      });
      // Until the cancel holds escrow and waits for the wallet.
      for (let waited = 0; ; waited += 20) {
        const waiting = await sql<{ count: string }>`
          select count(*) as count from pg_locks where not granted`.execute(t.database.db);
        if (Number(waiting.rows[0]!.count) > 0) break;
        if (waited > 5_000) throw new Error('the cancel never waited for the wallet');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // PostgreSQL finds the cycle after deadlock_timeout (1 s) in the backend that has waited
      // that long, the cancel's, and aborts it; this transaction then gets escrow.
      await sql`select id from ledger_accounts where id = ${escrow.id} for update`.execute(trx);
    });

    const cancelled = await cancel;
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ success: true, message: 'Đã hủy đơn' });
    const refunds = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['amount'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ amount: order.total_amount }]);
  }, 30_000);
});
