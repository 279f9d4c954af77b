import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants, transfer } from '#server/modules/ledger/ledger.service';
import { insertCatalogue } from '../helpers/catalogue';
import {
  processDatabase,
  processToken,
  startServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../helpers/server-process';
import { DELIVERY } from '../factories/orders';

// kill -9 of the real server between the commit of an idempotent call's work and its reply,
// then a restart on the same data and a retry with the same key: the original reply comes
// back, and the work was done once. Each crash is a new process, so the three routes the
// outage hurt most (cart, checkout, payment) are crashed in turn on one data directory.

const ADD = 'POST /api/customer/cart/add/';
const ORDER = 'POST /api/customer/orders/';
const PAY = 'POST /api/payment/order/pay/';

let dataDir: string;
let database: ProcessDatabase;
let customerId: number;
let token: string;
let pho: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mn-crash-'));
  database = await processDatabase(dataDir);
  const { db, close } = await database.open();
  const [restaurant] = await insertCatalogue(db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: 50000 }],
    },
  ]);
  pho = restaurant!.dishes['Phở bò']!;
  const customer = await db
    .insertInto('users')
    .values({ role: 'customer', phone: '0971234567' })
    .returning('id')
    .executeTakeFirstOrThrow();
  customerId = customer.id;
  await db.transaction().execute((trx) =>
    transfer(trx, {
      key: 'test:crash:deposit',
      from: { platform: 'gateway' },
      to: { wallet: customerId },
      amount: 300_000,
      kind: 'deposit',
    }),
  );
  await close();
  token = await processToken({ id: customerId, role: 'customer' });
}, 120_000);

afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  text: string;
  replayed: boolean;
}

async function send(server: ServerProcess, route: string, key: string, body?: unknown) {
  const [method, url] = route.split(' ') as [string, string];
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    text: await res.text(),
    replayed: res.headers.get('idempotent-replayed') === 'true',
  } satisfies Answer;
}

async function read<T>(server: ServerProcess, url: string): Promise<T> {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The call never gets a reply: the process is killed right after the work committed. */
async function crashes(server: ServerProcess, route: string, key: string, body?: unknown) {
  await expect(send(server, route, key, body)).rejects.toThrow();
  const exit = await server.exited;
  expect(exit.signal).toBe('SIGKILL');
}

describe('an idempotent call killed between its commit and its reply', () => {
  it('is answered with its original reply after a restart, and done once', async () => {
    const boot = (crashAfter?: string) =>
      startServer(dataDir, {
        databaseUrl: database.databaseUrl,
        env: crashAfter ? { TEST_CRASH_AFTER_COMMIT: crashAfter } : {},
      });

    // A cart add: two bowls.
    let server = await boot(ADD);
    const addBody = { food_id: pho, quantity: 2 };
    await crashes(server, ADD, 'crash-add', addBody);

    server = await boot(ORDER);
    const added = await send(server, ADD, 'crash-add', addBody);
    expect(added).toMatchObject({ status: 200, replayed: true });
    expect(JSON.parse(added.text)).toMatchObject({
      success: true,
      message: 'Đã thêm vào giỏ hàng',
      data: { item_count: 2, subtotal: 100_000 },
    });
    const cart = await read<{ item_count: number }>(server, '/api/customer/cart/');
    expect(cart.item_count).toBe(2);

    // The checkout of that cart.
    await crashes(server, ORDER, 'crash-order', DELIVERY);

    server = await boot(PAY);
    const ordered = await send(server, ORDER, 'crash-order', DELIVERY);
    expect(ordered).toMatchObject({ status: 201, replayed: true });
    const order = JSON.parse(ordered.text) as { message: string; data: { id: number } };
    expect(order).toMatchObject({
      message: 'Đã tạo đơn hàng',
      data: { order: { status: 'pending', total_amount: 100_000 } },
    });
    const orders = await read<{ items: { id: number }[] }>(server, '/api/customer/orders/');
    expect(orders.items.map((o) => o.id)).toEqual([order.data.id]);
    expect((await read<{ item_count: number }>(server, '/api/customer/cart/')).item_count).toBe(0);

    // Its payment from the wallet.
    const payBody = { order_id: order.data.id };
    await crashes(server, PAY, 'crash-pay', payBody);

    server = await boot();
    const paid = await send(server, PAY, 'crash-pay', payBody);
    expect(paid).toMatchObject({ status: 200, replayed: true });
    expect(JSON.parse(paid.text)).toEqual({
      success: true,
      message: 'Thanh toán thành công',
      data: { status: 'paid', order_id: order.data.id, amount_vnpay: 0, balance: 200_000 },
    });
    expect(await read<{ balance: number }>(server, '/api/payment/wallet/balance/')).toEqual({
      balance: 200_000,
    });
    server.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const { db, close } = await database.open();
    try {
      const payments = await db
        .selectFrom('ledger_transfers')
        .select('amount')
        .where('kind', '=', 'order_payment')
        .execute();
      expect(payments).toEqual([{ amount: 100_000 }]);
      expect(await ledgerInvariants(db)).toEqual({
        sumOfBalances: 0,
        mismatchedAccounts: [],
        negativeWallets: [],
      });
    } finally {
      await close();
    }
  }, 240_000);
});
