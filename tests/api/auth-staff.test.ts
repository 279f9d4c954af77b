import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '#contract/profile';
import { pruneExpiredRows } from '#server/modules/housekeeping/housekeeping.service';
import { call, OWNER, registerOwner, signInStaff } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('owner registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an owner account that can sign in, storing only an argon2id hash', async () => {
    const res = await registerOwner(t.app);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Đăng ký thành công! Tài khoản sẽ được xét duyệt trong 24-48 giờ.',
    });
    const user = ProfileSchema.parse(res.body.data.user);
    expect(user).toMatchObject({
      role: 'owner',
      username: OWNER.username,
      first_name: 'Minh',
      last_name: 'Trần Văn',
      name: 'Trần Văn Minh',
      email: OWNER.email,
      phone: OWNER.phone,
      gender: 'male',
      is_need_update: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(OWNER.password);
    const { rows } = await sql<{
      password_hash: string;
    }>`select password_hash from users where id = ${user.id}`.execute(t.database.db);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const session = await signInStaff(t.app, OWNER.username, OWNER.password);
    expect(session.user.id).toBe(user.id);
  });

  // Spec section 5 order: the first failing field is the one reported.
  const missing: [string, string][] = [
    ['username', 'Vui lòng nhập tên đăng nhập'],
    ['first_name', 'Vui lòng nhập tên'],
    ['last_name', 'Vui lòng nhập họ'],
    ['email', 'Vui lòng nhập email'],
    ['phone', 'Vui lòng nhập số điện thoại'],
    ['address', 'Vui lòng nhập địa chỉ'],
    ['password', 'Vui lòng nhập mật khẩu'],
  ];

  it.each(missing)('refuses a missing or blank %s with "%s"', async (field, message) => {
    for (const value of [undefined, '', '   ']) {
      const body: Record<string, unknown> = { ...OWNER, username: 'new_user_x' };
      if (value === undefined) delete body[field];
      else body[field] = value;
      const res = await call(t.app, 'POST', '/api/auth/staff/register/', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('reports the first problem in the spec order when everything is empty', async () => {
    const res = await call(t.app, 'POST', '/api/auth/staff/register/', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Vui lòng nhập tên đăng nhập');
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual([
      'username',
      'first_name',
      'last_name',
      'email',
      'phone',
      'address',
      'password',
    ]);
  });

  const huge = 'x'.repeat(10_000);
  it.each([
    ['a malformed email', { email: 'not-an-email' }, 'Email không hợp lệ'],
    ['a short phone', { phone: '09123' }, 'Số điện thoại không hợp lệ'],
    ['a 5-character password', { password: '12345' }, 'Mật khẩu phải có ít nhất 6 ký tự'],
    ['an unknown gender', { gender: 'robot' }, 'Giới tính không hợp lệ'],
    [
      'a username with diacritics',
      { username: 'tên có dấu' },
      'Tên đăng nhập chỉ gồm chữ không dấu, số và các ký tự . _ -',
    ],
    ['a 10,000-character first name', { first_name: huge }, 'Tên tối đa 100 ký tự'],
    ['a 10,000-character address', { address: huge }, 'Địa chỉ tối đa 500 ký tự'],
    ['a 10,000-character username', { username: huge }, 'Tên đăng nhập tối đa 50 ký tự'],
    ['a 10,000-character password', { password: huge }, 'Mật khẩu tối đa 128 ký tự'],
  ])('refuses %s', async (_label, override, message) => {
    const res = await call(t.app, 'POST', '/api/auth/staff/register/', {
      body: { ...OWNER, username: 'another_user', ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['0922.446.688', 'reg_dotted'],
    ['+84 922-446-689', 'reg_intl'],
  ])('registers the phone %s in its national form', async (phone, username) => {
    const res = await call<{ data: { user: { phone: string } } }>(
      t.app,
      'POST',
      '/api/auth/staff/register/',
      { body: { ...OWNER, username, email: `${username}@monngon.vn`, phone } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.user.phone).toBe(`0${phone.replace(/\D/g, '').slice(-9)}`);
  });

  it('refuses a common password', async () => {
    const res = await registerOwner(t.app, { username: 'weak_one', password: 'matkhau123' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Mật khẩu này quá phổ biến và dễ đoán. Vui lòng chọn mật khẩu khác.',
    });
  });

  it.each([
    [
      { username: OWNER.username.toUpperCase(), phone: '0911111111', email: 'a@b.vn' },
      'USERNAME_TAKEN',
      'Tên đăng nhập đã được sử dụng',
    ],
    [
      { username: 'other_1', phone: '0912 345 678', email: 'b@b.vn' },
      'PHONE_TAKEN',
      'Số điện thoại đã được sử dụng',
    ],
    [
      { username: 'other_2', phone: '0911111112', email: OWNER.email.toUpperCase() },
      'EMAIL_TAKEN',
      'Email đã được sử dụng',
    ],
  ])('refuses a duplicate %j with 409', async (override, code, message) => {
    const before = await sql<{ n: number }>`select count(*)::int as n from users`.execute(
      t.database.db,
    );
    const res = await registerOwner(t.app, override);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code, message });
    const after = await sql<{ n: number }>`select count(*)::int as n from users`.execute(
      t.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('stores SQL and HTML in names as plain text', async () => {
    const hostile = {
      username: 'bobby_tables',
      first_name: "Robert'); DROP TABLE users;--",
      last_name: '<script>alert(1)</script>',
      phone: '0933333333',
      email: 'bobby@example.vn',
    };
    const res = await registerOwner(t.app, hostile);
    expect(res.status).toBe(201);
    const session = await signInStaff(t.app, 'bobby_tables', OWNER.password);
    const profile = await call(t.app, 'GET', '/api/staff/profile/', {
      token: session.tokens.access_token,
    });
    expect(profile.body.data).toMatchObject({
      first_name: hostile.first_name,
      last_name: hostile.last_name,
    });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(
      t.database.db,
    );
    expect(rows[0]!.n).toBeGreaterThan(1);
  });
});

describe('staff sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerOwner(t.app);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '203.0.113.50') =>
    call(t.app, 'POST', '/api/auth/staff/login/', { body: { username, password }, ip });

  it('accepts the username or the email, in any letter case', async () => {
    for (const name of [
      OWNER.username,
      OWNER.email,
      OWNER.email.toUpperCase(),
      ` ${OWNER.username} `,
    ]) {
      const res = await login(name, OWNER.password);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Đăng nhập thành công!');
      const data = res.body.data as { user: unknown; tokens: unknown };
      expect(ProfileSchema.parse(data.user).role).toBe('owner');
      expect(data.tokens).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
    }
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await login(OWNER.username, 'not-the-password');
    const unknown = await login('nobody_here', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Tên đăng nhập hoặc mật khẩu không đúng',
      });
    }
    // A correct sign-in resets the count of failures.
    expect((await login(OWNER.username, OWNER.password)).status).toBe(200);
  });

  it.each([
    [{ username: '', password: 'abcdef' }, 'Vui lòng nhập tên đăng nhập hoặc email'],
    [{ username: 'a', password: '' }, 'Vui lòng nhập mật khẩu'],
    [{ username: 'a', password: '12345' }, 'Mật khẩu phải có ít nhất 6 ký tự'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await call(t.app, 'POST', '/api/auth/staff/login/', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('does not let a customer phone account sign in with a password', async () => {
    await sql`insert into users (role, phone) values ('customer', '0944444444')`.execute(
      t.database.db,
    );
    const res = await login('0944444444', 'whatever-123');
    expect(res.status).toBe(401);
  });

  const delayed = (wait: string) =>
    `Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau ${wait}.`;
  /** As if the pair's current wait had run out. */
  const endWait = (source: string) =>
    sql`update login_throttles set blocked_until = now() - interval '1 second'
      where source = ${source}`.execute(t.database.db);

  it('makes one source wait after 5 wrong passwords for one account, longer each time', async () => {
    await registerOwner(t.app, {
      username: 'slow_me',
      phone: '0955555555',
      email: 'slow@example.vn',
    });
    const attacker = '198.51.100.7';
    for (let i = 0; i < 4; i++)
      expect((await login('slow_me', 'wrong-password', attacker)).status).toBe(401);
    const fifth = await login('slow_me', 'wrong-password', attacker);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({
      success: false,
      code: 'LOGIN_DELAYED',
      message: delayed('1 giây'),
    });
    expect(fifth.headers['retry-after']).toBe('1');

    // Each further failure doubles the wait.
    await endWait(attacker);
    const sixth = await login('slow_me', 'wrong-password', attacker);
    expect(sixth.body.message).toBe(delayed('2 giây'));
    expect(sixth.headers['retry-after']).toBe('2');
    await endWait(attacker);
    const seventh = await login('slow_me', 'wrong-password', attacker);
    expect(seventh.body.message).toBe(delayed('4 giây'));
    expect(seventh.headers['retry-after']).toBe('4');

    // ... up to 15 minutes, never more.
    await sql`update login_throttles set failures = 20, blocked_until = null
      where source = ${attacker}`.execute(t.database.db);
    const capped = await login('slow_me', 'wrong-password', attacker);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(delayed('15 phút'));
    expect(capped.headers['retry-after']).toBe('900');

    // While it waits, even the right password from there is refused unchecked.
    const right = await login('slow_me', OWNER.password, attacker);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('LOGIN_DELAYED');

    // The owner's own device is another source: it signs in at once, and its success does
    // not free the attacker's address.
    expect((await login('slow_me', OWNER.password, '203.0.113.99')).status).toBe(200);
    expect((await login('slow_me', OWNER.password, attacker)).status).toBe(429);
  });

  it('clears a source’s count when it signs in', async () => {
    await registerOwner(t.app, {
      username: 'forgetful',
      phone: '0955555556',
      email: 'forgetful@example.vn',
    });
    const home = '198.51.100.8';
    for (let i = 0; i < 4; i++)
      expect((await login('forgetful', 'wrong-password', home)).status).toBe(401);
    expect((await login('forgetful', OWNER.password, home)).status).toBe(200);
    // Counting starts again: four more mistakes are plain 401s, the fifth waits.
    for (let i = 0; i < 4; i++)
      expect((await login('forgetful', 'wrong-password', home)).status).toBe(401);
    expect((await login('forgetful', 'wrong-password', home)).status).toBe(429);
  });

  it('never stops the right password because of failures from other addresses', async () => {
    await registerOwner(t.app, {
      username: 'targeted',
      phone: '0955555557',
      email: 'targeted@example.vn',
    });
    for (let i = 0; i < 12; i++)
      expect((await login('targeted', 'wrong-password', `10.2.0.${i}`)).status).toBe(401);
    expect((await login('targeted', OWNER.password, '10.2.1.1')).status).toBe(200);
  });

  it('forgets failures older than a day (hourly housekeeping)', async () => {
    const source = '198.51.100.9';
    await login('targeted', 'wrong-password', source);
    await sql`update login_throttles set last_failure_at = now() - interval '25 hours'
      where source = ${source}`.execute(t.database.db);
    const removed = await pruneExpiredRows(t.database.db);
    expect(removed.loginThrottles).toBeGreaterThanOrEqual(1);
    const { rows } = await sql`select 1 from login_throttles where source = ${source}`.execute(
      t.database.db,
    );
    expect(rows).toEqual([]);
  });

  it('limits failed sign-ins per IP across accounts', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 30; i++)
      expect((await login(`ghost_${i}`, 'wrong-password', ip)).status).toBe(401);
    const blocked = await login(OWNER.username, OWNER.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const spoofed = await call(t.app, 'POST', '/api/auth/staff/login/', {
      body: { username: OWNER.username, password: OWNER.password },
      ip,
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(spoofed.status).toBe(429);
  });
});
