import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, signInCustomer, type Tokens } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Meaningful on the PostgreSQL lane, where requests really run at the same time; on PGlite
// they are serialised and the same assertions must hold trivially.
describe('simultaneous requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends one code when the same phone asks ten times at once', async () => {
    const phone = '0981000001';
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/customer/send-otp/', {
          body: { phone },
          ip: `10.20.0.${i}`,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(9);
  });

  it('accepts a code once when it is submitted ten times at once', async () => {
    const phone = '0981000002';
    await call(t.app, 'POST', '/api/auth/customer/send-otp/', { body: { phone } });
    const code = await latestCode(t.app, phone);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'POST', '/api/auth/customer/verify-otp/', { body: { phone, otp_code: code } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(9);
  });

  it('rotates a refresh token once when it is presented five times at once', async () => {
    const session = await signInCustomer(t.app, '0981000003');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<{ data: Tokens }>(t.app, 'POST', '/api/auth/refresh/', {
          token: session.tokens.refresh_token,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(replies.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(4);
  });
});
