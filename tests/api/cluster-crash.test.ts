import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { findNginx, startCluster, type Cluster } from '../../scripts/cluster';
import { insertCatalogue } from '../helpers/catalogue';
import {
  expectMoneyInvariants,
  seededDice,
  signedVnpayCallback,
  type CallbackOutcome,
} from '../helpers/money';
import { httpCall, processToken, type HttpReply } from '../helpers/server-process';
import { DELIVERY } from '../factories/orders';
import { createPostgresDatabase, openPostgresDatabase, testLane } from '../helpers/test-db';

/**
 * `kill -9` of one of two instances behind nginx while the randomized money workload runs
 * through it, at three different moments of a round: the other instance keeps answering, the
 * killed one is started again, and after each round the ledger invariants hold in SQL. A
 * request nginx had already handed to the killed instance is answered 503 by nginx (a POST is
 * never replayed on the other instance: it may have committed); one that had not reached it
 * goes to the other instance.
 */

const HASH_SECRET = 'cluster-crash-test-hash-secret';
const TMN_CODE = 'MONNGON1';
const DISH_PRICE = 40_000;
const SEED = 20261127;
const OPERATIONS_PER_ROUND = 40;
/** When, after a round's operations start, one instance is killed: early, mid, late. */
const KILL_AFTER_MS = [40, 400, 1_200];

/** What nginx answers when the instance a request had reached died under it. */
const NGINX_UNAVAILABLE = {
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: 'Máy chủ đang tạm gián đoạn. Vui lòng thử lại sau ít phút.',
};

const required = process.env.CI === '1' || process.env.CI === 'true';
const nginx = findNginx();
if (required && testLane() === 'postgres' && !nginx) {
  throw new Error('nginx is required for the cluster tests here (CI=1): apt-get install -y nginx');
}

interface User {
  id: number;
  token: string;
}

