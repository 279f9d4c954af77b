import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositReplySchema } from '#contract/payments';
import { newUser, type TestUser } from '../factories/users';
import { placeOrder } from '../factories/orders';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, sendIpn, vnpayCallback } from '../helpers/money';
import { listenOnFreePort, openSse } from '../helpers/sse';
import { createTestApp, holdConnection, PRODUCTION_ENV, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

/** The value of one sample of the scrape (`name{labels}`), or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let base: string;
  let dish: number;
  beforeAll(async () => {
    t = await createTestApp({ events: { heartbeatMs: 150 } });
    base = await listenOnFreePort(t.app);
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [{ name: 'Phở bò', price: 55_000 }],
      },
    ]);
    dish = restaurant!.dishes['Phở bò']!;
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };

  it('counts requests and their latency by route pattern, method and status', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/food/987654/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);

    const text = await scrape();
    const health = '{method="GET",route="/api/health",status_code="200"}';
    expect(sample(text, `mon_ngon_http_request_duration_seconds_count${health}`)).toBe(3);
    expect(
      sample(
        text,
        `mon_ngon_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status_code="200"}`,
      ),
    ).toBe(3);
    expect(sample(text, `mon_ngon_http_request_duration_seconds_sum${health}`)).toBeGreaterThan(0);
    // The pattern, never the raw URL: one series per route, not per dish.
    expect(
      sample(
        text,
        'mon_ngon_http_request_duration_seconds_count{method="GET",route="/api/food/:id/",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(
      sample(
        text,
        'mon_ngon_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('no-such-thing');
    // Node's own process metrics come along.
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('reports the database connections and what waits for them', async () => {
    const idle = await scrape();
    const total = sample(idle, 'mon_ngon_db_pool_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(idle, 'mon_ngon_db_pool_idle_connections')).toBe(total);
    expect(sample(idle, 'mon_ngon_db_pool_waiting')).toBe(0);

    // A transaction holds a connection; on PGlite, the one connection, so two more queries queue.
    const release = await holdConnection(t.database);
    const queued =
      testLane() === 'pglite'
        ? [sql`select 1`.execute(t.database.db), sql`select 2`.execute(t.database.db)]
        : [];
    const busy = await t.app.metrics.text();
    const busyTotal = sample(busy, 'mon_ngon_db_pool_connections')!;
    expect(busyTotal - sample(busy, 'mon_ngon_db_pool_idle_connections')!).toBe(1);
    expect(sample(busy, 'mon_ngon_db_pool_waiting')).toBe(queued.length);
    await release();
    await Promise.all(queued);
    expect(sample(await scrape(), 'mon_ngon_db_pool_waiting')).toBe(0);
  });

  it('reports the open event streams and the delivery lag of what they were sent', async () => {
    const customer = await newUser(t, 'customer');
    expect(sample(await scrape(), 'mon_ngon_event_streams_open')).toBe(0);
    const stream = await openSse(base, { token: customer.token });
    expect(stream.status).toBe(200);
    try {
      await expect.poll(async () => sample(await scrape(), 'mon_ngon_event_streams_open')).toBe(1);
      await deposit(t, customer.id, 20_000);
      await stream.next((m) => m.event === 'wallet.updated');
      const text = await scrape();
      expect(sample(text, 'mon_ngon_event_delivery_lag_seconds_count{phase="live"}')).toBe(1);
      const lag = sample(text, 'mon_ngon_event_delivery_lag_seconds_sum{phase="live"}')!;
      expect(lag).toBeGreaterThanOrEqual(0);
      // A liveness bound, not a timing claim: the event was sent, not lost for minutes.
      expect(lag).toBeLessThan(30);
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(), 'mon_ngon_event_streams_open')).toBe(0);
  });

  describe('payments by outcome', () => {
    let customer: TestUser;
    beforeAll(async () => {
      customer = await newUser(t, 'customer');
    });

    const settled = async (labels: string) =>
      sample(await scrape(), `mon_ngon_payments_settled_total{${labels}}`) ?? 0;

    it('counts an order paid from the wallet once it is committed', async () => {
      const before = await settled('method="wallet",outcome="succeeded",via="api"');
      const order = await placeOrder(t, customer, dish);
      await deposit(t, customer.id, order.total_amount);
      const paid = await call(t.app, 'POST', '/api/payment/order/pay/', {
        token: customer.token,
        body: { order_id: order.id },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body).toMatchObject({ data: { status: 'paid' } });
      expect(await settled('method="wallet",outcome="succeeded",via="api"')).toBe(before + 1);
      // A second pay of the same order is refused and counts nothing.
      const again = await call(t.app, 'POST', '/api/payment/order/pay/', {
        token: customer.token,
        body: { order_id: order.id },
      });
      expect(again.status).toBe(409);
      expect(await settled('method="wallet",outcome="succeeded",via="api"')).toBe(before + 1);
    });

    it('counts gateway payments settled by the IPN as succeeded or failed, each once', async () => {
      const open = async () => {
        const res = await call(t.app, 'POST', '/api/payment/deposit/create/', {
          token: customer.token,
          body: { amount: 50_000 },
        });
        expect(res.status).toBe(200);
        return DepositReplySchema.parse(res.body).data.txn_ref;
      };
      const succeeded = await open();
      const failed = await open();
      const success = vnpayCallback(t, succeeded, 50_000, 'success');
      expect(await sendIpn(t, success)).toMatchObject({ RspCode: '00' });
      // VNPay repeats an IPN it thinks unheard: settled already, not counted again.
      expect(await sendIpn(t, success)).toMatchObject({ RspCode: '02' });
      expect(await sendIpn(t, vnpayCallback(t, failed, 50_000, 'cancelled'))).toMatchObject({
        RspCode: '00',
      });
      expect(await settled('method="vnpay",outcome="succeeded",via="ipn"')).toBe(1);
      expect(await settled('method="vnpay",outcome="failed",via="ipn"')).toBe(1);
    });
  });
});

describe('GET /metrics in production', () => {
  const TOKEN = 'scrape-me-0123456789abcdef';

  let withToken: TestApp;
  let withoutToken: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ env: { ...PRODUCTION_ENV, METRICS_TOKEN: TOKEN } });
    withoutToken = await createTestApp({ env: PRODUCTION_ENV, database: withToken.database });
  });
  afterAll(async () => {
    await withoutToken?.close();
    await withToken?.close();
  });

  it.each([
    ['no Authorization header', undefined],
    ['another token', 'Bearer scrape-me-0123456789abcdeX'],
    ['the token without its scheme', TOKEN],
    ['Basic instead of Bearer', `Basic ${TOKEN}`],
  ])('refuses %s with 401', async (_case, authorization) => {
    const res = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json()).toEqual({
      success: false,
      code: 'METRICS_TOKEN_INVALID',
      message: 'Thiếu hoặc sai mã truy cập số liệu giám sát (METRICS_TOKEN)',
    });
  });

  it('serves the metrics to the bearer of METRICS_TOKEN', async () => {
    const res = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE mon_ngon_http_request_duration_seconds histogram');
  });

  it('answers 404 in production without METRICS_TOKEN, not the app page', async () => {
    const res = await withoutToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy đường dẫn này',
    });
  });
});
