import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartReplySchema } from '#contract/cart';
import { sweepExpiredKeys } from '#server/modules/idempotency/idempotency.service';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInCustomer } from '../factories/users';

interface Sent {
  status: number;
  text: string;
  json: Record<string, unknown>;
  replayed: boolean;
}

let t: TestApp;
let pho: number;
let banhMi: number;
/** Calls of the flaky test route, which fails with a 500 while this is odd. */
let flakyCalls = 0;

/** inject() keeping the raw reply text, to compare a replay byte for byte. */
async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  options: { body?: unknown; key?: string } = {},
): Promise<Sent> {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.10',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.key !== undefined ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return {
    status: res.statusCode,
    text: res.body,
    json: res.json(),
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

const addPho = (token: string, key?: string, quantity = 1) =>
  send('POST', '/api/customer/cart/add/', token, {
    body: { food_id: pho, quantity },
    ...(key !== undefined ? { key } : {}),
  });

async function quantityOf(token: string, foodId = pho): Promise<number> {
  const res = await call(t.app, 'GET', '/api/customer/cart/', { token });
  const cart = CartReplySchema.parse(res.body).data;
  return cart.items.filter((i) => i.food_id === foodId).reduce((sum, i) => sum + i.quantity, 0);
}

async function keyRows(userId: number) {
  return t.database.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

async function ageKey(userId: number, key: string, interval: string) {
  await sql`update idempotency_keys set created_at = created_at - ${interval}::interval
    where user_id = ${userId} and key = ${key}`.execute(t.database.db);
}

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // A real idempotent route whose first, third... calls fail on the server's side.
      app.post(
        '/api/test/flaky/',
        { config: { access: 'customer', idempotent: true } },
        async () => {
          flakyCalls += 1;
          if (flakyCalls % 2 === 1) throw new Error('the database went away');
          return { success: true, message: 'Thành công', data: { call: flakyCalls } };
        },
      );
    },
  });
  const [first, second] = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: 50000 }],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25000 }],
    },
  ]);
  pho = first!.dishes['Phở bò']!;
  banhMi = second!.dishes['Bánh mì']!;
});
afterAll(() => t.close());

