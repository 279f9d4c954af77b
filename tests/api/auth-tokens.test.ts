import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '#server/lib/keys';
import { hashRefreshToken, signAccessToken } from '#server/modules/auth/tokens';
import {
  call,
  OWNER,
  registerOwner,
  signInCustomer,
  signInStaff,
  type Tokens,
} from '../helpers/auth';
import { createTestApp, testConfig, type TestApp } from '../helpers/test-app';

const key = deriveKeys(testConfig().jwtSecret).jwt;

describe('access and refresh tokens', () => {
  let t: TestApp;
  let customer: { customer: { id: number }; tokens: Tokens };
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signInCustomer(t.app, '0901234567');
  });
  afterAll(() => t.close());

  const profile = (token: string) => call(t.app, 'GET', '/api/customer/profile/', { token });
  const refresh = (token: string) =>
    call<{ data: Tokens }>(t.app, 'POST', '/api/auth/refresh/', { token });
  /** Moves a token's rotation `seconds` into the past, as if that much time had gone by. */
  const ageRotation = (token: string, seconds: number) =>
    sql`update refresh_tokens set rotated_at = rotated_at - make_interval(secs => ${seconds})
      where token_hash = ${hashRefreshToken(token)}`.execute(t.database.db);

  it('opens protected routes with the access token only', async () => {
    expect((await profile(customer.tokens.access_token)).status).toBe(200);
    const withRefresh = await profile(customer.tokens.refresh_token);
    expect(withRefresh.status).toBe(401);
    expect(withRefresh.body).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'Vui lòng đăng nhập để tiếp tục',
    });
    const none = await call(t.app, 'GET', '/api/customer/profile/');
    expect(none.status).toBe(401);
  });

  it('refuses an expired, a tampered, a foreign-key and a wrong-type JWT', async () => {
    const expired = await signAccessToken(
      key,
      { id: customer.customer.id, role: 'customer' },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const [head, body, signature] = customer.tokens.access_token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const escalated = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString(
      'base64url',
    );
    const tampered = `${head}.${escalated}.${signature}`;
    const foreign = await signAccessToken(new TextEncoder().encode('x'.repeat(64)), {
      id: customer.customer.id,
      role: 'customer',
    });
    const refreshTyped = await new SignJWT({ role: 'customer', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.customer.id))
      .setIssuer('mon-ngon')
      .setAudience('mon-ngon-api')
      .setExpirationTime('15m')
      .sign(key);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    for (const token of [expired, tampered, foreign, refreshTyped, unsigned, 'garbage']) {
      const res = await profile(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses an access token at /refresh', async () => {
    const res = await refresh(customer.tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'INVALID_REFRESH_TOKEN',
      message: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
    });
    expect((await call(t.app, 'POST', '/api/auth/refresh/')).status).toBe(401);
  });

  it('rotates the refresh token, and reuse of a rotated one kills the whole family', async () => {
    const session = await signInCustomer(t.app, '0907654321');
    const first = await refresh(session.tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.data.refresh_token).not.toBe(session.tokens.refresh_token);
    expect((await profile(first.body.data.access_token)).status).toBe(200);

    const second = await refresh(first.body.data.refresh_token);
    expect(second.status).toBe(200);

    // The first token again, past the grace: a stolen copy. Everything of that sign-in dies.
    await ageRotation(session.tokens.refresh_token, 31);
    const replay = await refresh(session.tokens.refresh_token);
    expect(replay.status).toBe(401);
    expect((await refresh(second.body.data.refresh_token)).status).toBe(401);

    // Another sign-in of the same person is a different family and lives on.
    expect((await refresh(customer.tokens.refresh_token)).status).toBe(200);
  });

  it('gives a just-rotated token, presented again within 30 s, a working pair of its family', async () => {
    const session = await signInCustomer(t.app, '0907000030');
    const first = await refresh(session.tokens.refresh_token);
    expect(first.status).toBe(200);
    // 29 seconds later the same token again: a second tab that refreshed at the same time.
    await ageRotation(session.tokens.refresh_token, 29);
    const again = await refresh(session.tokens.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.data.refresh_token).not.toBe(first.body.data.refresh_token);
    expect((await profile(again.body.data.access_token)).status).toBe(200);
    // Both pairs live on and rotate normally.
    const fromFirst = await refresh(first.body.data.refresh_token);
    const fromAgain = await refresh(again.body.data.refresh_token);
    expect([fromFirst.status, fromAgain.status]).toEqual([200, 200]);

    // Past the window the old token is reuse: the family, every pair above included, dies.
    await ageRotation(session.tokens.refresh_token, 2);
    const late = await refresh(session.tokens.refresh_token);
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ success: false, code: 'INVALID_REFRESH_TOKEN' });
    for (const pair of [fromFirst, fromAgain])
      expect((await refresh(pair.body.data.refresh_token)).status).toBe(401);
  });

  it('gives no grace to a token of a signed-out family', async () => {
    const session = await signInCustomer(t.app, '0907000031');
    const first = await refresh(session.tokens.refresh_token);
    await call(t.app, 'POST', '/api/auth/logout/', {
      body: { refresh_token: first.body.data.refresh_token },
    });
    expect((await refresh(session.tokens.refresh_token)).status).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const session = await signInCustomer(t.app, '0907777777');
    await sql`update refresh_tokens set expires_at = now() - interval '1 second'`.execute(
      t.database.db,
    );
    expect((await refresh(session.tokens.refresh_token)).status).toBe(401);
  });

  it('logs out by revoking the refresh family', async () => {
    const session = await signInStaff(t.app, OWNER.username, OWNER.password).catch(async () => {
      await registerOwner(t.app);
      return signInStaff(t.app, OWNER.username, OWNER.password);
    });
    const rotated = await refresh(session.tokens.refresh_token);
    const out = await call(t.app, 'POST', '/api/auth/logout/', {
      body: { refresh_token: session.tokens.refresh_token },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Đã đăng xuất' });
    expect((await refresh(rotated.body.data.refresh_token)).status).toBe(401);
    // Unknown or missing tokens: still fine, nothing to reveal.
    expect(
      (await call(t.app, 'POST', '/api/auth/logout/', { body: { refresh_token: 'rt_unknown' } }))
        .status,
    ).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout/', { body: {} })).status).toBe(200);
  });
});