describe.skipIf(testLane() !== 'postgres' || !nginx)('kill -9 of an instance behind nginx', () => {
  let cluster: Cluster;
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let dish: number;
  let owner: User;
  const customers: User[] = [];
  const orders: { id: number; customer: User }[] = [];
  const log: { what: string; at: number; reply: HttpReply }[] = [];
  const failures: string[] = [];

  const { rand, pick } = seededDice(SEED);

  /** One call through nginx, logged; a socket error (nginx itself gone) is a failure. */
  const api = async (
    what: string,
    method: string,
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<HttpReply | null> => {
    try {
      const reply = await httpCall(cluster.url, method, url, options);
      log.push({ what, at: Date.now(), reply });
      return reply;
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
      return null;
    }
  };

  const confirm = async (txnRef: string, amount: number) => {
    const outcome: CallbackOutcome =
      rand(4) === 0 ? pick(['insufficient', 'cancelled']) : 'success';
    const params = signedVnpayCallback(
      { tmnCode: TMN_CODE, hashSecret: HASH_SECRET },
      txnRef,
      amount,
      outcome,
    );
    const copies = 1 + rand(3);
    await Promise.all(
      Array.from({ length: copies }, () =>
        api('ipn', 'GET', `/api/payment/vnpay/ipn/?${new URLSearchParams(params).toString()}`),
      ),
    );
  };

  const deposit = async (user: User) => {
    const amount = 5_000 * (1 + rand(30));
    const res = await api('deposit', 'POST', '/api/payment/deposit/create/', {
      token: user.token,
      body: { amount },
    });
    if (res?.status !== 200) return;
    const { txn_ref } = (res.body as { data: { txn_ref: string } }).data;
    await confirm(txn_ref, amount);
  };

  const pay = async (order: { id: number; customer: User }) => {
    const res = await api(`pay ${order.id}`, 'POST', '/api/payment/order/pay/', {
      token: order.customer.token,
      body: { order_id: order.id },
    });
    if (res?.status !== 200) return;
    const result = (
      res.body as { data: { status: string; txn_ref?: string; amount_vnpay: number } }
    ).data;
    if (result.status === 'pending' && result.txn_ref && rand(5) !== 0) {
      await confirm(result.txn_ref, result.amount_vnpay);
    }
  };

  const staffAction = async (order: { id: number }) => {
    if (rand(10) === 0) {
      await api(`staff cancel ${order.id}`, 'PUT', `/api/staff/orders/${order.id}/cancel/`, {
        token: owner.token,
        body: { reason: 'Hết nguyên liệu' },
      });
      return;
    }
    for (const step of (['accept', 'done', 'complete'] as const).slice(0, 1 + rand(3))) {
      await api(`staff ${step} ${order.id}`, 'PUT', `/api/staff/orders/${order.id}/${step}/`, {
        token: owner.token,
      });
    }
  };

  const customerCancel = async (order: { id: number; customer: User }) => {
    await api(`cancel ${order.id}`, 'PUT', `/api/customer/orders/${order.id}/cancel/`, {
      token: order.customer.token,
      body: { reason: 'Khách yêu cầu hủy' },
    });
  };

  const withdraw = async () => {
    await api('withdraw', 'POST', '/api/staff/payment/withdraw/', {
      token: owner.token,
      body: { amount: 10_000 * (1 + rand(10)) },
    });
  };

  /** A pending order through the cart and order API; none if a step lands on the crash. */
  const placeOrder = async (customer: User) => {
    const added = await api('cart add', 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: { food_id: dish, quantity: 1 + rand(3), topping_ids: [] },
    });
    if (added?.status !== 200) return;
    const res = await api('order', 'POST', '/api/customer/orders/', {
      token: customer.token,
      body: DELIVERY,
    });
    if (res?.status === 201) {
      orders.push({
        id: (res.body as { data: { order: { id: number } } }).data.order.id,
        customer,
      });
    }
  };

  beforeAll(async () => {
    const template = inject('databaseTemplate');
    const created = await createPostgresDatabase(
      template?.lane === 'postgres' ? template.name : undefined,
    );
    dropDatabase = created.drop;
    cluster = await startCluster({
      port: 0,
      databaseUrl: created.url,
      // The API alone: this lane runs before the build, and no page is asked for.
      staticDir: path.join(tmpdir(), `${created.name}-no-build`),
      output: 'quiet',
      env: {
        APP_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '5',
        VNPAY_HASH_SECRET: HASH_SECRET,
        VNPAY_TMN_CODE: TMN_CODE,
      },
    });
    database = openPostgresDatabase(created.url, 2);
    const [restaurant] = await insertCatalogue(database.db, [
      {
        name: 'Bún Chả Hương Liên',
        lat: 21.0181,
        lon: 105.8538,
        dishes: [{ name: 'Bún chả', price: DISH_PRICE }],
      },
    ]);
    dish = restaurant!.dishes['Bún chả']!;
    const { owner_id } = await database.db
      .selectFrom('restaurants')
      .select('owner_id')
      .where('id', '=', restaurant!.id)
      .executeTakeFirstOrThrow();
    owner = {
      id: owner_id,
      token: await processToken({ id: owner_id, role: 'owner' }, cluster.jwtSecret),
    };
    for (let i = 0; i < 6; i += 1) {
      const row = await database.db
        .insertInto('users')
        .values({ role: 'customer', phone: `0933${String(i).padStart(6, '0')}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      customers.push({
        id: row.id,
        token: await processToken({ id: row.id, role: 'customer' }, cluster.jwtSecret),
      });
    }
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.close();
    await dropDatabase?.();
  });

  it.each(KILL_AFTER_MS.map((ms, round) => [ms, round] as const))(
    'keeps the books whole with an instance killed %i ms into a round',
    async (killAfterMs, round) => {
      const victim = cluster.instances[round % cluster.instances.length]!;
      const survivor = cluster.instances.find((instance) => instance !== victim)!;
      const logged = log.length;
      for (let i = 0; i < 6; i += 1) await placeOrder(pick(customers));

      const operations: Promise<void>[] = [];
      for (let i = 0; i < OPERATIONS_PER_ROUND; i += 1) {
        const choice = rand(20);
        if (choice < 4) operations.push(deposit(pick(customers)));
        else if (choice < 10 && orders.length) operations.push(pay(pick(orders)));
        else if (choice < 11 && orders.length) operations.push(customerCancel(pick(orders)));
        else if (choice < 19 && orders.length) operations.push(staffAction(pick(orders)));
        else operations.push(withdraw());
      }
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      await victim.kill('SIGKILL');
      const killedAt = Date.now();
      // More work while it is down, all of it landing on the survivor: three customers, each
      // once (one customer's two orders at once would race for one cart).
      const first = rand(customers.length);
      for (let i = 0; i < 3; i += 1) {
        operations.push(placeOrder(customers[(first + i) % customers.length]!));
      }
      await Promise.all(operations);

      expect(victim.alive).toBe(false);
      expect(survivor.alive, survivor.output()).toBe(true);
      const after = log.filter(({ at }) => at > killedAt);
      expect(after.filter(({ reply }) => reply.status < 300).length).toBeGreaterThan(0);

      await victim.start();
      expect(victim.alive).toBe(true);
      const health = await httpCall(victim.base, 'GET', '/api/health');
      expect(health.status).toBe(200);

      expect(failures).toEqual([]);
      const unexpected = log
        .slice(logged)
        .filter(({ reply }) => {
          if (!reply.json) return true;
          if (reply.status === 503) return !isDeepStrictEqual(reply.body, NGINX_UNAVAILABLE);
          return ![200, 201, 409].includes(reply.status);
        })
        .map(({ what, reply }) => `${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
      expect(unexpected).toEqual([]);
      await expectMoneyInvariants(
        database.db,
        orders.map((o) => o.id),
      );
    },
    120_000,
  );

  it('reached every kind of outcome across the rounds', async () => {
    const { orders: byOrder, payments } = await expectMoneyInvariants(
      database.db,
      orders.map((o) => o.id),
    );
    const statuses = [...byOrder.values()].map((o) => o.status);
    for (const status of ['paid', 'completed', 'cancelled']) expect(statuses).toContain(status);
    expect(payments.some((p) => p.status === 'succeeded')).toBe(true);
    // VNPay's calls went through nginx too, and were answered.
    expect(
      log.filter(({ what, reply }) => what === 'ipn' && reply.status === 200).length,
    ).toBeGreaterThan(0);
  });
});
