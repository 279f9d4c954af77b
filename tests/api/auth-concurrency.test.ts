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

  it('answers a refresh token presented five times at once with five working pairs', async () => {
    const session = await signInCustomer(t.app, '0981000003');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<{ data: Tokens }>(t.app, 'POST', '/api/auth/refresh/', {
          token: session.tokens.refresh_token,
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const pairs = replies.map((r) => r.body.data);
    expect(new Set(pairs.map((p) => p.refresh_token)).size).toBe(5);
    for (const pair of pairs) {
      const profile = await call(t.app, 'GET', '/api/customer/profile/', {
        token: pair.access_token,
      });
      expect(profile.status).toBe(200);
      const next = await call(t.app, 'POST', '/api/auth/refresh/', { token: pair.refresh_token });
      expect(next.status).toBe(200);
    }
  });

  it('gives the grace through another instance on the same database', async () => {
    const other = await createTestApp({ database: t.database });
    try {
      const session = await signInCustomer(t.app, '0981000004');
      const [onA, onB] = await Promise.all(
        [t.app, other.app].map((app) =>
          call<{ data: Tokens }>(app, 'POST', '/api/auth/refresh/', {
            token: session.tokens.refresh_token,
          }),
        ),
      );
      expect([onA!.status, onB!.status]).toEqual([200, 200]);
      for (const [app, pair] of [
        [other.app, onA!.body.data],
        [t.app, onB!.body.data],
      ] as const) {
        const next = await call(app, 'POST', '/api/auth/refresh/', { token: pair.refresh_token });
        expect(next.status).toBe(200);
      }
    } finally {
      await other.close();
    }
  });
});
