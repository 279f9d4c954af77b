import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/modules/auth/tokens';
import {
  pruneEvents,
  recordWalletBalance,
  startEventPruning,
} from '#server/modules/events/events.service';
import { call, signInCustomer } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, payFromWallet, sendIpn, vnpayCallback } from '../helpers/money';
import { SentIds } from '#server/modules/events/events.stream';
import type { EventRow } from '#server/modules/events/events.service';
import { listenOnFreePort, openSse, type SseMessage, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

const EVENT_TIMINGS = { heartbeatMs: 150, reconnectMinMs: 50, reconnectMaxMs: 200 };

let t: TestApp;
let base: string;
let a: { id: number; dish: number; staff: TestUser; owner: TestUser };
let b: { id: number; staff: TestUser };
let customer: TestUser;
let otherCustomer: TestUser;
const streams: SseStream[] = [];

async function stream(token: string, options: { lastEventId?: string; query?: string } = {}) {
  const opened = await openSse(base, { token, ...options });
  streams.push(opened);
  return opened;
}

const ofType = (type: string) => (m: SseMessage) => m.event === type;

beforeAll(async () => {
  t = await createTestApp({ events: EVENT_TIMINGS });
  base = await listenOnFreePort(t.app);
  const [ra, rb] = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: 55_000 }],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25_000 }],
    },
  ]);
  a = {
    id: ra!.id,
    dish: ra!.dishes['Phở bò']!,
    staff: await newUser(t, 'staff', { restaurant_id: ra!.id }),
    owner: await ownerOf(t, ra!.id),
  };
  b = { id: rb!.id, staff: await newUser(t, 'staff', { restaurant_id: rb!.id }) };
  customer = await newUser(t, 'customer');
  otherCustomer = await newUser(t, 'customer');
});

afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

