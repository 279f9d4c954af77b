import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { call } from '../helpers/auth';
import { newUser, type TestUser } from '../factories/users';

/**
 * Where the payment popup and the result page open. Outside production, with PUBLIC_URL unset,
 * the app is often opened at another address than localhost (127.0.0.1, a phone on the LAN):
 * the sandbox's page and the return URL must then be on that address, or the result page has
 * no session. A Host the request did not really reach must never end up in a signed link.
 */

const SANDBOX_PAGE = '/sandbox/vnpay/paymentv2/vpcpay.html';
const RETURN_PATH = '/api/payment/vnpay/return/';

interface Links {
  payment_url: string;
  return_url: string;
}

function linksOf(body: { data: { payment_url?: string } }): Links {
  const paymentUrl = body.data.payment_url;
  if (!paymentUrl) throw new Error(`no payment link in ${JSON.stringify(body)}`);
  const returnUrl = new URL(paymentUrl).searchParams.get('vnp_ReturnUrl');
  if (!returnUrl) throw new Error(`no vnp_ReturnUrl in ${paymentUrl}`);
  return { payment_url: paymentUrl, return_url: returnUrl };
}

// One database for the file: each test builds an app of its own with its own settings on it
// (users and restaurants are new rows every time), rather than a fresh database per test.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ env, database });
  return t;
}

