import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { walletBalance } from '#server/modules/ledger/ledger.service';
import { buildPaymentUrl, newTxnRef, queryTransaction } from '#server/payment/vnpay/vnpay';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { newUser } from '../factories/users';

const FORM = '/sandbox/vnpay/paymentv2/pay';
const SUCCESS_CARD = '9704198526191432198';

/**
 * The development VNPay sandbox behind a load balancer: its transactions live in the
 * database, so any instance continues what another began, and a new instance (a restart)
 * still knows them.
 */
describe('the VNPay sandbox across app instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await b.close();
    await a.close();
  });

  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const openPage = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url: pathOf(url) });
  const hiddenPayment = (html: string): string => {
    const match = /name="payment" value="([^"]*)"/.exec(html);
    if (!match) throw new Error('no payment field on the page');
    return match[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  };
  const submit = (app: FastifyInstance, payment: string, fields: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: FORM,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        payment,
        card: SUCCESS_CARD,
        holder: 'NGUYEN VAN A',
        issue_date: '07/15',
        otp: '123456',
        action: 'pay',
        ...fields,
      }).toString(),
    });
  const paymentUrl = (amount = 50_000) =>
    buildPaymentUrl(a.app.config.vnpay, {
      txnRef: newTxnRef(),
      amount,
      orderInfo: 'Nạp tiền vào ví Món Ngon',
      returnUrl: `${a.app.config.publicUrl}/api/payment/vnpay/return/`,
      ipAddr: '127.0.0.1',
      createdAt: new Date(),
    });
  const txnRefOf = (url: string) => new URL(url).searchParams.get('vnp_TxnRef')!;

  /** querydr (a real HTTP call in production) answered by `app`. */
  const queryThrough = (app: FastifyInstance, txnRef: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const response = await app.inject({
          method: 'POST',
          url: new URL(String(input)).pathname,
          headers: { 'content-type': 'application/json' },
          payload: init?.body as string,
        });
        return new Response(response.body, {
          status: response.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return queryTransaction(a.app.config.vnpay, {
      txnRef,
      transactionDate: new Date(),
      ipAddr: '127.0.0.1',
      orderInfo: `Truy van ${txnRef}`,
    });
  };

  it('pays on B a deposit whose page A showed, and B’s querydr and a new instance know it', async () => {
    const user = await newUser(a, 'customer');
    const created = await call<{ data: { payment_url: string; txn_ref: string } }>(
      a.app,
      'POST',
      '/api/payment/deposit/create/',
      { token: user.token, body: { amount: 70_000 } },
    );
    expect(created.status).toBe(200);
    const { payment_url, txn_ref } = created.body.data;

    const page = await openPage(a.app, payment_url);
    expect(page.statusCode).toBe(200);
    const paid = await submit(b.app, hiddenPayment(page.body));
    expect(paid.statusCode).toBe(302);
    const result = Object.fromEntries(new URL(paid.headers.location!).searchParams);
    expect(result).toMatchObject({ vnp_ResponseCode: '00', vnp_TxnRef: txn_ref });
    // B's IPN went through the shared database: the wallet is credited.
    expect(await walletBalance(a.database.db, user.id)).toBe(70_000);

    const expected = {
      responseCode: '00',
      transactionStatus: '00',
      amount: 70_000,
      transactionNo: result.vnp_TransactionNo,
      bankCode: 'NCB',
      payDate: result.vnp_PayDate,
    };
    await expect(queryThrough(b.app, txn_ref)).resolves.toEqual(expected);

    // A restart: a new instance, with nothing in its memory, on the same database.
    const c = await createTestApp({ database: a.database });
    try {
      await expect(queryThrough(c.app, txn_ref)).resolves.toEqual(expected);
      // And the paid page is final everywhere.
      const again = await openPage(c.app, payment_url);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('Giao dịch đã được xử lý');
    } finally {
      await c.close();
    }
  });

  it('knows on B a page shown on A and never paid (01), and nothing of an unknown one (91)', async () => {
    const url = paymentUrl(45_000);
    expect((await openPage(a.app, url)).statusCode).toBe(200);
    await expect(queryThrough(b.app, txnRefOf(url))).resolves.toMatchObject({
      responseCode: '00',
      transactionStatus: '01',
      amount: 45_000,
      transactionNo: null,
    });
    await expect(queryThrough(b.app, 'KHONGCO789')).resolves.toMatchObject({
      responseCode: '91',
    });
  });

  it('counts wrong OTPs across instances: the third ends the transaction with 13', async () => {
    const url = paymentUrl();
    const payment = hiddenPayment((await openPage(a.app, url)).body);
    const first = await submit(a.app, payment, { otp: '000000' });
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain('Mã OTP không đúng. Bạn còn 2 lần thử.');
    const second = await submit(b.app, payment, { otp: '000000' });
    expect(second.body).toContain('Mã OTP không đúng. Bạn còn 1 lần thử.');
    const third = await submit(a.app, payment, { otp: '000000' });
    expect(third.statusCode).toBe(302);
    expect(new URL(third.headers.location!).searchParams.get('vnp_ResponseCode')).toBe('13');
  });

  it('lets one of two simultaneous submits on A and B through, the other finds it processed', async () => {
    const url = paymentUrl();
    const payment = hiddenPayment((await openPage(a.app, url)).body);
    const replies = await Promise.all([submit(a.app, payment), submit(b.app, payment)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([302, 400]);
    expect(replies.find((r) => r.statusCode === 400)!.body).toContain('Giao dịch đã được xử lý');
  });

  it('refuses a querydr RequestId seen by another instance (94)', async () => {
    const url = paymentUrl();
    await openPage(a.app, url);
    const bodies: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string | URL, init?: RequestInit) => {
        bodies.push(init?.body as string);
        const app = bodies.length === 1 ? a.app : b.app;
        const response = await app.inject({
          method: 'POST',
          url: '/sandbox/vnpay/merchant_webapi/api/transaction',
          headers: { 'content-type': 'application/json' },
          payload: bodies[0],
        });
        return new Response(response.body, {
          status: response.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const ask = () =>
      queryTransaction(a.app.config.vnpay, {
        txnRef: txnRefOf(url),
        transactionDate: new Date(),
        ipAddr: '127.0.0.1',
        orderInfo: 'Truy van',
      });
    await expect(ask()).resolves.toMatchObject({ responseCode: '00' });
    // The same signed request again, now through B.
    await expect(ask()).resolves.toMatchObject({ responseCode: '94' });
  });
});
