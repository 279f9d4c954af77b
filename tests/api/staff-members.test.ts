import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contract/orders';
import {
  StaffMemberListReplySchema,
  StaffMemberReplySchema,
  type StaffMember,
} from '#contract/staff-members';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { call, signInStaff } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { paidOrder } from '../helpers/money';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Body {
  success: boolean;
  message: string;
  code?: string;
  data?: unknown;
}

const LAN = {
  username: 'nv_lan',
  password: 'bun-cha-ca-chieu-7',
  first_name: 'Lan',
  last_name: 'Nguyễn Thị',
  phone: '0987 000 111',
  email: 'Lan.Nguyen@Example.vn',
};

const NONE = {
  success: false,
  code: 'RESTAURANT_NONE',
  message: 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.',
};
const NOT_FOUND = {
  success: false,
  code: 'STAFF_MEMBER_NOT_FOUND',
  message: 'Không tìm thấy nhân viên này',
};

describe("the owner's team", () => {
  let t: TestApp;
  let restaurantA: number;
  let dishA: number;
  let ownerA: TestUser;
  let ownerB: TestUser;
  let ownerWithout: TestUser;
  let staffA: TestUser;
  let staffB: TestUser;
  let customer: TestUser;
  let admin: TestUser;
  let lan: StaffMember;

  beforeAll(async () => {
    t = await createTestApp();
    const [a, b] = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [{ name: 'Phở bò', price: 55_000 }],
      },
      { name: 'Bánh Mì Phố Huế', lat: 21.0125, lon: 105.8513, dishes: [] },
    ]);
    restaurantA = a!.id;
    dishA = a!.dishes['Phở bò']!;
    ownerA = await ownerOf(t, a!.id);
    ownerB = await ownerOf(t, b!.id);
    ownerWithout = await newUser(t, 'owner');
    staffA = await newUser(t, 'staff', { restaurant_id: a!.id });
    staffB = await newUser(t, 'staff', { restaurant_id: b!.id });
    customer = await newUser(t, 'customer');
    admin = await newUser(t, 'admin');
  });
  afterAll(() => t.close());

  const send = (
    method: InjectOptions['method'],
    url: string,
    who: TestUser | null,
    body?: unknown,
  ) =>
    call<Body>(t.app, method, url, {
      ...(who ? { token: who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  const add = (who: TestUser, body: unknown) => send('POST', '/api/staff/members/', who, body);
  const members = async (who: TestUser) => {
    const res = await send('GET', '/api/staff/members/', who);
    expect(res.status).toBe(200);
    return StaffMemberListReplySchema.parse(res.body).data.items;
  };
  const remove = (who: TestUser, id: number) => send('DELETE', `/api/staff/members/${id}/`, who);
  const staffCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('role', '=', 'staff')
          .executeTakeFirstOrThrow()
      ).n,
    );

  const ROUTES: [InjectOptions['method'], () => string, unknown][] = [
    ['GET', () => '/api/staff/members/', undefined],
    ['POST', () => '/api/staff/members/', LAN],
    ['DELETE', () => `/api/staff/members/${staffA.id}/`, undefined],
  ];

  it.each(ROUTES)(
    'refuses %s %s to anyone but an owner, changing nothing',
    async (method, url, body) => {
      const before = await staffCount();
      const anonymous = await send(method, url(), null, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      for (const who of [customer, staffA, staffB, admin]) {
        const res = await send(method, url(), who, body);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Bạn không có quyền thực hiện thao tác này',
        });
      }
      expect(await staffCount()).toBe(before);
      const linked = await t.database.db
        .selectFrom('users')
        .select('restaurant_id')
        .where('id', '=', staffA.id)
        .executeTakeFirstOrThrow();
      expect(linked.restaurant_id).toBe(restaurantA);
    },
  );

  it('answers RESTAURANT_NONE to an owner without a restaurant, creating no account', async () => {
    const before = await staffCount();
    const created = await add(ownerWithout, LAN);
    expect(created.status).toBe(404);
    expect(created.body).toEqual(NONE);
    const listed = await send('GET', '/api/staff/members/', ownerWithout);
    expect(listed.status).toBe(404);
    expect(listed.body).toEqual(NONE);
    expect((await remove(ownerWithout, staffA.id)).body).toEqual(NONE);
    expect(await staffCount()).toBe(before);
  });

  it("creates a staff account linked to the owner's restaurant, its password hashed", async () => {
    const res = await add(ownerA, LAN);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Đã thêm nhân viên' });
    lan = StaffMemberReplySchema.parse(res.body).data;
    expect(lan).toEqual({
      id: expect.any(Number) as number,
      username: 'nv_lan',
      first_name: 'Lan',
      last_name: 'Nguyễn Thị',
      phone: '0987000111',
      email: 'lan.nguyen@example.vn',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    expect(JSON.stringify(res.body)).not.toContain(LAN.password);
    const row = await t.database.db
      .selectFrom('users')
      .select(['role', 'restaurant_id', 'password_hash'])
      .where('id', '=', lan.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('staff');
    expect(row.restaurant_id).toBe(restaurantA);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect(await members(ownerA)).toEqual([expect.objectContaining({ id: staffA.id }), lan]);
  });

  it('creates one without phone or email too', async () => {
    const res = await add(ownerB, {
      username: 'nv.binh-2',
      password: 'banh-mi-pate-88',
      first_name: 'Bình',
      last_name: 'Lê',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ username: 'nv.binh-2', phone: null, email: null });
    expect((await members(ownerB)).map((m) => m.username)).toEqual([
      expect.any(String) as string,
      'nv.binh-2',
    ]);
    expect((await members(ownerA)).map((m) => m.id)).toEqual([staffA.id, lan.id]);
  });

  it.each<[string, Record<string, unknown>, number, string, string]>([
    [
      'a taken username, in other letter case',
      { username: 'NV_Lan' },
      409,
      'USERNAME_TAKEN',
      'Tên đăng nhập đã được sử dụng',
    ],
    [
      "another restaurant's staff username",
      { username: 'nv.binh-2' },
      409,
      'USERNAME_TAKEN',
      'Tên đăng nhập đã được sử dụng',
    ],
    [
      'a taken phone',
      { username: 'nv_moi', email: 'moi@example.vn' },
      409,
      'PHONE_TAKEN',
      'Số điện thoại đã được sử dụng',
    ],
    [
      'a common password',
      { username: 'nv_moi', password: 'Matkhau123', phone: undefined, email: undefined },
      400,
      'WEAK_PASSWORD',
      'Mật khẩu này quá phổ biến và dễ đoán. Vui lòng chọn mật khẩu khác.',
    ],
    [
      'a short password',
      { username: 'nv_moi', password: 'ab12' },
      400,
      'VALIDATION_ERROR',
      'Mật khẩu phải có ít nhất 6 ký tự',
    ],
    [
      'a username with a space',
      { username: 'nv lan' },
      400,
      'VALIDATION_ERROR',
      'Tên đăng nhập chỉ gồm chữ không dấu, số và các ký tự . _ -',
    ],
    [
      'a username with diacritics',
      { username: 'nhân_viên' },
      400,
      'VALIDATION_ERROR',
      'Tên đăng nhập chỉ gồm chữ không dấu, số và các ký tự . _ -',
    ],
    [
      'an empty first name',
      { username: 'nv_moi', first_name: '' },
      400,
      'VALIDATION_ERROR',
      'Vui lòng nhập tên',
    ],
    [
      'a first name of 1,000 characters',
      { username: 'nv_moi', first_name: 'Ánh'.repeat(333) + 'A' },
      400,
      'VALIDATION_ERROR',
      'Tên tối đa 100 ký tự',
    ],
    [
      'a blank last name',
      { username: 'nv_moi', last_name: '   ' },
      400,
      'VALIDATION_ERROR',
      'Vui lòng nhập họ',
    ],
    [
      'a malformed email',
      { username: 'nv_moi', phone: undefined, email: 'lan@' },
      400,
      'VALIDATION_ERROR',
      'Email không hợp lệ',
    ],
  ])('refuses %s', async (_label, change, status, code, message) => {
    const before = await staffCount();
    const res = await add(ownerA, { ...LAN, ...change });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code, message });
    expect(await staffCount()).toBe(before);
  });

  it("signs the new member in at the staff login and lets it work on the restaurant's orders", async () => {
    const session = await signInStaff(t.app, 'nv_lan', LAN.password);
    expect(session.user).toMatchObject({ id: lan.id, role: 'staff', username: 'nv_lan' });
    const member: TestUser = { id: lan.id, role: 'staff', token: session.tokens.access_token };

    const restaurant = await send('GET', '/api/staff/restaurant/', member);
    expect((restaurant.body.data as StaffRestaurant).id).toBe(restaurantA);

    const order = await paidOrder(t, customer, dishA);
    const list = await call<{ data: { items: Order[] } }>(t.app, 'GET', '/api/staff/orders/', {
      token: member.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((o) => o.id)).toContain(order.id);
    const accepted = await send('PUT', `/api/staff/orders/${order.id}/accept/`, member);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: 'Đã nhận đơn', data: { status: 'accepted' } });

    // Restaurant B's staff cannot see it.
    const foreign = await send('GET', `/api/staff/orders/${order.id}/`, staffB);
    expect(foreign.status).toBe(404);
  });

  it("refuses to remove another restaurant's staff, an owner or a customer (404), changing nothing", async () => {
    for (const [who, id] of [
      [ownerB, lan.id],
      [ownerA, staffB.id],
      [ownerA, ownerB.id],
      [ownerA, customer.id],
      [ownerA, 2_000_000_000],
    ] as const) {
      const res = await remove(who, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await members(ownerA)).map((m) => m.id)).toEqual([staffA.id, lan.id]);
    expect((await members(ownerB)).map((m) => m.id)).toContain(staffB.id);
    const bad = await send('DELETE', '/api/staff/members/abc/', ownerA);
    expect(bad.status).toBe(400);
  });

  it('removes a member: unlinked, signed out everywhere, its past work kept', async () => {
    const session = await signInStaff(t.app, 'nv_lan', LAN.password);
    const member: TestUser = { id: lan.id, role: 'staff', token: session.tokens.access_token };
    const order = await paidOrder(t, customer, dishA);
    expect((await send('PUT', `/api/staff/orders/${order.id}/accept/`, member)).status).toBe(200);
    const waiting = await paidOrder(t, customer, dishA);

    const res = await remove(ownerA, lan.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Đã xoá nhân viên' });
    expect((await members(ownerA)).map((m) => m.id)).toEqual([staffA.id]);

    // Every refresh token of the member is dead, so no device keeps a session.
    const refresh = await call(t.app, 'POST', '/api/auth/refresh/', {
      headers: { authorization: `Bearer ${session.tokens.refresh_token}` },
    });
    expect(refresh.status).toBe(401);
    expect(refresh.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });

    // The access token still has minutes to live, but finds no restaurant to work for.
    expect((await send('GET', '/api/staff/restaurant/', member)).body).toEqual(NONE);
    const orders = await send('GET', '/api/staff/orders/', member);
    expect(orders.status).toBe(403);
    expect(orders.body.code).toBe('RESTAURANT_NOT_LINKED');
    const late = await send('PUT', `/api/staff/orders/${waiting.id}/accept/`, member);
    expect(late.status).toBe(403);

    // What the member did stays done.
    const kept = await send('GET', `/api/staff/orders/${order.id}/`, ownerA);
    expect(kept.body.data).toMatchObject({ id: order.id, status: 'accepted' });
    const untouched = await send('GET', `/api/staff/orders/${waiting.id}/`, ownerA);
    expect(untouched.body.data).toMatchObject({ status: 'paid' });
    const account = await t.database.db
      .selectFrom('users')
      .select(['role', 'restaurant_id'])
      .where('id', '=', lan.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ role: 'staff', restaurant_id: null });

    expect(await remove(ownerA, lan.id)).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});