/** A pending order of 50.000 ₫ the customer's empty wallet cannot cover: VNPay pays it. */
async function pendingOrder(app: TestApp, customer: TestUser): Promise<number> {
  const [restaurant] = await insertCatalogue(app.database.db, [
    { name: 'Phở Thìn', lat: 21.0285, lon: 105.8542, dishes: [] },
  ]);
  const row = await app.database.db
    .insertInto('orders')
    .values({
      customer_id: customer.id,
      restaurant_id: restaurant!.id,
      subtotal: 50_000,
      discount: 0,
      total_amount: 50_000,
      coupon_id: null,
      coupon_code: null,
      delivery_address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
      delivery_phone: '0987654321',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A 50.000 ₫ top-up asked through app.inject with the given forwarded headers. */
function depositForwarded(app: TestApp, token: string, headers: Record<string, string>) {
  return call<{ data: { payment_url?: string } }>(app.app, 'POST', '/api/payment/deposit/create/', {
    token,
    body: { amount: 50_000 },
    headers,
  });
}

async function listening(app: TestApp): Promise<number> {
  if (!app.app.server.listening) await app.app.listen({ host: '127.0.0.1', port: 0 });
  return (app.app.server.address() as AddressInfo).port;
}

/** A real request over TCP to 127.0.0.1, so the server sees the address it was reached at. */
async function overTcp(
  app: TestApp,
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const port = await listening(app);
  // node:http rather than fetch, which would not send a Host of the caller's choosing.
  const payload = JSON.stringify(body);
  const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  return {
    port,
    status: reply.status,
    body: JSON.parse(reply.text) as { data: { payment_url?: string } },
  };
}

describe('payment links follow the address the app was opened at (PUBLIC_URL unset)', () => {
  it('a deposit requested at 127.0.0.1 pays and returns on 127.0.0.1', async () => {
    const app = await start();
    const user = await newUser(app, 'customer');
    const res = await overTcp(app, '/api/payment/deposit/create/', user.token, { amount: 50_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const origin = `http://127.0.0.1:${res.port}`;
    const links = linksOf(res.body);
    expect(links.payment_url.startsWith(`${origin}${SANDBOX_PAGE}?`)).toBe(true);
    expect(links.return_url).toBe(`${origin}${RETURN_PATH}`);
  });

  it("an order's pay requested at 127.0.0.1 pays and returns on 127.0.0.1", async () => {
    const app = await start();
    const user = await newUser(app, 'customer');
    const orderId = await pendingOrder(app, user);
    const res = await overTcp(app, '/api/payment/order/pay/', user.token, { order_id: orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const origin = `http://127.0.0.1:${res.port}`;
    const links = linksOf(res.body);
    expect(links.payment_url.startsWith(`${origin}${SANDBOX_PAGE}?`)).toBe(true);
    expect(links.return_url).toBe(`${origin}${RETURN_PATH}`);
  });

  it('a forged Host (a name or an address the request did not reach) falls back to PUBLIC_URL', async () => {
    const app = await start();
    const user = await newUser(app, 'customer');
    for (const host of ['evil.example', '10.66.66.66', 'evil.example:80']) {
      // The port the request really reached, so only the host part is a lie.
      const port = await listening(app);
      const forged = host.includes(':') ? host : `${host}:${port}`;
      const res = await overTcp(
        app,
        '/api/payment/deposit/create/',
        user.token,
        { amount: 50_000 },
        {
          host: forged,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const links = linksOf(res.body);
      expect(links.payment_url.startsWith(`${app.app.config.publicUrl}${SANDBOX_PAGE}?`)).toBe(
        true,
      );
      expect(links.return_url).toBe(`${app.app.config.publicUrl}${RETURN_PATH}`);
    }
  });

  it('behind a trusted proxy (TRUST_PROXY), the forwarded origin', async () => {
    const app = await start({ TRUST_PROXY: 'true' });
    const user = await newUser(app, 'customer');
    const res = await depositForwarded(app, user.token, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'monngon.lan:8443',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const links = linksOf(res.body);
    expect(links.payment_url.startsWith(`https://monngon.lan:8443${SANDBOX_PAGE}?`)).toBe(true);
    expect(links.return_url).toBe(`https://monngon.lan:8443${RETURN_PATH}`);
  });

  it('without TRUST_PROXY the forwarded headers are ignored', async () => {
    const app = await start();
    const user = await newUser(app, 'customer');
    const res = await depositForwarded(app, user.token, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(linksOf(res.body).return_url).toBe(`${app.app.config.publicUrl}${RETURN_PATH}`);
  });

  it('a forwarded host that is not a host at all falls back to PUBLIC_URL', async () => {
    const app = await start({ TRUST_PROXY: 'true' });
    const user = await newUser(app, 'customer');
    for (const forwarded of ['evil.example/path?x=', 'user@evil.example', 'evil example', '']) {
      const res = await depositForwarded(app, user.token, {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': forwarded,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(linksOf(res.body).return_url).toBe(`${app.app.config.publicUrl}${RETURN_PATH}`);
    }
  });
});

describe('a PUBLIC_URL that is set wins over any Host', () => {
  it('outside production: PUBLIC_URL, whatever the request reached', async () => {
    const app = await start({ PUBLIC_URL: 'http://monngon.test:8080' });
    const user = await newUser(app, 'customer');
    const res = await overTcp(app, '/api/payment/deposit/create/', user.token, { amount: 50_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const links = linksOf(res.body);
    expect(links.payment_url.startsWith(`http://monngon.test:8080${SANDBOX_PAGE}?`)).toBe(true);
    expect(links.return_url).toBe(`http://monngon.test:8080${RETURN_PATH}`);
  });

  it('in production: the return URL is PUBLIC_URL even with another Host and forwarded headers', async () => {
    const app = await start({
      APP_ENV: 'production',
      PUBLIC_URL: 'https://monngon.vn',
      TRUST_PROXY: 'true',
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.vn/send',
      VNPAY_URL: 'https://pay.vnpay.vn/vpcpay.html',
      VNPAY_API_URL: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
      VNPAY_TMN_CODE: 'MONNGON9',
      VNPAY_HASH_SECRET: 'a-real-merchant-hash-secret',
    });
    const user = await newUser(app, 'customer');
    const orderId = await pendingOrder(app, user);
    const res = await call<{ data: { payment_url?: string } }>(
      app.app,
      'POST',
      '/api/payment/order/pay/',
      {
        token: user.token,
        body: { order_id: orderId },
        headers: {
          host: 'evil.example',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': 'evil.example',
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const links = linksOf(res.body);
    expect(links.payment_url.startsWith('https://pay.vnpay.vn/vpcpay.html?')).toBe(true);
    expect(links.return_url).toBe(`https://monngon.vn${RETURN_PATH}`);
  });
});
