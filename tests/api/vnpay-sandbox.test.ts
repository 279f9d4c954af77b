import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ignoreLogger, VNPay } from 'vnpay';
import { buildApp } from '#server/app';
import { signAccessToken } from '#server/modules/auth/tokens';
import { sandboxRoutes } from '#server/payment/vnpay/sandbox/sandbox.routes';
import {
  buildPaymentUrl,
  newTxnRef,
  paymentParams,
  queryDrRequestHash,
  queryTransaction,
  signedUrl,
  verifyParams,
} from '#server/payment/vnpay/vnpay';
import { createTestApp, testConfig, type TestApp } from '../helpers/test-app';

const IPN_PATH = '/api/payment/vnpay/ipn/';
const PAGE = '/sandbox/vnpay/paymentv2/vpcpay.html';
const FORM = '/sandbox/vnpay/paymentv2/pay';
const API = '/sandbox/vnpay/merchant_webapi/api/transaction';

const CARDS = [
  { number: '9704198526191432198', responseCode: '00', status: '00' },
  { number: '9704195798459170488', responseCode: '51', status: '02' },
  { number: '9704192181368742', responseCode: '09', status: '02' },
  { number: '9704193370791314', responseCode: '12', status: '02' },
  { number: '9704194841945513', responseCode: '11', status: '02' },
];

interface IpnCall {
  query: Record<string, string>;
  reply: { RspCode?: string; Message?: string };
}

