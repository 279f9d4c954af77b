import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminRestaurantListReplySchema,
  AdminRestaurantReplySchema,
  type AdminRestaurant,
  type StaffRestaurant,
} from '#contract/staff-restaurant';
import {
  createPostgresPool,
  databaseFromPool,
  openDatabase,
  type Database,
} from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { call, registerOwner, signInStaff, OWNER } from '../helpers/auth';
import { ALWAYS_OPEN, insertCatalogue } from '../helpers/catalogue';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createPostgresDatabase, testLane } from '../helpers/test-db';

interface Body {
  success: boolean;
  message: string;
  code?: string;
  data?: unknown;
}

const DISH = 'Bún ốc nguội Hồ Tây';

describe('restaurant approval by an admin', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let customer: TestUser;
  let staff: TestUser;
  let restaurant: StaffRestaurant;
  let foodId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await registerOwner(t.app);
    const session = await signInStaff(t.app, OWNER.username, OWNER.password);
    owner = { id: session.user.id, role: 'owner', token: session.tokens.access_token };
    admin = await newUser(t, 'admin');
    customer = await newUser(t, 'customer');
    const created = await call<{ data: StaffRestaurant }>(
      t.app,
      'POST',
      '/api/staff/restaurant/create/',
      {
        token: owner.token,
        body: {
          name: 'Quán Ốc Hồ Tây',
          address: '2 Thanh Niên, Tây Hồ, Hà Nội',
          phone: '0904 123 456',
          email: 'oc@hotay.vn',
          opening_hours: ALWAYS_OPEN,
          lat: 21.0452,
          lon: 105.8368,
        },
      },
    );
    expect(created.status).toBe(201);
    restaurant = created.body.data;
    staff = await newUser(t, 'staff', { restaurant_id: restaurant.id });
    foodId = (
      await t.database.db
        .insertInto('foods')
        .values({ restaurant_id: restaurant.id, name: DISH, price: 45_000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
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
  const approve = (id: number | string, who: TestUser | null = admin) =>
    send('PUT', `/api/admin/restaurants/${id}/approve/`, who);
  const reject = (id: number | string, reason: unknown, who: TestUser | null = admin) =>
    send('PUT', `/api/admin/restaurants/${id}/reject/`, who, { reason });
  const list = async (query: string) => {
    const res = await send('GET', `/api/admin/restaurants/${query}`, admin);
    expect(res.status).toBe(200);
    return AdminRestaurantListReplySchema.parse(res.body).data;
  };
  const statusOf = async () =>
    t.database.db
      .selectFrom('restaurants')
      .select(['approval_status', 'rejection_reason'])
      .where('id', '=', restaurant.id)
      .executeTakeFirstOrThrow();

  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('admin_audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('target_type', '=', 'restaurant')
          .where('target_id', '=', restaurant.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** What a customer finds of the restaurant through every customer-facing read. */
  async function customerSees() {
    const detail = await send('GET', `/api/restaurant/${restaurant.id}/detail`, customer);
    const food = await send('GET', `/api/food/${foodId}/`, customer);
    const menu = await call<{ data: { items: { id: number }[] } }>(
      t.app,
      'GET',
      `/api/food/?restaurant_id=${restaurant.id}`,
      { token: customer.token },
    );
    // Typed without diacritics, as customers do.
    const search = await call<{ data: { items: { id: number }[] } }>(
      t.app,
      'GET',
      '/api/search/?q=bun%20oc%20nguoi&lat=21.04&lon=105.83',
      { token: customer.token },
    );
    const nearby = await call<{ data: { items: { id: number }[] } }>(
      t.app,
      'GET',
      '/api/restaurant/public/?lat=21.04&lon=105.83',
      { token: customer.token },
    );
    return {
      detail: detail.status,
      food: food.status,
      menu: menu.body.data.items.map((item) => item.id),
      search: search.body.data.items.map((item) => item.id),
      listed: nearby.body.data.items.some((item) => item.id === restaurant.id),
    };
  }
  const HIDDEN = { detail: 404, food: 404, menu: [], search: [], listed: false };

  const ROUTES: [InjectOptions['method'], (id: number) => string, unknown][] = [
    ['GET', () => '/api/admin/restaurants/', undefined],
    ['PUT', (id) => `/api/admin/restaurants/${id}/approve/`, undefined],
    ['PUT', (id) => `/api/admin/restaurants/${id}/reject/`, { reason: 'Thiếu giấy phép' }],
    ['PUT', (id) => `/api/admin/restaurants/${id}/pause/`, { reason: 'Bán hàng giả' }],
    ['PUT', (id) => `/api/admin/restaurants/${id}/resume/`, undefined],
  ];

  it.each(ROUTES)(
    'refuses %s %s to anyone but an admin, changing nothing',
    async (method, url, body) => {
      const anonymous = await send(method, url(restaurant.id), null, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      for (const who of [customer, owner, staff]) {
        const res = await send(method, url(restaurant.id), who, body);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Bạn không có quyền thực hiện thao tác này',
        });
      }
      expect(await statusOf()).toEqual({ approval_status: 'pending', rejection_reason: null });
      expect(await auditCount()).toBe(0);
    },
  );

  it('lists the pending queue with the owner, and nothing approved yet', async () => {
    const pending = await list('');
    expect(pending.items).toEqual([
      {
        id: restaurant.id,
        name: 'Quán Ốc Hồ Tây',
        description: '',
        address: '2 Thanh Niên, Tây Hồ, Hà Nội',
        lat: 21.0452,
        lon: 105.8368,
        phone: '0904123456',
        email: 'oc@hotay.vn',
        image_url: null,
        cover_url: null,
        logo_url: null,
        opening_hours: ALWAYS_OPEN,
        owner_id: owner.id,
        owner_name: 'Trần Văn Minh',
        owner_username: OWNER.username,
        owner_phone: OWNER.phone,
        approval_status: 'pending',
        rejection_reason: null,
        decided_at: null,
        is_active: true,
        admin_paused_reason: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      },
    ]);
    expect(pending.pagination).toMatchObject({ page: 1, total: 1, has_next: false });
    expect((await list('?status=pending')).items).toHaveLength(1);
    expect((await list('?status=approved')).items).toEqual([]);

    const bad = await send('GET', '/api/admin/restaurants/?status=open', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Trạng thái duyệt không hợp lệ');
  });

  it('keeps a pending restaurant from customers, shows it once approved, and refuses approving twice', async () => {
    expect(await customerSees()).toEqual(HIDDEN);
    const refusedAdd = await send('POST', '/api/customer/cart/add/', customer, {
      food_id: foodId,
      quantity: 1,
      topping_ids: [],
    });
    expect(refusedAdd.status).toBe(404);

    const res = await approve(restaurant.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã duyệt nhà hàng');
    expect(AdminRestaurantReplySchema.parse(res.body).data).toMatchObject({
      id: restaurant.id,
      approval_status: 'approved',
      rejection_reason: null,
    });
    expect(await customerSees()).toEqual({
      detail: 200,
      food: 200,
      menu: [foodId],
      search: [restaurant.id],
      listed: true,
    });
    const added = await send('POST', '/api/customer/cart/add/', customer, {
      food_id: foodId,
      quantity: 1,
      topping_ids: [],
    });
    expect(added.status).toBe(200);
    await send('DELETE', '/api/customer/cart/clear/', customer);

    const twice = await approve(restaurant.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      success: false,
      code: 'RESTAURANT_ALREADY_APPROVED',
      message: 'Nhà hàng đã được duyệt',
    });
    expect((await list('?status=approved')).items.map((r) => r.id)).toEqual([restaurant.id]);
    expect((await list('')).items).toEqual([]);
  });

  it.each([
    ['an empty reason', '', 'Vui lòng nhập lý do từ chối'],
    ['a blank reason', '   ', 'Vui lòng nhập lý do từ chối'],
    ['a reason of 501 characters', 'x'.repeat(501), 'Lý do tối đa 500 ký tự'],
    ['no reason at all', undefined, 'Vui lòng nhập lý do từ chối'],
  ])('refuses a rejection with %s', async (_label, reason, message) => {
    const res = await reject(restaurant.id, reason);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await statusOf()).approval_status).toBe('approved');
  });

  it('rejects with a reason the owner reads, hides the restaurant again, and refuses rejecting twice', async () => {
    const res = await reject(restaurant.id, '  Ảnh bìa không phải của quán  ');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã từ chối nhà hàng');
    expect((res.body.data as AdminRestaurant).rejection_reason).toBe('Ảnh bìa không phải của quán');
    expect(await customerSees()).toEqual(HIDDEN);
    const mine = await send('GET', '/api/staff/restaurant/', owner);
    expect(mine.body.data).toMatchObject({
      approval_status: 'rejected',
      rejection_reason: 'Ảnh bìa không phải của quán',
    });

    const twice = await reject(restaurant.id, 'Lần nữa');
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      success: false,
      code: 'RESTAURANT_ALREADY_REJECTED',
      message: 'Nhà hàng đã bị từ chối',
    });
    expect(await statusOf()).toEqual({
      approval_status: 'rejected',
      rejection_reason: 'Ảnh bìa không phải của quán',
    });
    expect((await list('?status=rejected')).items.map((r) => r.id)).toEqual([restaurant.id]);
  });

  it('puts a rejected restaurant back in the queue once its owner edits it', async () => {
    const hours = await send('PUT', '/api/staff/restaurant/hours/', owner, {
      opening_hours: ALWAYS_OPEN,
    });
    expect(hours.status).toBe(200);
    expect((await statusOf()).approval_status).toBe('rejected');

    const edited = await send('PUT', '/api/staff/restaurant/', owner, {
      cover_url: 'https://cdn.example.vn/oc-ho-tay/that.jpg',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ approval_status: 'pending', rejection_reason: null });
    expect((await list('')).items.map((r) => r.id)).toEqual([restaurant.id]);
    expect(await customerSees()).toEqual(HIDDEN);

    await reject(restaurant.id, 'Vẫn thiếu giấy phép');
  });

  it('approves a rejected restaurant again, clearing the reason', async () => {
    const res = await approve(restaurant.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ approval_status: 'approved', rejection_reason: null });
    expect((await customerSees()).detail).toBe(200);
  });

  it('answers 404 for an unknown restaurant and 400 for an id that is not one', async () => {
    for (const res of [await approve(987_654), await reject(987_654, 'Không rõ')]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'RESTAURANT_NOT_FOUND',
        message: 'Không tìm thấy nhà hàng',
      });
    }
    const bad = await approve('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Mã không hợp lệ');
  });
});

