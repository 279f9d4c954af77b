import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositReplySchema, PayOrderReplySchema } from '#contract/payments';
import { call, type Reply } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import {
  type CallbackOutcome,
  expectMoneyInvariants,
  seededDice,
  sendIpn,
  vnpayCallback,
} from '../helpers/money';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

/**
 * Bad input, races and faults: a randomized concurrent workload through the real API
 * (deposits confirmed by IPN, repeated IPNs, pays with and without a VNPay shortfall, customer
 * and staff cancels, accept / done / complete, withdrawals) must leave the books whole: the sum
 * over all accounts zero, every cached balance equal to its transfers, no negative wallet, each
 * order paid and refunded at most once and in line with its status, each TxnRef credited at
 * most once and only when it succeeded. The races are real on the PostgreSQL lane (a pool of
 * 10 connections); on PGlite the same calls interleave on one connection.
 */

const DISH_PRICE = 40_000;
/** A fixed seed: a failure replays with the same operations. */
const SEED = 20261125;
const ROUNDS = 5;
const OPERATIONS_PER_ROUND = 45;

/** Every status a call may end with in this workload; anything else (a 500) is a bug. */
const EXPECTED_STATUSES = new Set([200, 201, 409]);

describe('money under a randomized concurrent workload', () => {
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  let dish: number;
  const customers: TestUser[] = [];
  const orders: { id: number; customer: TestUser }[] = [];
  const txnRefs = new Set<string>();
  const unexpected: string[] = [];

  const { rand, pick } = seededDice(SEED);

  /** Notes a reply outside the expected set instead of failing inside Promise.all. */
  const expectStatus = <T>(what: string, reply: Reply<T>): Reply<T> => {
    if (!EXPECTED_STATUSES.has(reply.status)) {
      unexpected.push(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return reply;
  };

  /** VNPay confirms (or not) a payment, sometimes sending the same IPN several times at once. */
  const confirm = async (txnRef: string, amount: number) => {
    const outcome: CallbackOutcome =
      rand(4) === 0 ? pick(['insufficient', 'cancelled']) : 'success';
    const params = vnpayCallback(t, txnRef, amount, outcome);
    const copies = 1 + rand(3);
    const replies = await Promise.all(Array.from({ length: copies }, () => sendIpn(t, params)));
    // The first to land records it (00); a copy that lost the race finds it confirmed (02).
    for (const reply of replies) {
      if (reply.RspCode !== '00' && reply.RspCode !== '02') {
        unexpected.push(`IPN ${txnRef}: ${JSON.stringify(reply)}`);
      }
    }
    expect(replies.filter((r) => r.RspCode === '00').length).toBeLessThanOrEqual(1);
  };

  const depositThroughVnpay = async (user: TestUser) => {
    const amount = 5_000 * (1 + rand(30));
    const res = expectStatus(
      'deposit',
      await call(t.app, 'POST', '/api/payment/deposit/create/', {
        token: user.token,
        body: { amount },
      }),
    );
    if (res.status !== 200) return;
    const { txn_ref } = DepositReplySchema.parse(res.body).data;
    txnRefs.add(txn_ref);
    await confirm(txn_ref, amount);
  };

  const pay = async (order: { id: number; customer: TestUser }) => {
    const res = expectStatus(
      `pay ${order.id}`,
      await call(t.app, 'POST', '/api/payment/order/pay/', {
        token: order.customer.token,
        body: { order_id: order.id },
      }),
    );
    if (res.status !== 200) return;
    const result = PayOrderReplySchema.parse(res.body).data;
    if (result.status === 'pending' && result.txn_ref) {
      txnRefs.add(result.txn_ref);
      // Some customers close the VNPay window without paying: no IPN at all.
      if (rand(5) !== 0) await confirm(result.txn_ref, result.amount_vnpay);
    }
  };

  const customerCancel = async (order: { id: number; customer: TestUser }) => {
    expectStatus(
      `customer cancel ${order.id}`,
      await call(t.app, 'PUT', `/api/customer/orders/${order.id}/cancel/`, {
        token: order.customer.token,
        body: { reason: 'Khách yêu cầu hủy' },
      }),
    );
  };

  const staffCall = async (id: number, action: 'accept' | 'done' | 'complete' | 'cancel') => {
    expectStatus(
      `staff ${action} ${id}`,
      await call(t.app, 'PUT', `/api/staff/orders/${id}/${action}/`, {
        token: pick([owner, staff]).token,
        ...(action === 'cancel' ? { body: { reason: 'Hết nguyên liệu' } } : {}),
      }),
    );
  };

  /**
   * The kitchen at work: usually the order is taken a few steps on (each step refused with 409
   * when the order is not there yet or has been cancelled meanwhile), sometimes cancelled.
   */
  const staffAction = async (order: { id: number }) => {
    if (rand(10) === 0) return staffCall(order.id, 'cancel');
    const steps = (['accept', 'done', 'complete'] as const).slice(0, 1 + rand(3));
    for (const step of steps) await staffCall(order.id, step);
  };

  const withdraw = async () => {
    expectStatus(
      'withdraw',
      await call(t.app, 'POST', '/api/staff/payment/withdraw/', {
        token: owner.token,
        body: { amount: 10_000 * (1 + rand(10)) },
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Bún Chả Hương Liên',
        lat: 21.0181,
        lon: 105.8538,
        dishes: [{ name: 'Bún chả', price: DISH_PRICE }],
      },
    ]);
    dish = restaurant!.dishes['Bún chả']!;
    owner = await ownerOf(t, restaurant!.id);
    staff = await newUser(t, 'staff', { restaurant_id: restaurant!.id });
    for (let i = 0; i < 6; i += 1) customers.push(await newUser(t, 'customer'));
  });
  afterAll(() => t.close());

  it('keeps every money invariant through rounds of concurrent API calls', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Carts are one per customer, so new orders are placed one after another; everything
      // that moves money then runs at once.
      for (let i = 0; i < 6; i += 1) {
        const customer = pick(customers);
        orders.push({ id: (await placeOrder(t, customer, dish, 1 + rand(3))).id, customer });
      }
      const operations: Promise<void>[] = [];
      for (let i = 0; i < OPERATIONS_PER_ROUND; i += 1) {
        const choice = rand(20);
        if (choice < 4) operations.push(depositThroughVnpay(pick(customers)));
        else if (choice < 10) operations.push(pay(pick(orders)));
        else if (choice < 11) operations.push(customerCancel(pick(orders)));
        else if (choice < 19) operations.push(staffAction(pick(orders)));
        else operations.push(withdraw());
      }
      await Promise.all(operations);
    }
    expect(unexpected).toEqual([]);

    const { orders: byOrder, payments } = await expectMoneyInvariants(
      t.database.db,
      orders.map((o) => o.id),
    );
    // A payment row for every TxnRef the workload was given, and for no other.
    expect(new Set(payments.map((p) => p.txn_ref))).toEqual(txnRefs);

    // The workload reached every kind of outcome, so the checks above had something to check.
    const statuses = [...byOrder.values()].map((o) => o.status);
    for (const status of ['paid', 'completed', 'cancelled'] as const) {
      expect(statuses, `${status} among ${statuses.join(' ')}`).toContain(status);
    }
    expect([...byOrder.values()].some((o) => o.moves.includes('refund'))).toBe(true);
    expect(payments.some((p) => p.status === 'succeeded')).toBe(true);
    expect(payments.some((p) => p.status === 'failed')).toBe(true);
    const withdrawals = await t.database.db.selectFrom('withdrawals').select('id').execute();
    expect(withdrawals.length).toBeGreaterThan(0);
  });

  it('ran on real connections on the PostgreSQL lane', () => {
    expect(t.database.kind).toBe(testLane());
  });
});
