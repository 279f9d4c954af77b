import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { newUser, type TestUser } from '../factories/users';
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
    },
  );

  it('lists the pending queue with the owner, and nothing approved yet', async () => {
    const pending = await list('');
    expect(pending.items).toEqual([
      {
        id: restaurant.id,
        name: 'Quán Ốc Hồ Tây',
        address: '2 Thanh Niên, Tây Hồ, Hà Nội',
        phone: '0904123456',
        email: 'oc@hotay.vn',
        owner_id: owner.id,
        owner_name: 'Trần Văn Minh',
        approval_status: 'pending',
        rejection_reason: null,
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
      message: 'Nhà hàng này đã được duyệt',
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
      message: 'Nhà hàng này đã bị từ chối',
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
    expect(again.stderr.trim()).toBe('Nhà hàng này đã được duyệt');

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
  });
});
