// The server side of the live events benchmark (scripts/bench-live.ts forks it with an IPC
// channel and --expose-gc). It is a process of its own so that its memory is the server's
// alone and the 1,000 clients do not share its event loop. It runs the real app on the real
// database and makes the changes whose events are timed, in its own transactions, stamping
// each one just after its commit. The parent sends one command at a time and waits for the
// answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openDatabase, type Database } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { transfer } from '#server/modules/ledger/ledger.service';
import { lockCustomerOrder, markOrderPaid } from '#server/modules/orders/orders.service';
import { insertCatalogue } from '../tests/helpers/catalogue';

export type LiveCommand =
  | { cmd: 'open'; databaseUrl?: string; dataDir?: string }
  | { cmd: 'setup'; customers: number; staff: number; orders: number; tag: string }
  | { cmd: 'listen'; port: number; jwtSecret: string }
  | { cmd: 'deposit'; userId: number; amount: number }
  | { cmd: 'pay'; customerId: number; orderId: number }
  | { cmd: 'memory' }
  | { cmd: 'stop' };

export interface LiveEvent {
  id: number;
  type: string;
  user_id: number | null;
  restaurant_id: number | null;
}

export interface Setup {
  restaurantId: number;
  customers: number[];
  staff: number[];
  /** Pending orders, one per customer from the first, each already covered by its wallet. */
  orders: { id: number; customerId: number }[];
}

export interface Change {
  /** performance.timeOrigin + performance.now() just after the commit. */
  committedAt: number;
  events: LiveEvent[];
}

export type Memory = NodeJS.MemoryUsage;

const ORDER_TOTAL = 55_000;

let database: Database | null = null;
let app: FastifyInstance | null = null;
let scratch: string | null = null;
let lastEventId = 0;
let keySeq = 0;

const now = () => performance.timeOrigin + performance.now();

function db() {
  if (!database) throw new Error('no database open');
  return database.db;
}

/** The events committed since the previous call, in id order (one change at a time). */
async function newEvents(): Promise<LiveEvent[]> {
  const rows = await db()
    .selectFrom('events')
    .select(['id', 'type', 'user_id', 'restaurant_id'])
    .where('id', '>', lastEventId)
    .orderBy('id')
    .execute();
  lastEventId = rows.at(-1)?.id ?? lastEventId;
  return rows;
}

function deposit(trx: Parameters<typeof transfer>[0], userId: number, amount: number) {
  keySeq += 1;
  return transfer(trx, {
    key: `bench:deposit:${userId}:${process.pid}:${keySeq}:${Date.now()}`,
    from: { platform: 'gateway' },
    to: { wallet: userId },
    amount,
    kind: 'deposit',
  });
}

async function setup(
  customers: number,
  staff: number,
  orders: number,
  tag: string,
): Promise<Setup> {
  const [restaurant] = await insertCatalogue(db(), [
    {
      name: `Phở Bench ${tag}`,
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: ORDER_TOTAL }],
    },
  ]);
  const restaurantId = restaurant!.id;
  // Phones and usernames carry the run's tag, so a long-lived BENCH_DATABASE_URL takes reruns.
  const insertUsers = async (rows: object[]) =>
    (
      await db()
        .insertInto('users')
        .values(rows as never)
        .returning('id')
        .execute()
    ).map((r) => r.id);
  const customerIds = await insertUsers(
    Array.from({ length: customers }, (_, i) => ({
      role: 'customer',
      phone: `09${tag.slice(-4)}${String(i).padStart(4, '0')}`,
    })),
  );
  const staffIds = await insertUsers(
    Array.from({ length: staff }, (_, i) => ({
      role: 'staff',
      username: `bench_staff_${tag}_${i}`,
      password_hash: 'x',
      restaurant_id: restaurantId,
    })),
  );
  const pending: Setup['orders'] = [];
  for (const customerId of customerIds.slice(0, orders)) {
    const order = await db()
      .insertInto('orders')
      .values({
        customer_id: customerId,
        restaurant_id: restaurantId,
        status: 'pending',
        subtotal: ORDER_TOTAL,
        total_amount: ORDER_TOTAL,
        coupon_id: null,
        coupon_code: null,
        delivery_address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
        delivery_phone: '0987654321',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .transaction()
      .execute((trx) => deposit(trx, customerId, ORDER_TOTAL));
    pending.push({ id: order.id, customerId });
  }
  await newEvents();
  return { restaurantId, customers: customerIds, staff: staffIds, orders: pending };
}

async function handle(message: LiveCommand): Promise<unknown> {
  switch (message.cmd) {
    case 'open': {
      database = await openDatabase({
        databaseUrl: message.databaseUrl,
        dataDir: message.dataDir ?? '',
        poolSize: 10,
      });
      await migrateToLatest(database.db);
      const row = await sql<{
        id: number;
      }>`select coalesce(max(id), 0)::int as id from events`.execute(database.db);
      lastEventId = row.rows[0]!.id;
      return { kind: database.kind };
    }
    case 'setup':
      return setup(message.customers, message.staff, message.orders, message.tag);
    case 'listen': {
      scratch = mkdtempSync(path.join(tmpdir(), 'mn-bench-live-'));
      const config = loadConfig(
        {
          APP_ENV: 'test',
          JWT_SECRET: message.jwtSecret,
          DATA_DIR: scratch,
          STATIC_DIR: path.join(scratch, 'no-static'),
          LOG_LEVEL: 'silent',
        },
        () => '',
      );
      app = await buildApp({ config, db: database!, logger: false });
      await app.listen({ port: message.port, host: '127.0.0.1' });
      return { port: (app.server.address() as { port: number }).port };
    }
    case 'deposit': {
      await db()
        .transaction()
        .execute((trx) => deposit(trx, message.userId, message.amount));
      const committedAt = now();
      return { committedAt, events: await newEvents() } satisfies Change;
    }
    case 'pay': {
      // What the wallet pay endpoint does: the money to escrow and pending -> paid, together.
      await db()
        .transaction()
        .execute(async (trx) => {
          const order = await lockCustomerOrder(trx, message.customerId, message.orderId);
          await transfer(trx, {
            key: `order:${order.id}:pay`,
            from: { wallet: message.customerId },
            to: { platform: 'escrow' },
            amount: order.total_amount,
            kind: 'order_payment',
            orderId: order.id,
          });
          if (!(await markOrderPaid(trx, order.id))) throw new Error('the order was not pending');
        });
      const committedAt = now();
      return { committedAt, events: await newEvents() } satisfies Change;
    }
    case 'memory': {
      // Twice: the first pass may only queue finalizers that the second one collects.
      globalThis.gc?.();
      globalThis.gc?.();
      return { ...process.memoryUsage(), gc: typeof globalThis.gc === 'function' };
    }
    case 'stop': {
      // As main.ts shuts down: every open stream is ended, then the database is closed.
      await app?.close();
      await database?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      return {};
    }
  }
}

process.on('message', (message: LiveCommand) => {
  handle(message).then(
    (result) => process.send!({ ok: true, result }),
    (error: unknown) =>
      process.send!({
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