describe('GET /api/events/', () => {
  it('answers 401 without a token, with an expired one and with a refresh token', async () => {
    const none = await openSse(base);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    const expired = await signAccessToken(
      t.app.keys.jwt,
      { id: customer.id, role: 'customer' },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    expect((await openSse(base, { token: expired })).status).toBe(401);

    const signed = await signInCustomer(t.app, '0912345678', '198.51.100.77');
    expect((await openSse(base, { token: signed.tokens.refresh_token })).status).toBe(401);
  });

  it('opens a text/event-stream and sends a comment heartbeat', async () => {
    const s = await stream(customer.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.comments).toContain('ping');
    s.close();
  });

  it('tells the customer and both staff of the restaurant about a paid and an accepted order, and nobody else', async () => {
    const mine = await stream(customer.token);
    const staff = await stream(a.staff.token);
    const owner = await stream(a.owner.token);
    const otherStaff = await stream(b.staff.token);
    const other = await stream(otherCustomer.token);

    const order = await placeOrder(t, customer, a.dish);
    await deposit(t, customer.id, order.total_amount);
    expect((await mine.next(ofType('wallet.updated'))).data).toEqual({
      balance: order.total_amount,
    });
    await payFromWallet(t, customer.id, order.id);

    const paid = { order_id: order.id, restaurant_id: a.id, status: 'paid' };
    for (const kitchen of [staff, owner]) {
      expect((await kitchen.next(ofType('order.created'))).data).toEqual({
        ...paid,
        total_amount: order.total_amount,
      });
      expect((await kitchen.next(ofType('order.updated'))).data).toEqual(paid);
    }
    expect((await mine.next(ofType('wallet.updated'))).data).toEqual({ balance: 0 });
    expect((await mine.next(ofType('order.updated'))).data).toEqual(paid);

    const accepted = await call(t.app, 'PUT', `/api/staff/orders/${order.id}/accept/`, {
      token: a.staff.token,
    });
    expect(accepted.status).toBe(200);
    const update = { order_id: order.id, restaurant_id: a.id, status: 'accepted' };
    const seen = [
      await mine.next(ofType('order.updated')),
      await staff.next(ofType('order.updated')),
      await owner.next(ofType('order.updated')),
    ];
    for (const message of seen) expect(message.data).toEqual(update);
    // One event row per audience: the customer's and the kitchen's ids differ, both numeric.
    expect(seen[0]!.id).toMatch(/^\d+$/);
    expect(seen[1]!.id).toBe(seen[2]!.id);

    expect(await otherStaff.settle()).toEqual([]);
    expect(await other.settle()).toEqual([]);
    for (const s of [mine, staff, owner, otherStaff, other]) s.close();
  });

  it('announces an order paid through a VNPay IPN, and its cancel with the refund', async () => {
    const buyer = await newUser(t, 'customer');
    const mine = await stream(buyer.token);
    const kitchen = await stream(a.staff.token);
    const order = await placeOrder(t, buyer, a.dish);
    const pay = await call<{ data: { status: string; txn_ref?: string; amount_vnpay: number } }>(
      t.app,
      'POST',
      '/api/payment/order/pay/',
      { token: buyer.token, body: { order_id: order.id } },
    );
    expect(pay.body.data.status).toBe('pending');
    expect(await sendIpn(t, vnpayCallback(t, pay.body.data.txn_ref!, order.total_amount))).toEqual(
      expect.objectContaining({ RspCode: '00' }),
    );

    const paid = { order_id: order.id, restaurant_id: a.id, status: 'paid' };
    expect((await kitchen.next(ofType('order.created'))).data).toEqual({
      ...paid,
      total_amount: order.total_amount,
    });
    expect((await mine.next()).data).toEqual({ balance: order.total_amount });
    expect((await mine.next()).data).toEqual({ balance: 0 });
    expect((await mine.next()).data).toEqual(paid);

    const cancelled = await call(t.app, 'PUT', `/api/staff/orders/${order.id}/cancel/`, {
      token: a.staff.token,
      body: { reason: 'Hết món' },
    });
    expect(cancelled.status).toBe(200);
    const update = { order_id: order.id, restaurant_id: a.id, status: 'cancelled' };
    expect((await kitchen.next(ofType('order.updated'))).data).toEqual(paid);
    expect((await kitchen.next(ofType('order.updated'))).data).toEqual(update);
    expect((await mine.next()).data).toEqual(update);
    expect((await mine.next()).data).toEqual({ balance: order.total_amount });
    mine.close();
    kitchen.close();
  });

  it('replays what a reconnecting client missed, from Last-Event-ID or last_event_id', async () => {
    const first = await stream(customer.token);
    await deposit(t, customer.id, 10_000);
    const before = await first.next(ofType('wallet.updated'));
    first.close();

    await deposit(t, customer.id, 20_000);
    await deposit(t, customer.id, 30_000);

    const byHeader = await stream(customer.token, { lastEventId: before.id! });
    const replayed = [await byHeader.next(), await byHeader.next()];
    expect(replayed.map((m) => m.data)).toEqual([{ balance: 30_000 }, { balance: 60_000 }]);
    expect(Number(replayed[0]!.id)).toBeGreaterThan(Number(before.id));

    const byQuery = await stream(customer.token, { query: `?last_event_id=${before.id!}` });
    expect((await byQuery.next()).data).toEqual({ balance: 30_000 });
    expect((await byQuery.next()).data).toEqual({ balance: 60_000 });

    // Live events keep coming after the replay, each once.
    await deposit(t, customer.id, 5_000);
    expect((await byHeader.next()).data).toEqual({ balance: 65_000 });
    expect(await byHeader.settle()).toEqual([]);
    byHeader.close();
    byQuery.close();
  });

  it("never replays anyone else's events, whatever Last-Event-ID says", async () => {
    const { id: firstId } = await t.database.db
      .selectFrom('events')
      .select(sql<number>`min(id)`.as('id'))
      .executeTakeFirstOrThrow();
    for (const lastEventId of ['abc', '-5', '0', '1e3', String(firstId), '  ', '9'.repeat(30)]) {
      const s = await stream(otherCustomer.token, { lastEventId });
      expect(s.status).toBe(200);
      const got = await s.settle(150);
      for (const message of got) expect(message.event).toBe('resync');
      s.close();
    }
    const kitchenB = await stream(b.staff.token, { lastEventId: String(firstId) });
    expect(await kitchenB.settle(150)).toEqual([]);
    kitchenB.close();
  });

  it('answers an id ahead of every kept event with one resync', async () => {
    const s = await stream(customer.token, { lastEventId: '900000000' });
    const message = await s.next();
    expect(message.event).toBe('resync');
    expect(message.data).toEqual({});
    expect(await s.settle(150)).toEqual([]);
    s.close();
  });

  it('never sends an event whose transaction rolled back', async () => {
    const s = await stream(otherCustomer.token);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await recordWalletBalance(trx, otherCustomer.id, 111);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db
      .transaction()
      .execute((trx) => recordWalletBalance(trx, otherCustomer.id, 222));
    expect((await s.next()).data).toEqual({ balance: 222 });
    expect(await s.settle(150)).toEqual([]);
    const rows = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('user_id', '=', otherCustomer.id)
      .execute();
    expect(rows.map((r) => r.payload)).toEqual([{ balance: 222 }]);
    s.close();
  });

  it('keeps at most five streams per user, closing the oldest', async () => {
    const user = await newUser(t, 'customer');
    const open: SseStream[] = [];
    for (let i = 0; i < 5; i += 1) open.push(await stream(user.token));
    const sixth = await stream(user.token);
    await open[0]!.ended;
    await deposit(t, user.id, 1_000);
    for (const s of [...open.slice(1), sixth]) {
      expect((await s.next()).data).toEqual({ balance: 1_000 });
    }
    expect(open[0]!.messages).toEqual([]);
    for (const s of [...open, sixth]) s.close();
  });

  it('ends the stream when its access token expires', async () => {
    // Issued 14:57 ago: three seconds left, enough for the stream to open on a loaded machine
    // (with one second, the token had expired at the request now and then).
    const token = await signAccessToken(
      t.app.keys.jwt,
      { id: customer.id, role: 'customer' },
      new Date(Date.now() - (15 * 60 - 3) * 1000),
    );
    const s = await stream(token);
    expect(s.status).toBe(200);
    const outcome = await Promise.race([
      s.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 6000)),
    ]);
    expect(outcome).toBe('ended');
  });

  it('prunes events older than 7 days, and a replay from before them resyncs', async () => {
    const { id: oldest } = await t.database.db
      .selectFrom('events')
      .select(sql<number>`min(id)`.as('id'))
      .executeTakeFirstOrThrow();
    const total = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The first few events age past the retention; the rest stay.
    await sql`update events set created_at = now() - interval '8 days' where id < ${Number(oldest) + 3}`.execute(
      t.database.db,
    );
    expect(await pruneEvents(t.database.db)).toBe(3);
    const left = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(Number(total.n) - 3);
    expect(await pruneEvents(t.database.db)).toBe(0);

    const s = await stream(customer.token, { lastEventId: String(oldest) });
    const message = await s.next();
    expect(message.event).toBe('resync');
    expect(await s.settle(150)).toEqual([]);
    s.close();
  });
});