describe('roles (spec section 6)', () => {
  let t: TestApp;
  let customerToken: string;
  let ownerToken: string;
  let adminToken: string;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    customerToken = (await signInCustomer(t.app, '0909999999')).tokens.access_token;
    await registerOwner(t.app);
    ownerToken = (await signInStaff(t.app, OWNER.username, OWNER.password)).tokens.access_token;
    const { rows } = await sql<{
      id: number;
    }>`insert into users (role, username, password_hash) values ('admin', 'root_admin', 'x'), ('staff', 'kitchen_1', 'x') returning id`.execute(
      t.database.db,
    );
    adminToken = await signAccessToken(key, { id: rows[0]!.id, role: 'admin' });
    staffToken = await signAccessToken(key, { id: rows[1]!.id, role: 'staff' });
  });
  afterAll(() => t.close());

  it('lets only customers use customer endpoints', async () => {
    expect(
      (await call(t.app, 'GET', '/api/customer/profile/', { token: customerToken })).status,
    ).toBe(200);
    for (const token of [ownerToken, adminToken, staffToken]) {
      const res = await call(t.app, 'GET', '/api/customer/profile/', { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Bạn không có quyền thực hiện thao tác này',
      });
    }
  });

  it('lets staff, owner and admin use staff endpoints, never customers', async () => {
    for (const token of [ownerToken, adminToken, staffToken]) {
      expect((await call(t.app, 'GET', '/api/staff/profile/', { token })).status).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/staff/profile/', { token: customerToken })).status).toBe(
      403,
    );
  });

  it('refuses a start-up with a route that declares no access level', async () => {
    await expect(
      createTestApp({
        beforeReady: (app) => {
          app.get('/api/forgotten', async () => ({ success: true }));
        },
      }),
    ).rejects.toThrow('GET /api/forgotten declares no config.access');
  });
});