describe('Idempotency-Key on cart changes', () => {
  it('replays the stored reply unchanged instead of adding again', async () => {
    const { id, token } = await signedInCustomer(t);
    const first = await addPho(token, 'add-1', 2);
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const again = await addPho(token, 'add-1', 2);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe(true);
    expect(again.text).toBe(first.text);
    expect(await quantityOf(token)).toBe(2);

    // The body's key order does not make it another request.
    const reordered = await send('POST', '/api/customer/cart/add/', token, {
      body: { quantity: 2, food_id: pho },
      key: 'add-1',
    });
    expect(reordered).toMatchObject({ status: 200, replayed: true, text: first.text });

    const rows = await keyRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      key: 'add-1',
      method: 'POST',
      path: '/api/customer/cart/add/',
      response_status: 200,
      response_body: first.text,
    });
    expect(rows[0]!.completed_at).toBeInstanceOf(Date);
  });

  it('changes nothing without the header', async () => {
    const { id, token } = await signedInCustomer(t);
    await addPho(token);
    const second = await addPho(token);
    expect(second.replayed).toBe(false);
    expect(await quantityOf(token)).toBe(2);
    expect(await keyRows(id)).toEqual([]);
  });

  it('refuses the same key with another body or on another route (422)', async () => {
    const { token } = await signedInCustomer(t);
    const first = await addPho(token, 'reused-key', 1);
    expect(first.status).toBe(200);
    const other = await addPho(token, 'reused-key', 3);
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      success: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key này đã được dùng cho một yêu cầu khác',
    });
    const line = CartReplySchema.parse(first.json).data.items[0]!;
    const elsewhere = await send('PUT', `/api/customer/cart/update/${line.id}/`, token, {
      body: { quantity: 1 },
      key: 'reused-key',
    });
    expect(elsewhere.status).toBe(422);
    expect(await quantityOf(token)).toBe(1);
  });

  it('keeps keys per customer: another customer with the same key runs normally', async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    expect((await addPho(a.token, 'shared-key', 1)).status).toBe(200);
    const forB = await addPho(b.token, 'shared-key', 1);
    expect(forB).toMatchObject({ status: 200, replayed: false });
    expect(await quantityOf(b.token)).toBe(1);
    expect(await quantityOf(a.token)).toBe(1);
  });

  it('applies a change once when the same key arrives several times at once', async () => {
    const { token } = await signedInCustomer(t);
    // Opens pool connections first, so on PostgreSQL the burst really runs in parallel (the
    // others then find the key running: 409) instead of queueing behind connection set-up.
    // PGlite has one session, so there they mostly find it finished: a replay.
    await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'GET', '/api/customer/cart/', { token })),
    );
    const replies = await Promise.all(Array.from({ length: 5 }, () => addPho(token, 'burst', 1)));
    const fresh = replies.filter((r) => r.status === 200 && !r.replayed);
    expect(fresh).toHaveLength(1);
    for (const reply of replies) {
      if (reply.status === 200) {
        expect(reply.text).toBe(fresh[0]!.text);
      } else {
        expect(reply.status).toBe(409);
        expect(reply.json).toMatchObject({
          code: 'IDEMPOTENCY_IN_PROGRESS',
          message: 'Yêu cầu này đang được xử lý. Vui lòng đợi trong giây lát.',
        });
      }
    }
    expect(await quantityOf(token)).toBe(1);
    // Once the first has finished, a retry is a replay.
    expect(await addPho(token, 'burst', 1)).toMatchObject({ status: 200, replayed: true });
  });

  it('answers 409 while the first request runs, and takes over one that died', async () => {
    const { id, token } = await signedInCustomer(t);
    expect((await addPho(token, 'slow', 1)).status).toBe(200);
    // As if the first request were still running (it has not stored its reply yet).
    await sql`update idempotency_keys set completed_at = null, response_status = null,
      response_body = null where user_id = ${id}`.execute(t.database.db);
    const running = await addPho(token, 'slow', 1);
    expect(running.status).toBe(409);
    expect(running.json).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    // Another body is still a misuse of the key, running or not.
    expect((await addPho(token, 'slow', 5)).status).toBe(422);

    // Still running past its lease: its owner died before committing anything (the reply
    // commits with the work); the retry runs.
    await sql`update idempotency_keys set lease_expires_at = now() - interval '1 second'
      where user_id = ${id} and key = 'slow'`.execute(t.database.db);
    expect((await addPho(token, 'slow', 5)).status).toBe(422);
    const retried = await addPho(token, 'slow', 1);
    expect(retried).toMatchObject({ status: 200, replayed: false });
    expect(await quantityOf(token)).toBe(2);
    expect(await addPho(token, 'slow', 1)).toMatchObject({ status: 200, replayed: true });
  });

  it('stores refusals (4xx) like successes, but not a body the validation refused', async () => {
    const { id, token } = await signedInCustomer(t);
    const invalid = await addPho(token, 'fix-and-retry', 0);
    expect(invalid.status).toBe(400);
    expect(await keyRows(id)).toEqual([]);
    expect((await addPho(token, 'fix-and-retry', 1)).status).toBe(200);

    const other = await send('POST', '/api/customer/cart/add/', token, {
      body: { food_id: banhMi, quantity: 1 },
      key: 'other-restaurant',
    });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ code: 'CART_OTHER_RESTAURANT' });
    const replay = await send('POST', '/api/customer/cart/add/', token, {
      body: { food_id: banhMi, quantity: 1 },
      key: 'other-restaurant',
    });
    expect(replay).toMatchObject({ status: 409, replayed: true, text: other.text });
  });

  it('keeps no server failure: the retry runs again', async () => {
    const { id, token } = await signedInCustomer(t);
    flakyCalls = 0;
    const failed = await send('POST', '/api/test/flaky/', token, { body: { n: 1 }, key: 'flaky' });
    expect(failed.status).toBe(500);
    expect(failed.json).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(await keyRows(id)).toEqual([]);
    const retried = await send('POST', '/api/test/flaky/', token, { body: { n: 1 }, key: 'flaky' });
    expect(retried).toMatchObject({ status: 200, replayed: false });
    expect(retried.json).toMatchObject({ data: { call: 2 } });
    const replayed = await send('POST', '/api/test/flaky/', token, {
      body: { n: 1 },
      key: 'flaky',
    });
    expect(replayed).toMatchObject({ status: 200, replayed: true, text: retried.text });
    expect(flakyCalls).toBe(2);
  });

  it('refuses a malformed key (400) and applies nothing', async () => {
    const { id, token } = await signedInCustomer(t);
    for (const key of ['', 'a'.repeat(256), 'khóa-có-dấu', 'two words', 'a/b', 'x;y']) {
      const res = await addPho(token, key, 1);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.json).toEqual({
        success: false,
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: 'Idempotency-Key không hợp lệ (1 đến 255 ký tự chữ, số, dấu gạch)',
      });
    }
    expect(await quantityOf(token)).toBe(0);
    expect(await keyRows(id)).toEqual([]);
    for (const key of [
      'a'.repeat(255),
      'cart:add.2026-11-23_Ab-9',
      '550e8400-e29b-41d4-a716-446655440000',
    ]) {
      expect((await addPho(token, key, 1)).status, key).toBe(200);
    }
    expect(await quantityOf(token)).toBe(3);
  });

  it('forgets a key after 24 hours: it may then be used again, for anything', async () => {
    const { id, token } = await signedInCustomer(t);
    expect((await addPho(token, 'daily', 1)).status).toBe(200);
    await ageKey(id, 'daily', '23 hours 59 minutes');
    expect(await addPho(token, 'daily', 1)).toMatchObject({ status: 200, replayed: true });
    expect((await addPho(token, 'daily', 4)).status).toBe(422);

    await ageKey(id, 'daily', '2 minutes');
    const reused = await addPho(token, 'daily', 4);
    expect(reused).toMatchObject({ status: 200, replayed: false });
    expect(await quantityOf(token)).toBe(5);
    expect(await addPho(token, 'daily', 4)).toMatchObject({ status: 200, replayed: true });
    const rows = await keyRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.response_body).toBe(reused.text);
  });

  it('sweeps expired keys and only those', async () => {
    const { id, token } = await signedInCustomer(t);
    await addPho(token, 'old-1', 1);
    await addPho(token, 'old-2', 2);
    await addPho(token, 'young', 3);
    await ageKey(id, 'old-1', '25 hours');
    await ageKey(id, 'old-2', '30 days');
    await ageKey(id, 'young', '23 hours');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from idempotency_keys
      where created_at < now() - interval '24 hours'`.execute(t.database.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect(await sweepExpiredKeys(t.database.db)).toBe(rows[0]!.n);
    expect((await keyRows(id)).map((r) => r.key)).toEqual(['young']);
  });
});
