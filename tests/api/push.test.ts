import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_ENDPOINT_INVALID_MESSAGE, PUSH_KEYS_INVALID_MESSAGE } from '#contract/push';
import type { Database } from '#server/db/database';
import { recordEvent } from '#server/modules/events/events.service';
import {
  isAllowedProductionEndpoint,
  MAX_SUBSCRIPTIONS_PER_USER,
  queuePushes,
} from '#server/modules/push/push.service';
import { PushWorker } from '#server/modules/push/push.worker';
import { call } from '../helpers/auth';
import { PushReceiver, type BrowserSubscription } from '../helpers/push-receiver';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import { newUser, type TestUser } from '../factories/users';

// Fast enough for a test, slow enough that a retry is a separate request the receiver sees.
const PUSH_TIMINGS = {
  idleMs: 300,
  minWaitMs: 5,
  backoffMs: 20,
  maxBackoffMs: 3_000,
  maxAttempts: 3,
  requestTimeoutMs: 2_000,
};
const SUBSCRIPTIONS = '/api/push/subscriptions/';

let t: TestApp;
let receiver: PushReceiver;
let customer: TestUser;

beforeAll(async () => {
  receiver = await PushReceiver.start();
  t = await createTestApp({ push: PUSH_TIMINGS });
  customer = await newUser(t, 'customer');
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

async function subscribe(user: TestUser, subscription: BrowserSubscription, app = t.app) {
  const res = await call(app, 'POST', SUBSCRIPTIONS, { token: user.token, body: subscription });
  expect(res.status).toBe(200);
  return res;
}

interface NotificationInput {
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

const ORDER_ACCEPTED: NotificationInput = {
  kind: 'order.accepted',
  title: 'Đơn hàng #42 đã được quán nhận',
  body: 'Quán Cô Lan đang chuẩn bị món cho bạn',
  url: '/orders/42',
  tag: 'order-42',
};

/**
 * A notification as the inbox writes it: the row, its queued pushes (one per browser of the
 * user) and the live event, in one transaction (the caller's, if given).
 */
async function notify(
  db: Database['db'],
  userId: number,
  input: NotificationInput = ORDER_ACCEPTED,
): Promise<number> {
  const write = async (trx: Database['db']) => {
    const { id } = await trx
      .insertInto('notifications')
      .values({ user_id: userId, ...input })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queued = await queuePushes(trx, { id, user_id: userId });
    const subscribed = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(queued).toBe(Number(subscribed.n));
    await recordEvent(trx, { userId }, 'notification.created', {
      id,
      title: input.title,
      body: input.body,
      url: input.url,
      unread_count: 1,
    });
    return id;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

const deliveriesOf = (notificationId: number) =>
  t.database.db
    .selectFrom('push_deliveries')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .execute();

const subscriptionRow = (endpoint: string) =>
  t.database.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();

describe('GET /api/push/key/', () => {
  it("answers anyone with the server's VAPID public key", async () => {
    const res = await call<{ data: { public_key: string } }>(t.app, 'GET', '/api/push/key/');
    expect(res.status).toBe(200);
    expect(res.body.data.public_key).toBe(t.app.config.vapid.keys!.publicKey);
    const point = Buffer.from(res.body.data.public_key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
  });
});

describe('POST and DELETE /api/push/subscriptions/', () => {
  it('answers 401 without a token', async () => {
    const subscription = receiver.subscription();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(t.app, method, SUBSCRIPTIONS, { body: subscription });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('registers a browser, moves its endpoint to whoever registers it next, and removes it for its owner only', async () => {
    const other = await newUser(t, 'staff');
    const subscription = receiver.subscription();
    const res = await subscribe(customer, subscription);
    expect(res.body).toEqual({ success: true, message: 'Đã bật thông báo đẩy' });
    expect(await subscriptionRow(subscription.endpoint)).toMatchObject({
      user_id: customer.id,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });

    // The same browser, signed into another account, with fresh keys.
    const fresh = receiver.subscription();
    await subscribe(other, { endpoint: subscription.endpoint, keys: fresh.keys });
    const moved = await t.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', subscription.endpoint)
      .execute();
    expect(moved).toMatchObject([{ user_id: other.id, p256dh: fresh.keys.p256dh }]);

    // Not the customer's any more: their unsubscribe leaves it alone.
    const notMine = await call(t.app, 'DELETE', SUBSCRIPTIONS, {
      token: customer.token,
      body: { endpoint: subscription.endpoint },
    });
    expect(notMine.body).toEqual({ success: true, message: 'Đã tắt thông báo đẩy' });
    expect(await subscriptionRow(subscription.endpoint)).toBeDefined();

    for (let i = 0; i < 2; i += 1) {
      const gone = await call(t.app, 'DELETE', SUBSCRIPTIONS, {
        token: other.token,
        body: { endpoint: subscription.endpoint },
      });
      expect(gone.status).toBe(200);
      expect(await subscriptionRow(subscription.endpoint)).toBeUndefined();
    }
  });

  it('refuses bad subscriptions with a clear message', async () => {
    const good = receiver.subscription();
    const p256dh = Buffer.from(good.keys.p256dh, 'base64url');
    const cases: [unknown, string][] = [
      [{ endpoint: good.endpoint }, PUSH_KEYS_INVALID_MESSAGE],
      [{ endpoint: good.endpoint, keys: { auth: good.keys.auth } }, PUSH_KEYS_INVALID_MESSAGE],
      [{ keys: good.keys }, PUSH_ENDPOINT_INVALID_MESSAGE],
      [{ endpoint: 'not a url', keys: good.keys }, PUSH_ENDPOINT_INVALID_MESSAGE],
      [{ endpoint: 'javascript:alert(1)', keys: good.keys }, PUSH_ENDPOINT_INVALID_MESSAGE],
      [{ endpoint: 'ftp://push.example.com/x', keys: good.keys }, PUSH_ENDPOINT_INVALID_MESSAGE],
      [
        { endpoint: good.endpoint, keys: { p256dh: 'A'.repeat(10_240), auth: good.keys.auth } },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      [
        { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: 'A'.repeat(10_240) } },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      // 64 bytes, one short of a P-256 point.
      [
        {
          endpoint: good.endpoint,
          keys: { p256dh: p256dh.subarray(0, 64).toString('base64url'), auth: good.keys.auth },
        },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      // 65 bytes but not an uncompressed point.
      [
        {
          endpoint: good.endpoint,
          keys: {
            p256dh: Buffer.concat([Buffer.from([3]), p256dh.subarray(1)]).toString('base64url'),
            auth: good.keys.auth,
          },
        },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      // A point that is not on the curve.
      [
        {
          endpoint: good.endpoint,
          keys: {
            p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
            auth: good.keys.auth,
          },
        },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      // An auth secret of 15 bytes.
      [
        {
          endpoint: good.endpoint,
          keys: { p256dh: good.keys.p256dh, auth: Buffer.alloc(15, 1).toString('base64url') },
        },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
      [
        { endpoint: good.endpoint, keys: { p256dh: 'a+b/c', auth: good.keys.auth } },
        PUSH_KEYS_INVALID_MESSAGE,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', SUBSCRIPTIONS, { token: customer.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
    const unsubscribe = await call(t.app, 'DELETE', SUBSCRIPTIONS, {
      token: customer.token,
      body: { endpoint: 'javascript:alert(1)' },
    });
    expect(unsubscribe.status).toBe(400);
    expect(unsubscribe.body.message).toBe(PUSH_ENDPOINT_INVALID_MESSAGE);
    expect(await subscriptionRow(good.endpoint)).toBeUndefined();
  });

  it(`keeps a user's ${MAX_SUBSCRIPTIONS_PER_USER} newest browsers, dropping the oldest`, async () => {
    const user = await newUser(t, 'customer');
    const browsers = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 1 }, () =>
      receiver.subscription(),
    );
    for (const browser of browsers) await subscribe(user, browser);
    const kept = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => row.endpoint)).toEqual(browsers.slice(1).map((b) => b.endpoint));
  });
});

describe('production endpoint rules', () => {
  it.each([
    ['http://push.example.com/send/1', false],
    ['https://localhost/send/1', false],
    ['https://push.localhost/send/1', false],
    ['https://intranet/send/1', false],
    ['https://127.0.0.1/send/1', false],
    ['https://2130706433/send/1', false],
    ['https://10.1.2.3/send/1', false],
    ['https://172.20.0.5/send/1', false],
    ['https://192.168.1.10/send/1', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://100.64.0.1/send/1', false],
    ['https://0.0.0.0/send/1', false],
    ['https://[::1]/send/1', false],
    ['https://[::]/send/1', false],
    ['https://[fe80::1]/send/1', false],
    ['https://[fd12:3456::1]/send/1', false],
    ['https://[::ffff:127.0.0.1]/send/1', false],
    ['https://[::ffff:8.8.8.8]/send/1', false],
    ['https://fcm.googleapis.com/fcm/send/abc:def', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', true],
    ['https://8.8.8.8/send/1', true],
    ['https://[2001:4860:4860::8888]/send/1', true],
  ])('%s is allowed: %s', (endpoint, allowed) => {
    expect(isAllowedProductionEndpoint(endpoint)).toBe(allowed);
  });

  it('refuses a plain-http or private endpoint in production, and takes a public https one', async () => {
    const prod = await createTestApp({
      database: t.database,
      push: PUSH_TIMINGS,
      env: {
        APP_ENV: 'production',
        PUBLIC_URL: 'https://monngon.vn',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.vn/send',
        VNPAY_URL: 'https://pay.vnpay.vn/vpcpay.html',
        VNPAY_API_URL: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
        VNPAY_TMN_CODE: 'MONNGON9',
        VNPAY_HASH_SECRET: 'a-real-merchant-hash-secret',
      },
    });
    try {
      const { keys } = receiver.subscription();
      for (const endpoint of [
        receiver.subscription().endpoint,
        'https://127.0.0.1/send/1',
        'https://localhost/send/1',
        'https://[::1]/send/1',
        'https://192.168.0.2/send/1',
      ]) {
        const res = await call(prod.app, 'POST', SUBSCRIPTIONS, {
          token: customer.token,
          body: { endpoint, keys },
        });
        expect(res.status, endpoint).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: PUSH_ENDPOINT_INVALID_MESSAGE,
        });
      }
      const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
      expect((await subscribe(customer, { endpoint, keys }, prod.app)).status).toBe(200);
      await call(prod.app, 'DELETE', SUBSCRIPTIONS, { token: customer.token, body: { endpoint } });
      expect(await subscriptionRow(endpoint)).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});

describe('the push worker', () => {
  it("sends each of the user's browsers the notification, encrypted to it, and empties the queue", async () => {
    const user = await newUser(t, 'customer');
    const bystander = await newUser(t, 'customer');
    const phone = receiver.subscription();
    const laptop = receiver.subscription();
    const theirs = receiver.subscription();
    await subscribe(user, phone);
    await subscribe(user, laptop);
    await subscribe(bystander, theirs);
    const before = receiver.received.length;

    const id = await notify(t.database.db, user.id);
    await receiver.waitFor(before + 2);
    for (const browser of [phone, laptop]) {
      const [push] = receiver.to(browser);
      expect(push!.decryptError).toBeUndefined();
      expect(push!.payload).toEqual({
        title: 'Đơn hàng #42 đã được quán nhận',
        body: 'Quán Cô Lan đang chuẩn bị món cho bạn',
        url: '/orders/42',
        tag: 'order-42',
      });
      // An order's news: wanted now, stale soon; a newer one on the order replaces it.
      expect(push!.headers).toMatchObject({ urgency: 'high', ttl: '600', topic: 'order-42' });
      expect(push!.vapid).toMatchObject({
        aud: receiver.origin,
        sub: 'mailto:test@monngon.example',
        publicKey: t.app.config.vapid.keys!.publicKey,
      });
    }
    expect(receiver.to(theirs)).toEqual([]);
    await until(
      () => deliveriesOf(id),
      (rows) => rows.length === 0,
    );
    for (const browser of [phone, laptop]) {
      expect((await subscriptionRow(browser.endpoint))!.last_success_at).toBeInstanceOf(Date);
    }
  });

  it('sends other kinds with normal urgency and a longer lifetime', async () => {
    const user = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(user, browser);
    await notify(t.database.db, user.id, {
      kind: 'review.reply',
      title: 'Quán đã trả lời đánh giá của bạn',
      body: 'Cảm ơn bạn đã ủng hộ!',
      url: '/food/7',
      tag: 'review 7',
    });
    const [push] = await until(
      async () => receiver.to(browser),
      (pushes) => pushes.length === 1,
    );
    expect(push!.payload).toMatchObject({ title: 'Quán đã trả lời đánh giá của bạn' });
    expect(push!.headers).toMatchObject({ urgency: 'normal', ttl: '86400' });
    // Not a valid topic (a space): sent without one.
    expect(push!.headers.topic).toBeUndefined();
  });

  it.each([410, 404])(
    'deletes a subscription the push service answers %i for, and its queue',
    async (status) => {
      const user = await newUser(t, 'customer');
      const gone = receiver.subscription();
      const alive = receiver.subscription();
      await subscribe(user, gone);
      await subscribe(user, alive);
      const gonePath = new URL(gone.endpoint).pathname;
      receiver.respond((push) => ({ status: push.path === gonePath ? status : 201 }));
      try {
        const id = await notify(t.database.db, user.id);
        await until(
          () => subscriptionRow(gone.endpoint),
          (row) => row === undefined,
        );
        await until(
          () => deliveriesOf(id),
          (rows) => rows.length === 0,
        );
        expect(receiver.to(gone).map((p) => p.status)).toEqual([status]);
        expect(receiver.to(alive).map((p) => p.status)).toEqual([201]);
        expect(await subscriptionRow(alive.endpoint)).toBeDefined();
      } finally {
        receiver.respond(201);
      }
    },
  );

  it.each([429, 500])(
    'retries a %i with backoff and gives up after the last attempt, saying so',
    async (status) => {
      const user = await newUser(t, 'customer');
      const browser = receiver.subscription();
      await subscribe(user, browser);
      receiver.respond(status);
      const warn = vi.spyOn(t.app.log, 'warn');
      try {
        const id = await notify(t.database.db, user.id);
        const [row] = await until(
          () => deliveriesOf(id),
          (rows) => rows[0]?.gave_up_at != null,
        );
        expect(row).toMatchObject({ attempts: 3, last_error: `HTTP ${status}` });
        expect(receiver.to(browser).map((p) => p.status)).toEqual([status, status, status]);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ deliveryId: row!.id, attempts: 3 }),
          'push failed too often; delivery given up',
        );
        // Given up is final: no further attempt, and the subscription is kept.
        await sleep(200);
        expect(receiver.to(browser)).toHaveLength(3);
        expect(await subscriptionRow(browser.endpoint)).toBeDefined();
      } finally {
        receiver.respond(201);
      }
    },
  );

  it("waits as long as the push service's Retry-After says, then delivers", async () => {
    const user = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(user, browser);
    let first = true;
    receiver.respond(() => {
      if (!first) return { status: 201 };
      first = false;
      return { status: 429, headers: { 'retry-after': '1' } };
    });
    try {
      const id = await notify(t.database.db, user.id);
      const pushes = await until(
        async () => receiver.to(browser),
        (received) => received.length === 2,
      );
      const [limited, delivered] = pushes as [(typeof pushes)[0], (typeof pushes)[0]];
      expect([limited.status, delivered.status]).toEqual([429, 201]);
      expect(delivered.payload).toMatchObject({ title: ORDER_ACCEPTED.title });
      await until(
        () => deliveriesOf(id),
        (rows) => rows.length === 0,
      );
      // The worker's own backoff would have been 20 ms.
      expect(delivered.at - limited.at).toBeGreaterThanOrEqual(950);
    } finally {
      receiver.respond(201);
    }
  });

  it('retries a push service that cannot be reached, then gives up', async () => {
    const user = await newUser(t, 'customer');
    const closed = await PushReceiver.start();
    const browser = closed.subscription();
    await closed.close();
    await subscribe(user, browser);
    const id = await notify(t.database.db, user.id);
    const [row] = await until(
      () => deliveriesOf(id),
      (rows) => rows[0]?.gave_up_at != null,
    );
    expect(row!.attempts).toBe(3);
    expect(row!.last_error).toMatch(/^network: /);
  });

  it('never sends a push before its notification commits, nor one rolled back', async () => {
    const user = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(user, browser);
    await t.database.db.transaction().execute(async (trx) => {
      await notify(trx, user.id);
      t.app.push.wake();
      await sleep(300);
      expect(receiver.to(browser)).toEqual([]);
    });
    await until(
      async () => receiver.to(browser),
      (pushes) => pushes.length === 1,
    );

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notify(trx, user.id, { ...ORDER_ACCEPTED, title: 'Không bao giờ gửi' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    t.app.push.wake();
    await sleep(300);
    expect(receiver.to(browser)).toHaveLength(1);
  });

  it("drops a browser's queued pushes for its previous account when another account takes it", async () => {
    const first = await newUser(t, 'customer');
    const second = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(first, browser);
    receiver.respond(() => ({ status: 503, headers: { 'retry-after': '60' } }));
    try {
      const id = await notify(t.database.db, first.id);
      await until(
        () => deliveriesOf(id),
        (rows) => rows[0]?.attempts === 1 && rows[0].last_error === 'HTTP 503',
      );
      await subscribe(second, browser);
      expect(await deliveriesOf(id)).toEqual([]);
    } finally {
      receiver.respond(201);
    }
  });

  it('does nothing once stopped', async () => {
    const user = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(user, browser);
    const worker = new PushWorker({
      db: t.database.db,
      vapid: { ...t.app.config.vapid.keys!, subject: t.app.config.vapid.subject },
      log: { info: () => {}, warn: () => {}, error: () => {} },
      ...PUSH_TIMINGS,
    });
    worker.start();
    await worker.stop();
    // Another worker's queue only grows while this one stays stopped.
    await t.app.push.stop();
    try {
      await notify(t.database.db, user.id);
      worker.wake();
      await sleep(300);
      expect(receiver.to(browser)).toEqual([]);
    } finally {
      t.app.push.start();
    }
    await until(
      async () => receiver.to(browser),
      (pushes) => pushes.length === 1,
    );
  });
});

describe('closing the app', () => {
  it('cuts off a push in flight instead of waiting for a slow push service', async () => {
    const own = await createTestApp({
      database: t.database,
      push: { ...PUSH_TIMINGS, requestTimeoutMs: 30_000 },
    });
    const user = await newUser(t, 'customer');
    const browser = receiver.subscription();
    await subscribe(user, browser);
    // Only the app being closed sends: the shared one waits.
    await t.app.push.stop();
    receiver.respond(() => ({ status: 201, delayMs: 20_000 }));
    try {
      const id = await notify(t.database.db, user.id);
      own.app.push.wake();
      await until(
        async () => receiver.to(browser),
        (pushes) => pushes.length === 1,
      );
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(2_000);
      // Left leased, neither delivered nor given up: another instance sends it once the lease
      // runs out.
      const [row] = await deliveriesOf(id);
      expect(row).toMatchObject({ attempts: 1, gave_up_at: null, last_error: null });
      expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      receiver.respond(201);
      t.app.push.start();
    }
  });
});

describe.runIf(testLane() === 'postgres')('push workers on PostgreSQL', () => {
  it('sends each delivery once with two instances racing for the queue', async () => {
    const second = await createTestApp({ database: t.database, push: PUSH_TIMINGS });
    try {
      const user = await newUser(t, 'customer');
      const browser = receiver.subscription();
      await subscribe(user, browser);
      const titles = Array.from({ length: 30 }, (_, i) => `Thông báo số ${i + 1}`);
      await t.database.db.transaction().execute(async (trx) => {
        for (const title of titles) await notify(trx, user.id, { ...ORDER_ACCEPTED, title });
      });
      t.app.push.wake();
      second.app.push.wake();
      await until(
        async () => receiver.to(browser),
        (pushes) => pushes.length >= titles.length,
      );
      await sleep(300);
      const got = receiver.to(browser).map((p) => (p.payload as { title: string }).title);
      expect(got.sort()).toEqual([...titles].sort());
      const left = await t.database.db
        .selectFrom('push_deliveries')
        .innerJoin('notifications', 'notifications.id', 'push_deliveries.notification_id')
        .where('notifications.user_id', '=', user.id)
        .select('push_deliveries.id')
        .execute();
      expect(left).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
