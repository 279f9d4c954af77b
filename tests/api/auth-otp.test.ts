import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '#contract/profile';
import { ageOtpChallenges, call, latestCode } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Err = { success: false; message: string; code: string; errors?: { path: string }[] };

describe('customer sign-in with a one-time code', () => {
  let t: TestApp;
  let phoneSeq = 0;
  // A fresh phone (and client IP) per test, so the limits of one test never touch another.
  const nextPhone = () => `09${String(10_000_000 + ++phoneSeq).slice(-8)}`;
  const nextIp = () => `198.51.100.${phoneSeq}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (phone: string, ip: string, extra: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone }, ip, headers: extra });
  const verify = (phone: string, otp_code: string, ip: string) =>
    call(t.app, 'POST', '/api/auth/customer/verify-otp/', { body: { phone, otp_code }, ip });

  it('sends a code by SMS, never in the reply, and signs a new customer in', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const sent = await send(phone, ip);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      message: 'Mã OTP đã được gửi đến số điện thoại của bạn',
      data: { resend_after: 60, expires_in: 300 },
    });
    const code = await latestCode(t.app, phone);
    expect(JSON.stringify(sent.body)).not.toContain(code);

    const { rows } = await sql<{
      code_hmac: string;
    }>`select code_hmac from otp_challenges where phone = ${phone}`.execute(t.database.db);
    expect(rows[0]!.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hmac).not.toContain(code);

    const res = await verify(phone, code, ip);
    expect(res.status).toBe(200);
    const data = res.body.data as { customer: unknown; tokens: Record<string, unknown> };
    expect(res.body.message).toBe('Đăng nhập thành công!');
    const customer = ProfileSchema.parse(data.customer);
    expect(customer).toMatchObject({ role: 'customer', phone, name: phone, is_need_update: true });
    expect(data.tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
  });

  it('answers a new and a known phone identically', async () => {
    const known = nextPhone();
    const ip = nextIp();
    await send(known, ip);
    await verify(known, await latestCode(t.app, known), ip);
    await ageOtpChallenges(t.database, known, 61);

    const forKnown = await send(known, ip);
    const forNew = await send(nextPhone(), nextIp());
    expect(forKnown.status).toBe(forNew.status);
    expect(forKnown.body).toEqual(forNew.body);
  });

  it('signs a returning customer into the same account', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await send(phone, ip);
    const first = await verify(phone, await latestCode(t.app, phone), ip);
    await ageOtpChallenges(t.database, phone, 61);
    await send(phone, ip);
    const second = await verify(phone, await latestCode(t.app, phone), ip);
    const id = (r: typeof first) => (r.body.data as { customer: { id: number } }).customer.id;
    expect(id(second)).toBe(id(first));
  });

  it.each([
    ['0912 345 678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['84 912 345 679', '0912345679'],
    ['01234567890', '01234567890'],
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['84912345678', '0912345678'],
    ['+84 0912 345 678', '0912345678'],
  ])('accepts %s as %s', async (raw, normalised) => {
    const ip = nextIp();
    await sql`delete from otp_challenges where phone = ${normalised}`.execute(t.database.db);
    const res = await send(raw, ip);
    expect(res.status).toBe(200);
    expect((await latestCode(t.app, normalised)).length).toBe(6);
  });

  it('signs in with the code whichever way the same phone is written', async () => {
    const ip = nextIp();
    await sql`delete from otp_challenges where phone = '0913579246'`.execute(t.database.db);
    expect((await send('0913.579.246', ip)).status).toBe(200);
    const res = await verify('+84 0913-579-246', await latestCode(t.app, '0913579246'), ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ customer: { phone: '0913579246' } });
  });

  it.each([
    ['', 'Vui lòng nhập số điện thoại'],
    ['   ', 'Vui lòng nhập số điện thoại'],
    ['09a2345678', 'Số điện thoại không hợp lệ'],
    ['091234567', 'Số điện thoại không hợp lệ'],
    ['091234567890', 'Số điện thoại không hợp lệ'],
    ['1912345678', 'Số điện thoại không hợp lệ'],
  ])('refuses the phone %j with 400 "%s"', async (phone, message) => {
    const res = await send(phone, nextIp());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('refuses a missing phone field in Vietnamese', async () => {
    const res = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: {},
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Vui lòng nhập số điện thoại');
  });

  it.each([
    ['', 'Vui lòng nhập mã OTP'],
    ['12345', 'Mã OTP phải có 6 chữ số'],
    ['1234567', 'Mã OTP phải có 6 chữ số'],
    ['12a456', 'Mã OTP phải có 6 chữ số'],
  ])('refuses the code %j with "%s"', async (code, message) => {
    const res = await verify(nextPhone(), code, nextIp());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses a wrong code, an expired code and a used code alike', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await send(phone, ip);
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const bad = await verify(phone, wrong, ip);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      code: 'OTP_INVALID',
      message: 'Số điện thoại hoặc mã OTP không đúng',
    });

    expect((await verify(phone, code, ip)).status).toBe(200);
    const reused = await verify(phone, code, ip);
    expect(reused.status).toBe(400);
    expect((reused.body as Err).code).toBe('OTP_INVALID');

    await ageOtpChallenges(t.database, phone, 61);
    await send(phone, ip);
    const fresh = await latestCode(t.app, phone);
    await ageOtpChallenges(t.database, phone, 301);
    const expired = await verify(phone, fresh, ip);
    expect(expired.status).toBe(400);
    expect((expired.body as Err).code).toBe('OTP_INVALID');
  });

  it("refuses another phone's code", async () => {
    const a = nextPhone();
    const b = nextPhone();
    const ip = nextIp();
    await send(a, ip);
    await send(b, ip);
    const codeA = await latestCode(t.app, a);
    const codeB = await latestCode(t.app, b);
    if (codeA === codeB) return; // one in a million: nothing to tell apart
    const res = await verify(b, codeA, ip);
    expect(res.status).toBe(400);
    expect((res.body as Err).code).toBe('OTP_INVALID');
    expect((await verify(b, codeB, ip)).status).toBe(200);
  });

  it('kills the code after 5 wrong tries, even if the 6th is right', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await send(phone, ip);
    const code = await latestCode(t.app, phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await verify(phone, wrong, ip)).status).toBe(400);
    const sixth = await verify(phone, code, ip);
    expect(sixth.status).toBe(400);
    expect((sixth.body as Err).code).toBe('OTP_INVALID');
  });

  it('makes a new code replace the previous one', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await send(phone, ip);
    const first = await latestCode(t.app, phone);
    await ageOtpChallenges(t.database, phone, 61);
    await send(phone, ip);
    const second = await latestCode(t.app, phone);
    if (first !== second) expect((await verify(phone, first, ip)).status).toBe(400);
    expect((await verify(phone, second, ip)).status).toBe(200);
  });

  it('refuses a resend inside 60 s with 429 and Retry-After', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await send(phone, ip)).status).toBe(200);
    const again = await send(phone, ip);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('OTP_RESEND_TOO_SOON');
    expect(again.body.message).toMatch(/^Vui lòng đợi \d+ giây trước khi yêu cầu mã mới\.$/);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await ageOtpChallenges(t.database, phone, 61);
    expect((await send(phone, ip)).status).toBe(200);
  });

  it('allows 5 sends per phone per hour, then 429 until the hour has passed', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone, nextIp())).status).toBe(200);
      await ageOtpChallenges(t.database, phone, 61);
    }
    const sixth = await send(phone, nextIp());
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(sixth.body.message).toMatch(/^Số điện thoại này đã nhận quá nhiều mã OTP/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);

    await ageOtpChallenges(t.database, phone, 3600);
    expect((await send(phone, nextIp())).status).toBe(200);
  });

  it('limits sends per IP, and a spoofed X-Forwarded-For does not reset it', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) expect((await send(nextPhone(), ip)).status).toBe(200);
    const over = await send(nextPhone(), ip);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const spoofed = await send(nextPhone(), ip, { 'x-forwarded-for': '10.9.8.7' });
    expect(spoofed.status).toBe(429);
  });

  it('takes its per-IP limit from OTP_SENDS_PER_IP_PER_HOUR', async () => {
    const shared = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '2' } });
    try {
      const ip = '192.0.2.78';
      const sendThere = (phone: string) =>
        call(shared.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone }, ip });
      expect((await sendThere(nextPhone())).status).toBe(200);
      expect((await sendThere(nextPhone())).status).toBe(200);
      const over = await sendThere(nextPhone());
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^Bạn đã yêu cầu quá nhiều mã OTP/);
      // Another address still gets its own two.
      const elsewhere = await call(shared.app, 'POST', '/api/auth/customer/send-otp/', {
        body: { phone: nextPhone() },
        ip: '192.0.2.79',
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await shared.close();
    }
  });

  it('keeps the code out of the reply when the SMS gateway fails, and allows a retry', async () => {
    let fail = true;
    const sent: string[] = [];
    const flaky = await createTestApp({
      sms: {
        send: async (_phone, text) => {
          if (fail) throw new Error('gateway down');
          sent.push(text);
        },
      },
    });
    try {
      const phone = nextPhone();
      const down = await call(flaky.app, 'POST', '/api/auth/customer/send-otp/', {
        body: { phone },
      });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        success: false,
        code: 'SMS_FAILED',
        message: 'Không thể gửi mã OTP. Vui lòng thử lại.',
      });
      fail = false;
      const up = await call(flaky.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone } });
      expect(up.status).toBe(200);
      expect(sent).toHaveLength(1);
    } finally {
      await flaky.close();
    }
  });
});

describe('the per-IP limit behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('counts the client address the proxy reports', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
        body: { phone: `0977${String(100000 + i)}` },
        headers: { 'x-forwarded-for': '100.64.0.1' },
      });
      expect(res.status).toBe(200);
    }
    const sameClient = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: { phone: '0977200000' },
      headers: { 'x-forwarded-for': '100.64.0.1' },
    });
    expect(sameClient.status).toBe(429);
    const otherClient = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: { phone: '0977200001' },
      headers: { 'x-forwarded-for': '100.64.0.2' },
    });
    expect(otherClient.status).toBe(200);
  });
});

describe('the development SMS outbox', () => {
  it('is not served in production', async () => {
    const t = await createTestApp({
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
      const res = await call(t.app, 'GET', '/api/dev/sms-outbox?phone=0912345678');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('lists the newest message first', async () => {
    const t = await createTestApp();
    try {
      const phone = '0988777666';
      await call(t.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone } });
      await ageOtpChallenges(t.database, phone, 61);
      await call(t.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone } });
      const res = await call<{
        data: { items: { phone: string; text: string; created_at: string }[] };
      }>(t.app, 'GET', `/api/dev/sms-outbox?phone=${phone}`);
      expect(res.body.data.items).toHaveLength(2);
      expect(res.body.data.items[0]).toEqual({
        phone,
        text: expect.stringMatching(/^\d{6} là mã đăng nhập Món Ngon/),
        created_at: expect.any(String),
      });
      const [newest, older] = res.body.data.items;
      expect(Date.parse(newest!.created_at)).toBeGreaterThanOrEqual(Date.parse(older!.created_at));
    } finally {
      await t.close();
    }
  });
});
