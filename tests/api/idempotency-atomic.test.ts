import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartReplySchema } from '#contract/cart';
import { addToCart } from '#server/modules/cart/cart.service';
import { claim, keepReply, requestHash } from '#server/modules/idempotency/idempotency.service';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, paidOrder } from '../helpers/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DELIVERY, setOrderStatus } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

// The reply of an idempotent call is written by the transaction of its work, so a process
// that dies after the commit (and before the reply left) leaves a key a retry replays. The
// kill -9 itself is in idempotency-crash.test.ts; this file checks every idempotent route.

/** What the key held at the moment its successful reply was about to leave the server. */
interface AtSend {
  route: string;
  sent: string;
  stored: string | null;
}

let t: TestApp;
let pho: number;
let restaurantId: number;
const atSend: AtSend[] = [];

async function storedReply(request: FastifyRequest): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('idempotency_keys')
    .select('response_body')
    .where('user_id', '=', request.user!.id)
    .where('key', '=', String(request.headers['idempotency-key']))
    .executeTakeFirst();
  return row?.response_body ?? null;
}

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // An application hook runs before the idempotency plugin's own onSend of the route:
      // this is the moment a crash would cut the reply off.
      app.addHook('onSend', async (request, reply, payload) => {
        if (!request.routeOptions.config.idempotent || !request.headers['idempotency-key']) {
          return payload;
        }
        if (reply.statusCode < 300 && typeof payload === 'string') {
          atSend.push({
            route: `${request.method} ${request.routeOptions.url}`,
            sent: payload,
            stored: await storedReply(request),
          });
        }
        return payload;
      });
    },
  });
  const [restaurant] = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: 50000 }],
    },
  ]);
  pho = restaurant!.dishes['Phở bò']!;
  restaurantId = restaurant!.id;
});
afterAll(() => t.close());

let keySeq = 0;

/** An idempotent call, then its repeat, which must be the same text marked as replayed. */
async function twice(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: Pick<TestUser, 'token'>,
  body?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  keySeq += 1;
  const key = `atomic-${keySeq}`;
  const send = () =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': key },
      ...(body ? { payload: body } : {}),
    });
  const first = await send();
  expect(first.statusCode, `${method} ${url}: ${first.body}`).toBeLessThan(300);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  const again = await send();
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body).toBe(first.body);
  return first.json();
}

describe('every idempotent route', () => {
  it('has its reply written with its work, before the reply leaves', async () => {
    const customer = await newUser(t, 'customer');
    const owner = await ownerOf(t, restaurantId);
    await deposit(t, owner.id, 200_000);
    await deposit(t, customer.id, 50_000);

    const added = await twice('POST', '/api/customer/cart/add/', customer, {
      food_id: pho,
      quantity: 2,
    });
    const line = CartReplySchema.parse(added).data.items[0]!;
    await twice('PUT', `/api/customer/cart/update/${line.id}/`, customer, { quantity: 1 });
    await twice('DELETE', `/api/customer/cart/remove/${line.id}/`, customer);
    await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: { food_id: pho, quantity: 1 },
    });
    await twice('DELETE', '/api/customer/cart/clear/', customer);

    await call(t.app, 'POST', '/api/customer/cart/add/', {
      token: customer.token,
      body: { food_id: pho, quantity: 1 },
    });
    const created = await twice('POST', '/api/customer/orders/', customer, { ...DELIVERY });
    const orderId = (created as { data: { id: number } }).data.id;
    await twice('POST', '/api/payment/order/pay/', customer, { order_id: orderId });
    await twice('PUT', `/api/customer/orders/${orderId}/cancel/`, customer, {
      reason: 'Đặt nhầm món',
    });

    const delivered = await paidOrder(t, customer, pho);
    await setOrderStatus(t, delivered.id, 'completed');
    await twice('POST', '/api/customer/reviews/', customer, {
      food_id: pho,
      rating: 5,
      comment: 'Ngon',
    });
    await twice('POST', `/api/customer/orders/${delivered.id}/reorder/`, customer, {
      replace: true,
    });

    await twice('POST', '/api/payment/deposit/create/', customer, { amount: 50_000 });
    await twice('POST', '/api/staff/payment/deposit/', owner, { amount: 50_000 });
    await twice('POST', '/api/staff/payment/withdraw/', owner, { amount: 100_000 });

    // Each first call's reply was already in its key, byte for byte, as it was being sent.
    expect(atSend.length).toBeGreaterThan(0);
    for (const { route, sent, stored } of atSend) expect(stored, route).toBe(sent);

    // Every route that takes an Idempotency-Key (the only ones that may answer 422) is above.
    const docs = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const idempotent = Object.entries(docs.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => '422' in (operation.responses ?? {}))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(new Set(atSend.map((a) => a.route))).toEqual(new Set(idempotent));
  });
});

describe('a key taken over', () => {
  it('refuses the work of the request that lost it, which rolls back', async () => {
    const customer = await newUser(t, 'customer');
    const request = {
      userId: customer.id,
      key: 'outlived-lease',
      method: 'POST',
      path: '/api/customer/cart/add/',
      requestHash: requestHash('POST', '/api/customer/cart/add/', { food_id: pho, quantity: 1 }),
    };
    const first = await claim(t.database.db, request);
    expect(first.kind).toBe('owned');
    // The first request outlives its lease; the retry takes the key over.
    await sql`update idempotency_keys set lease_expires_at = now() - interval '1 second'
      where user_id = ${customer.id}`.execute(t.database.db);
    const second = await claim(t.database.db, request);
    expect(second.kind).toBe('owned');
    if (first.kind !== 'owned') return;

    const lateKeep = keepReply(
      {
        userId: customer.id,
        key: request.key,
        token: first.token,
        serialize: (_status, payload) => JSON.stringify(payload),
        kept: false,
      },
      200,
      (cart) => cart,
    );
    await expect(
      addToCart(
        t.database.db,
        customer.id,
        { food_id: pho, quantity: 1, topping_ids: [], option_ids: [], note: '' },
        lateKeep,
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', status: 409 });
    const lines = await t.database.db
      .selectFrom('cart_items')
      .select('quantity')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(lines).toEqual([]);
    const row = await t.database.db
      .selectFrom('idempotency_keys')
      .select(['completed_at', 'lease_token'])
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBeNull();
    expect(row.lease_token).toBe(second.kind === 'owned' ? second.token : '');
  });
});
