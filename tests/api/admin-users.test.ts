import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserDetailReplySchema,
  AdminUserListReplySchema,
  AuditListReplySchema,
} from '#contract/admin-users';
import { ageOtpChallenges, call, latestCode, signInCustomer } from '../helpers/auth';
import { listenOnFreePort, openSse } from '../helpers/sse';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, paidOrder } from '../helpers/money';
import { searchUsers } from '#server/modules/admin-users/admin-users.service';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Body {
  success: boolean;
  message: string;
  code?: string;
}

const LOCKED = 'Tài khoản của bạn đã bị khóa';
// Short, so the other instance's stream notices the lock within the test.
const EVENTS = { heartbeatMs: 100 };

describe('admin users: search, detail, locking and the audit log', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ events: EVENTS });
    admin = await newUser(t, 'admin', { full_name: 'Quản Trị Viên' });
  });
  afterAll(() => t.close());

  const lock = (token: string, id: number, body: unknown = {}) =>
    call<Body>(t.app, 'PUT', `/api/admin/users/${id}/lock/`, { token, body });
  const unlock = (token: string, id: number) =>
    call<Body>(t.app, 'PUT', `/api/admin/users/${id}/unlock/`, { token, body: {} });

  it('finds users by phone as typed, username, email and an unaccented name', async () => {
    const customer = await newUser(t, 'customer', { full_name: 'Nguyễn Thị Hồng Nhung' });
    await t.database.db
      .updateTable('users')
      .set({ phone: '0938111222', email: 'nhung.nguyen@example.vn' })
      .where('id', '=', customer.id)
      .execute();
    const staff = await newUser(t, 'staff');
    const search = async (q: string) => {
      const res = await call(t.app, 'GET', `/api/admin/users/?q=${encodeURIComponent(q)}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      return AdminUserListReplySchema.parse(res.body).data.items.map((u) => u.id);
    };
    expect(await search('+84 938 111 222')).toEqual([customer.id]);
    expect(await search('0938.111.222')).toEqual([customer.id]);
    expect(await search('NHUNG.NGUYEN@')).toEqual([customer.id]);
    expect(await search('hong nhung')).toEqual([customer.id]);
    expect(await search('Hồng Nhung')).toEqual([customer.id]);
    const [row] = await (async () => {
      const res = await call(t.app, 'GET', `/api/admin/users/?q=hong%20nhung`, {
        token: admin.token,
      });
      return AdminUserListReplySchema.parse(res.body).data.items;
    })();
    expect(row).toEqual({
      id: customer.id,
      role: 'customer',
      name: 'Nguyễn Thị Hồng Nhung',
      phone: '0938111222',
      username: null,
      locked: false,
    });
    const username = (
      await t.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', staff.id)
        .executeTakeFirstOrThrow()
    ).username!;
    expect(await search(username.toUpperCase())).toEqual([staff.id]);
    // LIKE's wildcards are plain characters here.
    expect(await search('%')).toEqual([]);
    expect(await search('nobody-by-this-name')).toEqual([]);
  });

  it('finds staff by family and given names, and pages many matches the same as few', async () => {
    const staff = await newUser(t, 'staff');
    await t.database.db
      .updateTable('users')
      .set({ last_name: 'Lê', first_name: 'Thị Đông Đúc' })
      .where('id', '=', staff.id)
      .execute();
    const crowd = [staff.id];
    for (let i = 0; i < 12; i += 1) {
      crowd.push((await newUser(t, 'customer', { full_name: `Khách Đông Đúc ${i}` })).id);
    }
    const newestFirst = [...crowd].sort((x, y) => y - x);
    const page = async (query: string) => {
      const res = await call(t.app, 'GET', `/api/admin/users/?${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return AdminUserListReplySchema.parse(res.body).data;
    };
    expect((await page('q=le%20thi%20dong')).items.map((u) => u.id)).toEqual([staff.id]);
    // Few matches for the horizon (13 of 50 a page) and many (13 over 1 a page, ten pages
    // ahead): the two ways of reading a page give the same users in the same order.
    expect((await page('q=dong%20duc&per_page=50')).items.map((u) => u.id)).toEqual(newestFirst);
    const ones: number[] = [];
    for (let p = 1; p <= 13; p += 1) {
      const one = await page(`q=dong%20duc&per_page=1&page=${p}`);
      ones.push(...one.items.map((u) => u.id));
    }
    expect(ones).toEqual(newestFirst);
  });

  it('searches through the trigram indexes, not by reading every user', async () => {
    // The real search's SQL, as the module sends it.
    const captured: CompiledQuery[] = [];
    const db = t.database.db.withPlugin({
      transformQuery: (args) => {
        captured.push(t.database.db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    await searchUsers(db, { q: 'Hồng Nhung', page: 1, per_page: 20 });
    expect(captured.length).toBeGreaterThanOrEqual(2);
    for (const query of captured) {
      // A tiny table reads fastest whole; forbidding that shows which index the search can use.
      const plan = await t.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]),
        );
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan, plan).not.toMatch(/Seq Scan on users/);
      // Every arm of the OR from an index: with this few rows the planner may take the
      // b-tree on lower(username) for its arm, which is as good here.
      for (const index of [
        'users_search_name_trgm',
        'users_username',
        'users_email_trgm',
        'users_phone_trgm',
      ]) {
        expect(plan, plan).toContain(`Bitmap Index Scan on ${index}`);
      }
    }
  });

  it("shows a user's role, wallet and recent orders; an unknown user is a 404", async () => {
    const customer = await newUser(t, 'customer');
    const res = await call(t.app, 'GET', `/api/admin/users/${customer.id}/`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const detail = AdminUserDetailReplySchema.parse(res.body).data;
    expect(detail).toMatchObject({
      id: customer.id,
      role: 'customer',
      restaurant: null,
      wallet_balance: 0,
      recent_orders: [],
      locked: false,
      locked_at: null,
    });

    // An owner: their restaurant, its newest orders, their wallet.
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Quán Bún Chả Hàng Mành',
        lat: 21.0332,
        lon: 105.8491,
        dishes: [{ name: 'Bún chả', price: 50_000 }],
      },
    ]);
    const owner = await ownerOf(t, restaurant!.id);
    const buyer = await newUser(t, 'customer');
    const order = await paidOrder(t, buyer, restaurant!.dishes['Bún chả']!);
    await deposit(t, owner.id, 120_000);
    const ownerReply = await call(t.app, 'GET', `/api/admin/users/${owner.id}/`, {
      token: admin.token,
    });
    expect(ownerReply.status).toBe(200);
    const ownerDetail = AdminUserDetailReplySchema.parse(ownerReply.body).data;
    expect(ownerDetail).toMatchObject({
      role: 'owner',
      restaurant: { id: restaurant!.id, name: 'Quán Bún Chả Hàng Mành' },
      wallet_balance: 120_000,
    });
    expect(ownerDetail.recent_orders.map((o) => o.id)).toEqual([order.id]);
    const buyerReply = await call(t.app, 'GET', `/api/admin/users/${buyer.id}/`, {
      token: admin.token,
    });
    expect(AdminUserDetailReplySchema.parse(buyerReply.body).data.recent_orders).toEqual([
      expect.objectContaining({ id: order.id, status: 'paid', total: order.total_amount }),
    ]);

    const missing = await call<Body>(t.app, 'GET', '/api/admin/users/999999/', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Không tìm thấy người dùng');
  });

  it('locks a customer: the next request, refresh and OTP sign-in are refused, streams close', async () => {
    const phone = '0987000111';
    const session = await signInCustomer(t.app, phone);
    const id = session.customer.id;
    const token = session.tokens.access_token;
    expect((await call(t.app, 'GET', '/api/customer/profile/', { token })).status).toBe(200);

    const base = await listenOnFreePort(t.app);
    // A second instance on the same database: its stream learns of the lock at a heartbeat.
    const other = await createTestApp({ events: EVENTS, database: t.database });
    try {
      const otherBase = await listenOnFreePort(other.app);
      const here = await openSse(base, { token });
      const there = await openSse(otherBase, { token });
      expect(here.status).toBe(200);
      expect(there.status).toBe(200);

      const locked = await lock(admin.token, id, { reason: 'Đặt đơn ảo nhiều lần' });
      expect(locked.status).toBe(200);
      expect(locked.body.message).toBe('Đã khóa tài khoản');
      // Generous liveness bounds, not timings: both streams end.
      await expect(
        Promise.race([
          Promise.all([here.ended, there.ended]),
          new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 10_000)),
        ]),
      ).resolves.toBeDefined();

      const next = await call<Body>(t.app, 'GET', '/api/customer/profile/', { token });
      expect(next.status).toBe(403);
      expect(next.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED', message: LOCKED });
      const reopened = await openSse(base, { token });
      expect(reopened.status).toBe(403);

      const refreshed = await call<Body>(t.app, 'POST', '/api/auth/refresh/', {
        token: session.tokens.refresh_token,
      });
      expect(refreshed.status).toBe(403);
      expect(refreshed.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: LOCKED });
      const tokens = await t.database.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', id)
        .execute();
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);

      // As if the resend wait had passed since the first sign-in.
      await ageOtpChallenges(t.database, phone, 600);
      const sent = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
        body: { phone },
        ip: '203.0.113.77',
      });
      expect(sent.status).toBe(200);
      const code = await latestCode(t.app, phone);
      const signIn = await call<Body>(t.app, 'POST', '/api/auth/customer/verify-otp/', {
        body: { phone, otp_code: code },
        ip: '203.0.113.77',
      });
      expect(signIn.status).toBe(403);
      expect(signIn.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: LOCKED });

      // Locking again is no error and writes nothing more.
      expect((await lock(admin.token, id)).status).toBe(200);

      const unlocked = await unlock(admin.token, id);
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.message).toBe('Đã mở khóa tài khoản');
      expect((await unlock(admin.token, id)).status).toBe(200);
      // Unlocking gives no revoked sign-in back.
      const stale = await call<Body>(t.app, 'POST', '/api/auth/refresh/', {
        token: session.tokens.refresh_token,
      });
      expect(stale.status).toBe(401);
      // A new access token (the old one too, it never stopped being valid) works again.
      expect((await call(t.app, 'GET', '/api/customer/profile/', { token })).status).toBe(200);
      await ageOtpChallenges(t.database, phone, 600);
      expect((await signInCustomer(t.app, phone, '203.0.113.78')).customer.id).toBe(id);

      const audit = await call(t.app, 'GET', '/api/admin/audit/', { token: admin.token });
      expect(audit.status).toBe(200);
      const entries = AuditListReplySchema.parse(audit.body).data.items.filter(
        (e) => e.target_id === id,
      );
      expect(entries.map((e) => e.action)).toEqual(['user.unlock', 'user.lock']);
      expect(entries[1]).toMatchObject({
        actor_id: admin.id,
        actor_name: 'Quản Trị Viên',
        target_type: 'user',
        before: { locked_at: null, locked_by: null, locked_reason: null },
        after: { locked_by: admin.id, locked_reason: 'Đặt đơn ảo nhiều lần' },
      });
      expect((entries[1]!.after as { locked_at: string }).locked_at).toEqual(expect.any(String));
      expect(entries[0]).toMatchObject({
        before: { locked_by: admin.id, locked_reason: 'Đặt đơn ảo nhiều lần' },
        after: { locked_at: null, locked_by: null, locked_reason: null },
      });
      const filtered = await call(t.app, 'GET', '/api/admin/audit/?action=user.unlock', {
        token: admin.token,
      });
      const actions = AuditListReplySchema.parse(filtered.body).data.items.map((e) => e.action);
      expect(new Set(actions)).toEqual(new Set(['user.unlock']));
      const badAction = await call<Body>(t.app, 'GET', '/api/admin/audit/?action=drop', {
        token: admin.token,
      });
      expect(badAction.status).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('refuses a locked staff account its password sign-in', async () => {
    const staff = await newUser(t, 'staff');
    const { username } = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    const { hashPassword } = await import('#server/modules/auth/passwords');
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('bep-truong-2026') })
      .where('id', '=', staff.id)
      .execute();
    expect((await lock(admin.token, staff.id)).status).toBe(200);
    const login = await call<Body>(t.app, 'POST', '/api/auth/staff/login/', {
      body: { username, password: 'bep-truong-2026' },
      ip: '203.0.113.90',
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: LOCKED });
    // A wrong password is told as before: the lock is no hint to a guesser.
    const wrong = await call<Body>(t.app, 'POST', '/api/auth/staff/login/', {
      body: { username, password: 'sai-mat-khau-1' },
      ip: '203.0.113.90',
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses locking oneself and a missing user, changing nothing', async () => {
    const auditCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('admin_audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await auditCount();
    const self = await lock(admin.token, admin.id);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Bạn không thể tự khóa tài khoản của mình');

    const missing = await lock(admin.token, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Không tìm thấy người dùng');
    expect((await unlock(admin.token, 999999)).status).toBe(404);

    expect(await auditCount()).toBe(before);
  });

  it('keeps one active admin: two admins locking each other at once, one wins', async () => {
    // Every other admin locked: x and y are the only active ones.
    const x = await newUser(t, 'admin');
    const y = await newUser(t, 'admin');
    await t.database.db
      .updateTable('users')
      .set({ locked_at: new Date() })
      .where('role', '=', 'admin')
      .where('id', 'not in', [x.id, y.id])
      .execute();
    const [a, b] = await Promise.all([lock(x.token, y.id), lock(y.token, x.id)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused either as the last admin's locker, or already locked itself.
    const loser = a.status === 200 ? b : a;
    expect(['LOCK_LAST_ADMIN', 'ACCOUNT_LOCKED']).toContain(loser.body.code);
    const active = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('locked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);

    // The state the race leaves, asked in turn: the locked admin's action reaching the service
    // (its request passed the guard a moment before) meets the last active admin and is refused.
    const survivor = active[0]!.id;
    const loserId = survivor === x.id ? y.id : x.id;
    const { lockUser } = await import('#server/modules/admin-users/admin-users.service');
    await expect(
      lockUser(t.database.db, { actorId: loserId, targetId: survivor, reason: null }),
    ).rejects.toMatchObject({ code: 'LOCK_LAST_ADMIN' });
    const last = await t.database.db
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', survivor)
      .executeTakeFirstOrThrow();
    expect(last.locked_at).toBeNull();
    // Unlock the others again for the tests that follow.
    await t.database.db
      .updateTable('users')
      .set({ locked_at: null })
      .where('role', '=', 'admin')
      .execute();
  });
});