describe("the console's lists, search, pause and resume, each told to the owner and audited", () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const ids: Record<'bun' | 'pho' | 'com', number> = { bun: 0, pho: 0, com: 0 };
  const owners = {} as Record<keyof typeof ids, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'admin', { full_name: 'Quản Trị Viên' });
    customer = await newUser(t, 'customer');
    // Inserted one after another: the queue shows them in this order.
    for (const [key, name] of [
      ['bun', 'Bún Chả Hương Liên'],
      ['pho', 'Phở Thìn Lò Đúc'],
      ['com', 'Cơm Tấm Sài Gòn'],
    ] as const) {
      const [created] = await insertCatalogue(t.database.db, [
        {
          name,
          lat: 21.02,
          lon: 105.85,
          approval: 'pending',
          dishes: [{ name: `Món của ${name}`, price: 40_000 }],
        },
      ]);
      ids[key] = created!.id;
      owners[key] = await ownerOf(t, created!.id);
    }
    await t.database.db
      .updateTable('users')
      .set({ full_name: 'Nguyễn Thị Hồng Nhung', phone: '0938111222' })
      .where('id', '=', owners.pho.id)
      .execute();
  });
  afterAll(() => t.close());

  const send = (method: InjectOptions['method'], url: string, who: TestUser, body?: unknown) =>
    call<Body>(t.app, method, url, {
      token: who.token,
      ...(body !== undefined ? { body } : {}),
    });
  const names = async (query: string) => {
    const res = await send('GET', `/api/admin/restaurants/${query}`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return AdminRestaurantListReplySchema.parse(res.body).data.items.map((r) => r.name);
  };
  const inbox = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'url'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const audit = (targetId: number) =>
    t.database.db
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'action', 'target_type', 'before', 'after'])
      .where('target_type', '=', 'restaurant')
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  it('lists the queue oldest first and finds a restaurant by its name, address or owner, accents or not', async () => {
    expect(await names('')).toEqual(['Bún Chả Hương Liên', 'Phở Thìn Lò Đúc', 'Cơm Tấm Sài Gòn']);
    expect(await names('?q=bun%20cha')).toEqual(['Bún Chả Hương Liên']);
    expect(await names('?q=B%C3%9AN%20CH%E1%BA%A2')).toEqual(['Bún Chả Hương Liên']);
    // The address insertCatalogue wrote: '1 Phố Cơm Tấm Sài Gòn, Hà Nội'.
    expect(await names('?q=pho%20com%20tam')).toEqual(['Cơm Tấm Sài Gòn']);
    expect(await names('?q=hong%20nhung')).toEqual(['Phở Thìn Lò Đúc']);
    expect(await names('?q=%2B84%20938%20111%20222')).toEqual(['Phở Thìn Lò Đúc']);
    expect(await names('?q=0938111')).toEqual(['Phở Thìn Lò Đúc']);
    const username = (
      await t.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', owners.com.id)
        .executeTakeFirstOrThrow()
    ).username!;
    expect(await names(`?q=${username.toUpperCase()}`)).toEqual(['Cơm Tấm Sài Gòn']);
    // LIKE's wildcards are what they look like.
    expect(await names('?q=b%25n%20ch')).toEqual([]);
    expect(await names('?q=b_n%20ch')).toEqual([]);
    expect(await names('?q=l%C3%B2%20%C4%91%C3%BAc&status=approved')).toEqual([]);

    const page = await send('GET', '/api/admin/restaurants/?per_page=2&page=2', admin);
    expect(AdminRestaurantListReplySchema.parse(page.body).data).toMatchObject({
      items: [{ name: 'Cơm Tấm Sài Gòn' }],
      pagination: { page: 2, per_page: 2, total: 3, has_next: false },
    });
    const long = await send('GET', `/api/admin/restaurants/?q=${'a'.repeat(201)}`, admin);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Từ khóa tìm kiếm tối đa 200 ký tự');
  });

  it('lists decided restaurants by the newest decision first, tells each owner and audits each decision', async () => {
    for (const [key, step] of [
      ['pho', 'approve'],
      ['bun', 'reject'],
      ['com', 'approve'],
    ] as const) {
      const res = await send(
        'PUT',
        `/api/admin/restaurants/${ids[key]}/${step}/`,
        admin,
        step === 'reject' ? { reason: 'Ảnh giấy phép không rõ' } : undefined,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(AdminRestaurantReplySchema.parse(res.body).data.decided_at).toMatch(/^\d{4}-/);
    }
    expect(await names('?status=approved')).toEqual(['Cơm Tấm Sài Gòn', 'Phở Thìn Lò Đúc']);
    expect(await names('?status=rejected')).toEqual(['Bún Chả Hương Liên']);
    expect(await names('?status=approved&q=hong%20nhung')).toEqual(['Phở Thìn Lò Đúc']);
    expect(await names('')).toEqual([]);

    expect(await inbox(owners.pho.id)).toEqual([
      {
        kind: 'restaurant.approved',
        title: 'Nhà hàng Phở Thìn Lò Đúc đã được duyệt',
        body: 'Khách hàng có thể đặt món từ bây giờ.',
        url: '/staff/restaurant',
      },
    ]);
    expect(await inbox(owners.bun.id)).toEqual([
      {
        kind: 'restaurant.rejected',
        title: 'Nhà hàng Bún Chả Hương Liên bị từ chối: Ảnh giấy phép không rõ',
        body: 'Khách hàng không còn thấy nhà hàng. Sửa thông tin nhà hàng để gửi duyệt lại.',
        url: '/staff/restaurant',
      },
    ]);
    const decidedAt = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown;
    expect(await audit(ids.pho)).toEqual([
      {
        actor_id: admin.id,
        action: 'restaurant.approve',
        target_type: 'restaurant',
        before: { approval_status: 'pending', approval_decided_at: null },
        after: { approval_status: 'approved', approval_decided_at: decidedAt },
      },
    ]);
    expect(await audit(ids.bun)).toEqual([
      {
        actor_id: admin.id,
        action: 'restaurant.reject',
        target_type: 'restaurant',
        before: { approval_status: 'pending', rejection_reason: null, approval_decided_at: null },
        after: {
          approval_status: 'rejected',
          rejection_reason: 'Ảnh giấy phép không rõ',
          approval_decided_at: decidedAt,
        },
      },
    ]);
    // The console's audit log shows them with the admin's name.
    const log = await send('GET', '/api/admin/audit/?action=restaurant.approve', admin);
    expect(log.body.data).toMatchObject({
      items: [
        { actor_name: 'Quản Trị Viên', target_id: ids.com },
        { actor_name: 'Quản Trị Viên', target_id: ids.pho },
      ],
    });
  });

  it('refuses a pause without a reason, and pause or resume of an unknown restaurant, changing nothing', async () => {
    for (const [body, message] of [
      [{}, 'Vui lòng nhập lý do tạm ngưng'],
      [{ reason: '   ' }, 'Vui lòng nhập lý do tạm ngưng'],
      [{ reason: 'x'.repeat(501) }, 'Lý do tối đa 500 ký tự'],
    ] as const) {
      const res = await send('PUT', `/api/admin/restaurants/${ids.pho}/pause/`, admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    for (const step of ['pause', 'resume']) {
      const res = await send('PUT', `/api/admin/restaurants/987654/${step}/`, admin, {
        reason: 'Bán hàng giả',
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'RESTAURANT_NOT_FOUND',
        message: 'Không tìm thấy nhà hàng',
      });
    }
    const notPaused = await send('PUT', `/api/admin/restaurants/${ids.pho}/resume/`, admin);
    expect(notPaused.status).toBe(409);
    expect(notPaused.body).toEqual({
      success: false,
      code: 'RESTAURANT_NOT_ADMIN_PAUSED',
      message: 'Nhà hàng không bị quản trị viên tạm ngưng',
    });
    expect(await audit(ids.pho)).toHaveLength(1);
    expect(await inbox(owners.pho.id)).toHaveLength(1);
  });

  it("pauses a restaurant that breaks the rules: customers see it paused at once, its owner's switch is locked, until an admin resumes it", async () => {
    const detail = async () => {
      const res = await call<{ data: { is_active: boolean; is_open_now: boolean } }>(
        t.app,
        'GET',
        `/api/restaurant/${ids.pho}/detail`,
        { token: customer.token },
      );
      expect(res.status).toBe(200);
      return { is_active: res.body.data.is_active, is_open_now: res.body.data.is_open_now };
    };
    // Read once first, so a kept reply would show if the pause did not replace it.
    expect(await detail()).toEqual({ is_active: true, is_open_now: true });

    const paused = await send('PUT', `/api/admin/restaurants/${ids.pho}/pause/`, admin, {
      reason: '  Bán hàng giả  ',
    });
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe('Đã tạm ngưng nhà hàng');
    expect(AdminRestaurantReplySchema.parse(paused.body).data).toMatchObject({
      is_active: false,
      admin_paused_reason: 'Bán hàng giả',
      approval_status: 'approved',
    });
    expect(await detail()).toEqual({ is_active: false, is_open_now: false });

    const again = await send('PUT', `/api/admin/restaurants/${ids.pho}/pause/`, admin, {
      reason: 'Lần nữa',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      code: 'RESTAURANT_ALREADY_PAUSED',
      message: 'Nhà hàng đang bị tạm ngưng',
    });

    const mine = await send('GET', '/api/staff/restaurant/', owners.pho);
    expect(mine.body.data).toMatchObject({ is_active: false, admin_paused_reason: 'Bán hàng giả' });
    const toggle = await send('PUT', '/api/staff/restaurant/toggle/', owners.pho);
    expect(toggle.status).toBe(409);
    expect(toggle.body).toEqual({
      success: false,
      code: 'RESTAURANT_ADMIN_PAUSED',
      message: 'Quán đang bị quản trị viên tạm ngưng: Bán hàng giả',
    });
    expect(await detail()).toEqual({ is_active: false, is_open_now: false });

    const resumed = await send('PUT', `/api/admin/restaurants/${ids.pho}/resume/`, admin);
    expect(resumed.status).toBe(200);
    expect(resumed.body.message).toBe('Nhà hàng đã hoạt động trở lại');
    expect(AdminRestaurantReplySchema.parse(resumed.body).data).toMatchObject({
      is_active: true,
      admin_paused_reason: null,
    });
    expect(await detail()).toEqual({ is_active: true, is_open_now: true });
    const ownSwitch = await send('PUT', '/api/staff/restaurant/toggle/', owners.pho);
    expect(ownSwitch.status).toBe(200);
    expect(ownSwitch.body.data).toMatchObject({ is_active: false, admin_paused_reason: null });
    await send('PUT', '/api/staff/restaurant/toggle/', owners.pho);

    expect((await inbox(owners.pho.id)).slice(1)).toEqual([
      {
        kind: 'restaurant.paused',
        title: 'Nhà hàng Phở Thìn Lò Đúc bị tạm ngưng: Bán hàng giả',
        body: 'Quán không nhận đơn cho đến khi quản trị viên cho hoạt động trở lại.',
        url: '/staff/restaurant',
      },
      {
        kind: 'restaurant.resumed',
        title: 'Nhà hàng Phở Thìn Lò Đúc đã hoạt động trở lại',
        body: 'Quán nhận đơn trở lại từ bây giờ.',
        url: '/staff/restaurant',
      },
    ]);
    expect((await audit(ids.pho)).slice(1)).toEqual([
      {
        actor_id: admin.id,
        action: 'restaurant.pause',
        target_type: 'restaurant',
        before: { is_active: true, admin_paused_reason: null },
        after: { is_active: false, admin_paused_reason: 'Bán hàng giả' },
      },
      {
        actor_id: admin.id,
        action: 'restaurant.resume',
        target_type: 'restaurant',
        before: { is_active: false, admin_paused_reason: 'Bán hàng giả' },
        after: { is_active: true, admin_paused_reason: null },
      },
    ]);
  });

  it('hides an approved restaurant from customers at once when an admin rejects it', async () => {
    const detail = () =>
      call(t.app, 'GET', `/api/restaurant/${ids.com}/detail`, { token: customer.token });
    expect((await detail()).status).toBe(200);
    const res = await send('PUT', `/api/admin/restaurants/${ids.com}/reject/`, admin, {
      reason: 'Vi phạm an toàn thực phẩm',
    });
    expect(res.status).toBe(200);
    expect((await detail()).status).toBe(404);
    expect((await inbox(owners.com.id)).at(-1)?.title).toBe(
      'Nhà hàng Cơm Tấm Sài Gòn bị từ chối: Vi phạm an toàn thực phẩm',
    );
  });

  // Two pools' worth of connections: the embedded database runs one transaction at a time.
  it.skipIf(testLane() === 'pglite')(
    'lets exactly one of an approve and a reject racing on a pending restaurant win',
    async () => {
      const [racing] = await insertCatalogue(t.database.db, [
        { name: 'Quán Đua', lat: 21.02, lon: 105.85, approval: 'pending', dishes: [] },
      ]);
      const id = racing!.id;
      const owner = await ownerOf(t, id);
      // The restaurant's row is held until both calls have read it pending and wait for it.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = t.database.db.transaction().execute(async (trx) => {
        await sql`select id from restaurants where id = ${id} for update`.execute(trx);
        holding();
        await gate;
      });
      await held;
      const calls = Promise.all([
        send('PUT', `/api/admin/restaurants/${id}/approve/`, admin),
        send('PUT', `/api/admin/restaurants/${id}/reject/`, admin, { reason: 'Thiếu giấy phép' }),
      ]);
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n
            from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`.execute(t.database.db);
          expect(rows[0]!.n).toBe(2);
        },
        { timeout: 10_000 },
      );
      release();
      await holder;
      const [approved, rejected] = await calls;
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const { approval_status } = await t.database.db
        .selectFrom('restaurants')
        .select('approval_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // The loser is told what the winner decided.
      const loser = approved.status === 409 ? approved : rejected;
      expect(loser.body.code).toBe(
        approval_status === 'approved'
          ? 'RESTAURANT_ALREADY_APPROVED'
          : 'RESTAURANT_ALREADY_REJECTED',
      );
      expect(approval_status).toBe(approved.status === 200 ? 'approved' : 'rejected');
      expect(await audit(id)).toHaveLength(1);
      expect(await inbox(owner.id)).toHaveLength(1);
    },
  );
});

describe('npm run admin -- approve-restaurant / reject-restaurant', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let restaurantId: number;

  /** The database the CLI uses; PGlite allows one process at a time, so it is closed again. */
  async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
    const database = databaseUrl
      ? databaseFromPool(createPostgresPool(databaseUrl, 1))
      : await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }

  function admin(...args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        APP_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'cli-test-secret-that-is-long-enough-for-hs256',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, stdout, stderr })),
    );
  }

  const status = () =>
    withDatabase((database) =>
      database.db
        .selectFrom('restaurants')
        .select(['approval_status', 'rejection_reason'])
        .where('id', '=', restaurantId)
        .executeTakeFirstOrThrow(),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mn-admin-cli-'));
    if (testLane() === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    restaurantId = await withDatabase(async (database) => {
      await migrateToLatest(database.db);
      const [created] = await insertCatalogue(database.db, [
        { name: 'Quán Chờ Duyệt', lat: 21.03, lon: 105.85, approval: 'pending', dishes: [] },
      ]);
      return created!.id;
    });
  });
  afterAll(async () => {
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('approves and rejects through the same rules as the API', { timeout: 180_000 }, async () => {
    const approved = await admin('approve-restaurant', String(restaurantId));
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout.trim()).toBe(
      `Approved restaurant "Quán Chờ Duyệt" (id ${restaurantId}).`,
    );
    expect(await status()).toEqual({ approval_status: 'approved', rejection_reason: null });

    const again = await admin('approve-restaurant', String(restaurantId));
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('Nhà hàng đã được duyệt');

    // An unquoted reason arrives as several arguments.
    const rejected = await admin(
      'reject-restaurant',
      String(restaurantId),
      'Thiếu',
      'giấy',
      'phép',
    );
    expect(rejected.code).toBe(0);
    expect(rejected.stdout.trim()).toBe(
      `Rejected restaurant "Quán Chờ Duyệt" (id ${restaurantId}): Thiếu giấy phép`,
    );
    expect(await status()).toEqual({
      approval_status: 'rejected',
      rejection_reason: 'Thiếu giấy phép',
    });

    const noReason = await admin('reject-restaurant', String(restaurantId));
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('npm run admin -- reject-restaurant <id> <reason>');

    // Audited like the console's decisions, by the shell's actor (no account behind it).
    expect(
      await withDatabase((database) =>
        database.db
          .selectFrom('admin_audit_log')
          .select(['actor_id', 'action', 'target_id'])
          .orderBy('id')
          .execute(),
      ),
    ).toEqual([
      { actor_id: 0, action: 'restaurant.approve', target_id: restaurantId },
      { actor_id: 0, action: 'restaurant.reject', target_id: restaurantId },
    ]);
  });
});