describe.runIf(testLane() === 'postgres')('live events on PostgreSQL', () => {
  it('delivers an event committed through one instance to a stream on another', async () => {
    const second = await createTestApp({ events: EVENT_TIMINGS, database: t.database });
    try {
      const secondBase = await listenOnFreePort(second.app);
      const s = await openSse(secondBase, { token: customer.token });
      // Through the first instance's API: the deposit's balance lands on the second's stream.
      const order = await placeOrder(t, customer, a.dish);
      await deposit(t, customer.id, order.total_amount);
      await payFromWallet(t, customer.id, order.id);
      await call(t.app, 'PUT', `/api/staff/orders/${order.id}/accept/`, { token: a.staff.token });
      const accepted = await s.next(
        (m) => m.event === 'order.updated' && (m.data as { status: string }).status === 'accepted',
      );
      expect(accepted.data).toEqual({
        order_id: order.id,
        restaurant_id: a.id,
        status: 'accepted',
      });
      s.close();
    } finally {
      await second.close();
    }
  });

  it('reconnects a lost LISTEN connection and catches up on what committed meanwhile', async () => {
    const s = await stream(otherCustomer.token);
    expect(t.app.events.listening).toBe(true);
    const terminated = await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`.execute(t.database.db);
    expect(terminated.rows).toHaveLength(1);
    for (let i = 0; i < 100 && t.app.events.listening; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(t.app.events.listening).toBe(false);
    // Committed while nobody listens: only the catch-up can deliver it.
    await t.database.db
      .transaction()
      .execute((trx) => recordWalletBalance(trx, otherCustomer.id, 333));
    expect((await s.next(undefined, 5000)).data).toEqual({ balance: 333 });
    await t.database.db
      .transaction()
      .execute((trx) => recordWalletBalance(trx, otherCustomer.id, 444));
    expect((await s.next()).data).toEqual({ balance: 444 });
    s.close();
  });
});

describe("a stream's memory of the ids it sent", () => {
  it('keeps the replayed ids and a window of live ones, however long the stream lives', () => {
    const sent = new SentIds(100);
    for (let id = 1; id <= 500; id += 1) expect(sent.add(id)).toBe(true);
    expect(sent.add(42)).toBe(false);
    sent.endReplay();
    // The hub hands over an event the replay already wrote: it is not written again.
    expect(sent.add(250)).toBe(false);
    let written = 0;
    for (let id = 501; id <= 100_500; id += 1) if (sent.add(id)) written += 1;
    expect(written).toBe(100_000);
    // A long-lived stream remembers the replay and the last 100 live ids, not all 100,500.
    expect(sent.size).toBe(600);
    expect(sent.add(100_450)).toBe(false);
    expect(sent.add(3)).toBe(false);
    expect(sent.add(100_501)).toBe(true);
  });
});

describe('observing the hub', () => {
  it('hands every committed event to its observers, with no stream open for its audience', async () => {
    const lonely = await newUser(t, 'customer');
    const seen: EventRow[] = [];
    const stop = t.app.events.onEvent((event) => seen.push(event));
    try {
      await t.database.db.transaction().execute((trx) => recordWalletBalance(trx, lonely.id, 777));
      for (let i = 0; i < 200 && !seen.some((e) => e.user_id === lonely.id); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen.filter((e) => e.user_id === lonely.id)).toMatchObject([
        { type: 'wallet.updated', payload: { balance: 777 } },
      ]);
    } finally {
      stop();
    }
    await t.database.db.transaction().execute((trx) => recordWalletBalance(trx, lonely.id, 888));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Stopped: the second event is not observed.
    expect(seen.filter((e) => e.user_id === lonely.id)).toHaveLength(1);
  });
});

describe('the pruning timer', () => {
  it('prunes at start and on every tick, and stops cleanly', async () => {
    await sql`update events set created_at = now() - interval '8 days'
      where id = (select min(id) from events)`.execute(t.database.db);
    const removed: number[] = [];
    const timer = startEventPruning(
      {
        db: t.database.db,
        exclusively: t.database.exclusively,
        log: { info: (o) => removed.push((o as { removed: number }).removed), error: () => {} },
      },
      50,
    );
    for (let i = 0; i < 100 && removed.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await timer.stop();
    expect(removed).toEqual([1]);
  });
});