describe('built-in VNPay sandbox (vnpay.md)', () => {
  let t: TestApp;
  // Every call that reaches our IPN route, whichever module answers it.
  const ipnCalls: IpnCall[] = [];
  let realIpn = false;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        realIpn = app.hasRoute({ method: 'GET', url: IPN_PATH });
        // Only while the payments module's IPN does not exist: a stand-in that acknowledges.
        if (!realIpn) {
          app.get(IPN_PATH, { config: { access: 'public' } }, async () => ({
            RspCode: '00',
            Message: 'Confirm Success',
          }));
        }
        app.addHook('onSend', async (request, _reply, payload) => {
          if (request.url.split('?')[0] === IPN_PATH) {
            ipnCalls.push({
              query: Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? '')),
              reply: JSON.parse(String(payload)) as IpnCall['reply'],
            });
          }
          return payload;
        });
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const returnUrl = () => `${t.app.config.publicUrl}/api/payment/vnpay/return/`;

  /** A payment URL as the payments module builds it, for the app's own sandbox. */
  const paymentUrl = (over: Partial<Parameters<typeof buildPaymentUrl>[1]> = {}) =>
    buildPaymentUrl(t.app.config.vnpay, {
      txnRef: newTxnRef(),
      amount: 50_000,
      orderInfo: 'Nạp tiền vào ví Món Ngon',
      returnUrl: returnUrl(),
      ipAddr: '127.0.0.1',
      createdAt: new Date(),
      ...over,
    });

  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  const openPage = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });

  /** The hidden field the page's form carries (the signed request), unescaped. */
  const hiddenPayment = (html: string): string => {
    const match = /name="payment" value="([^"]*)"/.exec(html);
    if (!match) throw new Error('no payment field on the page');
    return match[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  };

  const submit = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: FORM,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const payWith = async (url: string, fields: Record<string, string>) => {
    const page = await openPage(url);
    expect(page.statusCode).toBe(200);
    return submit({
      payment: hiddenPayment(page.body),
      card: CARDS[0]!.number,
      holder: 'NGUYEN VAN A',
      issue_date: '07/15',
      otp: '123456',
      action: 'pay',
      ...fields,
    });
  };

  const redirectParams = (location: string) => {
    expect(location.startsWith(`${returnUrl()}?`)).toBe(true);
    return Object.fromEntries(new URL(location).searchParams);
  };

  /** Routes fetch (queryTransaction, the vnpay package) into the app instead of the network. */
  const fetchIntoApp = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const response = await t.app.inject({
          method: 'POST',
          url: url.pathname,
          headers: { 'content-type': 'application/json' },
          payload: init?.body as string,
        });
        return new Response(response.body, {
          status: response.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );

  describe('payment page', () => {
    it('shows a Vietnamese page with the merchant, the amount, the order and the test cards', async () => {
      const url = paymentUrl();
      const txnRef = new URL(url).searchParams.get('vnp_TxnRef')!;
      const res = await openPage(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('<html lang="vi">');
      expect(res.body).toContain('MONNGON1');
      expect(res.body).toContain(txnRef);
      expect(res.body).toContain('50.000 ₫');
      expect(res.body).toContain('Nap tien vao vi Mon Ngon');
      for (const card of CARDS) expect(res.body).toContain(card.number);
      expect(res.body).toContain('value="NGUYEN VAN A"');
      expect(res.body).toContain('value="07/15"');
      expect(res.body).toContain('value="123456"');
      expect(res.body).toContain('>Thanh toán</button>');
      expect(res.body).toContain('>Hủy giao dịch</button>');
      // Self-contained: no script and nothing loaded from elsewhere.
      expect(res.body).not.toMatch(/<script|<link|src=/i);
    });

    it('refuses a tampered, unsigned or foreign-signed request with a 400 page', async () => {
      const url = new URL(paymentUrl());
      url.searchParams.set('vnp_Amount', '100');
      const tampered = await openPage(url.toString());
      expect(tampered.statusCode).toBe(400);
      expect(tampered.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(tampered.body).toContain('Chữ ký không hợp lệ');

      const bare = await t.app.inject({ method: 'GET', url: PAGE });
      expect(bare.statusCode).toBe(400);
      expect(bare.body).toContain('Chữ ký không hợp lệ');

      const foreign = buildPaymentUrl(
        { ...t.app.config.vnpay, hashSecret: 'some-other-merchant-secret' },
        {
          txnRef: newTxnRef(),
          amount: 50_000,
          orderInfo: 'x',
          returnUrl: returnUrl(),
          ipAddr: '::1',
          createdAt: new Date(),
        },
      );
      expect((await openPage(foreign)).body).toContain('Chữ ký không hợp lệ');
    });

    it('refuses an expired request and another merchant code', async () => {
      const expired = await openPage(
        paymentUrl({ createdAt: new Date(Date.now() - 20 * 60_000), expiresInMinutes: 15 }),
      );
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain('Giao dịch đã quá thời gian chờ thanh toán');

      const other = await openPage(
        buildPaymentUrl(
          { ...t.app.config.vnpay, tmnCode: 'OTHER123' },
          {
            txnRef: newTxnRef(),
            amount: 50_000,
            orderInfo: 'x',
            returnUrl: returnUrl(),
            ipAddr: '::1',
            createdAt: new Date(),
          },
        ),
      );
      expect(other.statusCode).toBe(400);
      expect(other.body).toContain('vnp_TmnCode');
    });
  });

  describe('paying', () => {
    it.each(CARDS)(
      'card $number: the IPN first, then a signed redirect with ResponseCode $responseCode',
      async (card) => {
        const url = paymentUrl();
        const txnRef = new URL(url).searchParams.get('vnp_TxnRef')!;
        const before = ipnCalls.length;
        const res = await payWith(url, { card: card.number });
        expect(res.statusCode).toBe(302);
        const params = redirectParams(res.headers.location!);
        expect(verifyParams(params, t.app.config.vnpay.hashSecret)).toBe(true);
        expect(params).toMatchObject({
          vnp_Amount: '5000000',
          vnp_BankCode: 'NCB',
          vnp_CardType: 'ATM',
          vnp_OrderInfo: 'Nap tien vao vi Mon Ngon',
          vnp_ResponseCode: card.responseCode,
          vnp_TmnCode: 'MONNGON1',
          vnp_TransactionStatus: card.status,
          vnp_TxnRef: txnRef,
          vnp_TransactionNo: expect.stringMatching(/^[1-9]\d{7}$/),
          vnp_PayDate: expect.stringMatching(/^20\d{12}$/),
        });
        if (card.responseCode === '00') {
          expect(params.vnp_BankTranNo).toBe(`VNP${params.vnp_TransactionNo}`);
        }

        // Exactly one IPN, with the same signed parameters, before the redirect was sent.
        expect(ipnCalls.length).toBe(before + 1);
        const ipn = ipnCalls.at(-1)!;
        expect(ipn.query).toEqual(params);
        // The real IPN knows no payment for this TxnRef, but it read the signature as valid:
        // "unknown TxnRef" (01), not "bad signature" (97).
        expect(ipn.reply.RspCode).toBe(realIpn ? '01' : '00');
      },
    );

    it('cancel: ResponseCode 24, TransactionNo 0, TransactionStatus 02', async () => {
      const before = ipnCalls.length;
      const res = await payWith(paymentUrl(), { action: 'cancel', card: '', otp: '' });
      expect(res.statusCode).toBe(302);
      const params = redirectParams(res.headers.location!);
      expect(verifyParams(params, t.app.config.vnpay.hashSecret)).toBe(true);
      expect(params).toMatchObject({
        vnp_ResponseCode: '24',
        vnp_TransactionNo: '0',
        vnp_TransactionStatus: '02',
      });
      expect(ipnCalls.length).toBe(before + 1);
      expect(ipnCalls.at(-1)!.query.vnp_ResponseCode).toBe('24');
    });

    it('a wrong OTP shows the page again; the third ends the transaction with 13', async () => {
      const url = paymentUrl();
      const page = await openPage(url);
      const payment = hiddenPayment(page.body);
      const before = ipnCalls.length;
      const wrong = () =>
        submit({
          payment,
          card: CARDS[0]!.number,
          holder: 'NGUYEN VAN A',
          issue_date: '07/15',
          otp: '000000',
          action: 'pay',
        });
      for (const left of [2, 1]) {
        const res = await wrong();
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain(`Mã OTP không đúng. Bạn còn ${left} lần thử.`);
        expect(res.body).toContain('50.000 ₫');
      }
      expect(ipnCalls.length).toBe(before);
      const third = await wrong();
      expect(third.statusCode).toBe(302);
      expect(redirectParams(third.headers.location!)).toMatchObject({
        vnp_ResponseCode: '13',
        vnp_TransactionStatus: '02',
      });
      expect(ipnCalls.length).toBe(before + 1);
    });

    it('refuses wrong card details, an edited request, and a second submit', async () => {
      const url = paymentUrl();
      const holder = await payWith(url, { holder: 'TRAN THI B' });
      expect(holder.statusCode).toBe(400);
      expect(holder.body).toContain('Thông tin thẻ không chính xác');
      const card = await payWith(url, { card: '9704000000000000' });
      expect(card.body).toContain('Số thẻ không hợp lệ');

      const page = await openPage(url);
      const edited = hiddenPayment(page.body).replace('vnp_Amount=5000000', 'vnp_Amount=500000');
      const forged = await submit({ payment: edited, card: CARDS[0]!.number, action: 'pay' });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('Chữ ký không hợp lệ');

      expect((await payWith(url, {})).statusCode).toBe(302);
      const again = await submit({
        payment: hiddenPayment(page.body),
        card: CARDS[0]!.number,
        holder: 'NGUYEN VAN A',
        issue_date: '07/15',
        otp: '123456',
        action: 'pay',
      });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('Giao dịch đã được xử lý');
      expect((await openPage(url)).body).toContain('Giao dịch đã được xử lý');
    });

    it('escapes what it echoes, even from a signed request', async () => {
      const { payUrl, tmnCode, hashSecret } = t.app.config.vnpay;
      const params = paymentParams(tmnCode, {
        txnRef: newTxnRef(),
        amount: 50_000,
        orderInfo: 'x',
        returnUrl: returnUrl(),
        ipAddr: '::1',
        createdAt: new Date(),
      });
      params.vnp_OrderInfo = '<script>alert("x")</script>';
      const res = await openPage(signedUrl(payUrl, params, hashSecret));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>');
      expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    });
  });

  describe('querydr', () => {
    it('answers a paid TxnRef, a shown-but-unpaid one, and 91 for an unknown one', async () => {
      const url = paymentUrl({ amount: 123_000 });
      const txnRef = new URL(url).searchParams.get('vnp_TxnRef')!;
      const paid = redirectParams((await payWith(url, {})).headers.location!);

      const shownUrl = paymentUrl();
      const shownRef = new URL(shownUrl).searchParams.get('vnp_TxnRef')!;
      await openPage(shownUrl);

      fetchIntoApp();
      const ask = (ref: string) =>
        queryTransaction(t.app.config.vnpay, {
          txnRef: ref,
          transactionDate: new Date(),
          ipAddr: '::1',
          orderInfo: `Truy van ${ref}`,
        });
      await expect(ask(txnRef)).resolves.toEqual({
        responseCode: '00',
        transactionStatus: '00',
        amount: 123_000,
        transactionNo: paid.vnp_TransactionNo,
        bankCode: 'NCB',
        payDate: paid.vnp_PayDate,
      });
      await expect(ask(shownRef)).resolves.toMatchObject({
        responseCode: '00',
        transactionStatus: '01',
        amount: 50_000,
        transactionNo: null,
      });
      await expect(ask('NEVERSEEN1')).resolves.toMatchObject({
        responseCode: '91',
        transactionStatus: null,
      });
    });

    it('signs its replies so that the vnpay package verifies them', async () => {
      const url = paymentUrl();
      const txnRef = new URL(url).searchParams.get('vnp_TxnRef')!;
      const paid = await payWith(url, { card: CARDS[1]!.number });
      const transactionNo = Number(redirectParams(paid.headers.location!).vnp_TransactionNo);
      fetchIntoApp();
      const library = new VNPay({
        tmnCode: t.app.config.vnpay.tmnCode,
        secureSecret: t.app.config.vnpay.hashSecret,
        vnpayHost: t.app.config.publicUrl,
        queryDrAndRefundHost: t.app.config.publicUrl,
        endpoints: { queryDrRefundEndpoint: API.slice(1) },
        loggerFn: ignoreLogger,
      });
      const now = Number(
        new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Asia/Ho_Chi_Minh',
          dateStyle: 'short',
          timeStyle: 'medium',
        })
          .format(new Date())
          .replace(/\D/g, ''),
      );
      const result = await library.queryDr({
        vnp_RequestId: `REQ${Date.now()}`,
        vnp_TxnRef: txnRef,
        vnp_TransactionNo: transactionNo,
        vnp_TransactionDate: now,
        vnp_CreateDate: now,
        vnp_IpAddr: '127.0.0.1',
        vnp_OrderInfo: `Truy van ${txnRef}`,
      });
      expect(result.isVerified).toBe(true);
      expect(result).toMatchObject({
        vnp_ResponseCode: '00',
        vnp_TransactionStatus: '02',
        vnp_TransactionNo: String(transactionNo),
      });
    });

    it('refuses a bad checksum (97), a malformed request (03), a repeated RequestId (94)', async () => {
      const { tmnCode, hashSecret } = t.app.config.vnpay;
      const body: Record<string, string> = {
        vnp_RequestId: 'abc123',
        vnp_Version: '2.1.0',
        vnp_Command: 'querydr',
        vnp_TmnCode: tmnCode,
        vnp_TxnRef: 'NEVERSEEN2',
        vnp_TransactionDate: '20250101000000',
        vnp_CreateDate: '20250101000000',
        vnp_IpAddr: '127.0.0.1',
        vnp_OrderInfo: 'Truy van',
      };
      body.vnp_SecureHash = queryDrRequestHash(body, hashSecret);
      const post = (payload: unknown) =>
        t.app.inject({ method: 'POST', url: API, payload: payload as Record<string, string> });

      expect((await post({ ...body, vnp_TxnRef: 'OTHER' })).json().vnp_ResponseCode).toBe('97');
      expect((await post({ vnp_Command: 'querydr' })).json().vnp_ResponseCode).toBe('03');
      expect((await post(body)).json().vnp_ResponseCode).toBe('91');
      expect((await post(body)).json().vnp_ResponseCode).toBe('94');
    });
  });

  // The whole loop with the payments module's real deposit, IPN and return routes.
  it('a deposit paid with the success card credits the wallet through the real IPN', async () => {
    const user = await t.database.db
      .insertInto('users')
      .values({ role: 'customer', phone: '0977000111' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const auth = {
      authorization: `Bearer ${await signAccessToken(t.app.keys.jwt, { id: user.id, role: 'customer' })}`,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/deposit/create/',
      headers: { ...auth, 'idempotency-key': 'sandbox-deposit-1' },
      payload: { amount: 50_000 },
    });
    expect(created.statusCode).toBe(200);
    const url = created.json().data.payment_url as string;
    expect(url.startsWith(`${t.app.config.vnpay.payUrl}?`)).toBe(true);

    const paid = await payWith(url, {});
    expect(paid.statusCode).toBe(302);
    expect(ipnCalls.at(-1)!.reply).toEqual({ RspCode: '00', Message: expect.any(String) });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/payment/wallet/balance/',
      headers: auth,
    });
    expect(balance.json().data.balance).toBe(50_000);

    // The browser's return leg reports the outcome the IPN already recorded.
    const returned = await t.app.inject({
      method: 'GET',
      url: pathOf(paid.headers.location!),
      headers: { accept: 'application/json' },
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'success' });
  });

  it('does not exist when a real gateway is configured', async () => {
    // A second app on the same database (buildApp never closes the database it is given).
    const app = await buildApp({
      config: testConfig({
        DATA_DIR: t.dataDir,
        VNPAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
        VNPAY_API_URL: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
        VNPAY_TMN_CODE: 'REALTMN1',
        VNPAY_HASH_SECRET: 'a-real-secret-of-enough-length',
      }),
      db: t.database,
      logger: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: PAGE })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: API, payload: {} })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is refused in production even if someone registers it', async () => {
    const app = Fastify();
    app.decorate('config', {
      ...t.app.config,
      appEnv: 'production' as const,
    });
    await expect(app.register(sandboxRoutes).ready()).rejects.toThrow(/never registered/);
    await app.close();
  });
});
