import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListReplySchema } from '#contract/admin-users';
import { ManagedCouponListReplySchema, ManagedCouponReplySchema } from '#contract/coupon-admin';
import { CouponApplyReplySchema } from '#contract/orders';
import { call, type Reply } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit } from '../helpers/money';
import { testLane } from '../helpers/test-db';
import type { ErrorBody } from '../factories/errors';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HOUR = 3600 * 1000;

describe('coupons made by the platform and by owners', () => {
  let t: TestApp;
  let a: { id: number; dishes: Record<string, number> };
  let b: { id: number; dishes: Record<string, number> };
  let ownerA: TestUser;
  let ownerB: TestUser;
  let staffA: TestUser;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await insertCatalogue(t.database.db, [
      {
        name: 'Quán A',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          { name: 'Phở bò', price: 60_000 },
          { name: 'Phở gà', price: 50_000 },
        ],
      },
      {
        name: 'Quán B',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh cuốn', price: 35_000 }],
      },
    ]);
    a = made[0]!;
    b = made[1]!;
    ownerA = await ownerOf(t, a.id);
    ownerB = await ownerOf(t, b.id);
    staffA = await newUser(t, 'staff', { restaurant_id: a.id });
    admin = await newUser(t, 'admin');
    customer = await newUser(t, 'customer');
  });
  afterAll(() => t.close());

  const send = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: Record<string, unknown>,
  ) =>
    call<ErrorBody & { data: unknown }>(t.app, method, url, {
      token: user.token,
      ...(body ? { body } : {}),
    });

  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const url = user.role === 'admin' ? '/api/admin/coupons/' : '/api/staff/coupons/';
    const res = await send(user, 'POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return ManagedCouponReplySchema.parse(res.body).data;
  };

  const couponRows = async () =>
    t.database.db.selectFrom('coupons').selectAll().orderBy('id').execute();

  /** A refusal: its status and Vietnamese message, and no coupon row changed. */
  const refused = async (
    user: TestUser,
    method: 'POST' | 'PUT',
    url: string,
    body: Record<string, unknown>,
  ) => {
    const before = await couponRows();
    const res: Reply<ErrorBody> = await send(user, method, url, body);
    expect(await couponRows()).toEqual(before);
    return { status: res.status, code: res.body.code, message: res.body.message, res };
  };

  /** The audit entries about one coupon, oldest first. */
  const auditOf = (couponId: number) =>
    t.database.db
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'action', 'before', 'after'])
      .where('target_type', '=', 'coupon')
      .where('target_id', '=', couponId)
      .orderBy('id')
      .execute();

  const fieldMessage = (res: Reply<ErrorBody>, field: string) =>
    res.body.errors?.find((e) => e.path === field)?.message;

  it('an owner creates a coupon for their restaurant; a customer applies it and orders with it', async () => {
    const coupon = await create(ownerA, {
      code: 'giam20k',
      type: 'fixed',
      value: 20_000,
      min_order: 50_000,
      food_ids: [a.dishes['Phở bò']!],
    });
    expect(coupon).toMatchObject({
      code: 'GIAM20K',
      kind: 'fixed',
      type: 'fixed',
      value: 20_000,
      restaurant_id: a.id,
      restaurant_name: 'Quán A',
      food_ids: [a.dishes['Phở bò']!],
      paused: false,
      used_count: 0,
      customers: 0,
      discount_given: 0,
    });

    const applied = await send(customer, 'POST', '/api/coupon/apply', {
      code: 'Giam20K',
      order_amount: 60_000,
      restaurant_id: a.id,
      food_ids: [a.dishes['Phở bò']!],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(CouponApplyReplySchema.parse(applied.body).data).toMatchObject({
      discount: 20_000,
      payable: 40_000,
    });

    const order = await placeOrder(t, customer, a.dishes['Phở bò']!, 1, 'giam20k');
    expect(order).toMatchObject({ coupon_code: 'GIAM20K', discount: 20_000, total_amount: 40_000 });
    await deposit(t, customer.id, order.total_amount);

    const list = await send(staffA, 'GET', '/api/staff/coupons/');
    expect(list.status).toBe(200);
    const mine = ManagedCouponListReplySchema.parse(list.body).data.items;
    expect(mine.map((c) => c.code)).toEqual(['GIAM20K']);
    expect(mine[0]).toMatchObject({ used_count: 1, customers: 1, discount_given: 20_000 });

    // Owner B sees none of A's coupons; the admin sees every one.
    const ofB = await send(ownerB, 'GET', '/api/staff/coupons/');
    expect(ManagedCouponListReplySchema.parse(ofB.body).data.items).toEqual([]);
    const all = await send(admin, 'GET', '/api/admin/coupons/');
    expect(ManagedCouponListReplySchema.parse(all.body).data.items.map((c) => c.code)).toContain(
      'GIAM20K',
    );
  });

  it('refuses bad fields with a Vietnamese message and writes nothing', async () => {
    const base = { code: 'HOPLE1', type: 'percent', value: 10 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, value: 101 }, 'value', 'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100'],
      [
        { ...base, type: 'fixed', value: -5_000 },
        'value',
        'Mức giảm phải là số tiền nguyên dương (đồng)',
      ],
      [
        { ...base, type: 'fixed', value: 1_000.5 },
        'value',
        'Mức giảm phải là số tiền nguyên dương (đồng)',
      ],
      [
        { ...base, max_discount: -1 },
        'max_discount',
        'Mức giảm tối đa phải là số tiền nguyên dương (đồng)',
      ],
      [
        { ...base, max_discount: 0 },
        'max_discount',
        'Mức giảm tối đa phải là số tiền nguyên dương (đồng)',
      ],
      [
        { ...base, min_order: 10.5 },
        'min_order',
        'Đơn hàng tối thiểu phải là số tiền nguyên không âm (đồng)',
      ],
      [{ ...base, usage_limit: 0 }, 'usage_limit', 'Tổng lượt dùng phải là số nguyên dương'],
      [
        { ...base, per_customer_limit: -1 },
        'per_customer_limit',
        'Số lượt mỗi khách phải là số nguyên dương',
      ],
      [{ ...base, code: 'ABC' }, 'code', 'Mã giảm giá gồm 4 đến 20 chữ cái hoặc chữ số, không dấu'],
      [
        { ...base, code: 'GIẢM20K' },
        'code',
        'Mã giảm giá gồm 4 đến 20 chữ cái hoặc chữ số, không dấu',
      ],
      [
        { ...base, code: 'A'.repeat(21) },
        'code',
        'Mã giảm giá gồm 4 đến 20 chữ cái hoặc chữ số, không dấu',
      ],
      [{ ...base, type: 'bogo' }, 'type', "Loại giảm giá phải là 'percent' hoặc 'fixed'"],
      [
        { ...base, starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
        'ends_at',
        'Thời gian kết thúc phải sau thời gian bắt đầu',
      ],
      [
        { ...base, starts_at: 'ngày mai' },
        'starts_at',
        'Thời gian không hợp lệ (dạng ISO 8601, kèm múi giờ)',
      ],
    ];
    for (const [body, field, message] of cases) {
      for (const user of [ownerA, admin]) {
        const url = user === admin ? '/api/admin/coupons/' : '/api/staff/coupons/';
        const r = await refused(user, 'POST', url, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(fieldMessage(r.res, field), JSON.stringify(body)).toBe(message);
      }
    }
  });

  it('refuses a duplicate code in another case with 409', async () => {
    await create(admin, { code: 'TETVUI', type: 'percent', value: 10, max_discount: 30_000 });
    const r = await refused(ownerA, 'POST', '/api/staff/coupons/', {
      code: 'tetVui',
      type: 'fixed',
      value: 5_000,
    });
    expect(r).toMatchObject({
      status: 409,
      code: 'COUPON_CODE_TAKEN',
      message: 'Mã giảm giá này đã tồn tại',
    });
  });

  it("refuses a scope naming another restaurant's dish", async () => {
    const r = await refused(ownerA, 'POST', '/api/staff/coupons/', {
      code: 'CHEOSANG',
      type: 'fixed',
      value: 5_000,
      food_ids: [a.dishes['Phở bò']!, b.dishes['Bánh cuốn']!],
    });
    expect(r).toMatchObject({
      status: 400,
      code: 'COUPON_FOODS_INVALID',
      message: 'Chỉ chọn được các món của nhà hàng áp dụng mã giảm giá',
    });
    const adminNoRestaurant = await refused(admin, 'POST', '/api/admin/coupons/', {
      code: 'CHEOSANG',
      type: 'fixed',
      value: 5_000,
      food_ids: [a.dishes['Phở bò']!],
    });
    expect(adminNoRestaurant).toMatchObject({ status: 400, code: 'COUPON_FOODS_NEED_RESTAURANT' });
    const adminWrong = await refused(admin, 'POST', '/api/admin/coupons/', {
      code: 'CHEOSANG',
      type: 'fixed',
      value: 5_000,
      restaurant_id: b.id,
      food_ids: [a.dishes['Phở bò']!],
    });
    expect(adminWrong).toMatchObject({ status: 400, code: 'COUPON_FOODS_INVALID' });
    // The admin scopes a platform coupon to B and one of its dishes.
    const scoped = await create(admin, {
      code: 'BANHCUON',
      type: 'fixed',
      value: 5_000,
      restaurant_id: b.id,
      food_ids: [b.dishes['Bánh cuốn']!],
    });
    expect(scoped).toMatchObject({ restaurant_id: b.id, restaurant_name: 'Quán B' });
  });

  it("an owner editing another restaurant's coupon or the platform's gets 404", async () => {
    const ofA = await create(ownerA, { code: 'RIENGA', type: 'fixed', value: 5_000 });
    const platform = await create(admin, { code: 'NENTANG', type: 'fixed', value: 5_000 });
    for (const id of [ofA.id, platform.id]) {
      const r = await refused(ownerB, 'PUT', `/api/staff/coupons/${id}/`, { value: 1_000 });
      expect(r).toMatchObject({
        status: 404,
        code: 'MANAGED_COUPON_NOT_FOUND',
        message: 'Không tìm thấy mã giảm giá này',
      });
    }
    const staffEdit = await refused(staffA, 'PUT', `/api/staff/coupons/${ofA.id}/`, {
      value: 1_000,
    });
    expect(staffEdit.status).toBe(403);
  });

  it('edits, pauses, resumes and expires; the customer sees each state', async () => {
    const coupon = await create(ownerA, {
      code: 'TAMDUNG',
      type: 'percent',
      value: 10,
      max_discount: 10_000,
    });
    const url = `/api/staff/coupons/${coupon.id}/`;
    const apply = () =>
      send(customer, 'POST', '/api/coupon/apply', {
        code: 'TAMDUNG',
        order_amount: 200_000,
        restaurant_id: a.id,
      });

    const edited = await send(ownerA, 'PUT', url, {
      value: 20,
      max_discount: null,
      usage_limit: 5,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(ManagedCouponReplySchema.parse(edited.body).data).toMatchObject({
      value: 20,
      max_discount: null,
      usage_limit: 5,
      remaining: 5,
    });
    expect(CouponApplyReplySchema.parse((await apply()).body).data.discount).toBe(40_000);

    const paused = await send(ownerA, 'PUT', url, { paused: true });
    expect(ManagedCouponReplySchema.parse(paused.body).data.paused).toBe(true);
    expect((await apply()).body).toMatchObject({
      code: 'COUPON_PAUSED',
      message: 'Mã giảm giá đang tạm dừng',
    });
    const usable = await send(customer, 'GET', `/api/coupon/?restaurant_id=${a.id}`);
    expect(JSON.stringify(usable.body)).not.toContain('TAMDUNG');

    await send(ownerA, 'PUT', url, { paused: false });
    expect((await apply()).status).toBe(200);

    // The stored type is percent: 150 breaks the range though the body names no type.
    const percentOver = await refused(ownerA, 'PUT', url, { value: 150 });
    expect(percentOver).toMatchObject({
      status: 400,
      code: 'COUPON_PERCENT_RANGE',
      message: 'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100',
    });
    const typeSwitch = await refused(ownerA, 'PUT', url, { type: 'percent', value: 150 });
    expect(typeSwitch.status).toBe(400);
    expect(fieldMessage(typeSwitch.res, 'value')).toBe(
      'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100',
    );
    const window = await refused(ownerA, 'PUT', url, {
      ends_at: new Date(Date.parse(coupon.starts_at) - HOUR).toISOString(),
    });
    expect(window).toMatchObject({
      status: 400,
      code: 'COUPON_WINDOW',
      message: 'Thời gian kết thúc phải sau thời gian bắt đầu',
    });

    const expired = await send(ownerA, 'PUT', url, { expire: true });
    expect(expired.status).toBe(200);
    expect(ManagedCouponReplySchema.parse(expired.body).data.ends_at).not.toBeNull();
    expect((await apply()).body).toMatchObject({
      code: 'COUPON_EXPIRED',
      message: 'Mã giảm giá đã hết hạn',
    });
  });

  it('an edit that would break what is already used is 409 with nothing changed', async () => {
    const coupon = await create(admin, {
      code: 'DADUNG',
      type: 'fixed',
      value: 5_000,
      restaurant_id: a.id,
    });
    const buyer = await newUser(t, 'customer');
    await placeOrder(t, buyer, a.dishes['Phở gà']!, 1, 'DADUNG');
    await placeOrder(t, buyer, a.dishes['Phở gà']!, 1, 'dadung');
    const url = `/api/admin/coupons/${coupon.id}/`;
    const limit = await refused(admin, 'PUT', url, { usage_limit: 1 });
    expect(limit).toMatchObject({
      status: 409,
      code: 'COUPON_LIMIT_BELOW_USED',
      message: 'Tổng lượt dùng không được nhỏ hơn số lượt đã dùng',
    });
    const perCustomer = await refused(admin, 'PUT', url, { per_customer_limit: 1 });
    expect(perCustomer).toMatchObject({
      status: 409,
      code: 'COUPON_CUSTOMER_LIMIT_BELOW_USED',
      message: 'Số lượt mỗi khách không được nhỏ hơn số lượt một khách đã dùng',
    });
    const atUsage = await send(admin, 'PUT', url, { usage_limit: 2, per_customer_limit: 2 });
    expect(atUsage.status, JSON.stringify(atUsage.body)).toBe(200);
    expect(ManagedCouponReplySchema.parse(atUsage.body).data).toMatchObject({
      used_count: 2,
      customers: 1,
      discount_given: 10_000,
      remaining: 0,
    });
    // Renaming onto another code in another case is the same 409 as creating it.
    const rename = await refused(admin, 'PUT', url, { code: 'tetvui' });
    expect(rename).toMatchObject({ status: 409, code: 'COUPON_CODE_TAKEN' });
  });

  it.skipIf(testLane() !== 'postgres')(
    'two makers racing for one code in different case: exactly one wins',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const code = `DUA${round}XE`;
        const replies = await Promise.all([
          send(ownerA, 'POST', '/api/staff/coupons/', { code, type: 'fixed', value: 1_000 }),
          send(admin, 'POST', '/api/admin/coupons/', {
            code: code.toLowerCase(),
            type: 'percent',
            value: 5,
          }),
          send(ownerB, 'POST', '/api/staff/coupons/', {
            code: `dua${round}Xe`,
            type: 'fixed',
            value: 2_000,
          }),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
        for (const r of replies.filter((x) => x.status === 409)) {
          expect(r.body.message).toBe('Mã giảm giá này đã tồn tại');
        }
        const rows = await t.database.db
          .selectFrom('coupons')
          .select('id')
          .where('code', '=', code)
          .execute();
        expect(rows).toHaveLength(1);
        // The admin's audit entry exists exactly when the admin's coupon does.
        expect((await auditOf(rows[0]!.id)).map((e) => e.action)).toEqual(
          replies[1].status === 201 ? ['coupon.create'] : [],
        );
      }
    },
  );

  describe('the audit log of the platform coupons', () => {
    it("writes an admin's creation and edits with the coupon before and after", async () => {
      const starts = '2030-01-01T00:00:00.000Z';
      const coupon = await create(admin, {
        code: 'NHATKY1',
        type: 'percent',
        value: 15,
        max_discount: 30_000,
        restaurant_id: a.id,
        starts_at: starts,
      });
      const created = {
        code: 'NHATKY1',
        type: 'percent',
        value: 15,
        max_discount: 30_000,
        min_order: 0,
        restaurant_id: a.id,
        food_ids: null,
        starts_at: starts,
        ends_at: null,
        usage_limit: null,
        per_customer_limit: null,
        paused: false,
      };
      expect(await auditOf(coupon.id)).toEqual([
        { actor_id: admin.id, action: 'coupon.create', before: null, after: created },
      ]);

      const edit = await send(admin, 'PUT', `/api/admin/coupons/${coupon.id}/`, {
        value: 20,
        paused: true,
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const edited = { ...created, value: 20, paused: true };
      expect(await auditOf(coupon.id)).toEqual([
        { actor_id: admin.id, action: 'coupon.create', before: null, after: created },
        { actor_id: admin.id, action: 'coupon.update', before: created, after: edited },
      ]);

      // A refused edit writes nothing.
      const bad = await send(admin, 'PUT', `/api/admin/coupons/${coupon.id}/`, { value: 150 });
      expect(bad.status).toBe(400);
      expect(await auditOf(coupon.id)).toHaveLength(2);

      // GET /api/admin/audit/?action=coupon.create lists creations only, newest first.
      const res = await send(admin, 'GET', '/api/admin/audit/?action=coupon.create');
      expect(res.status).toBe(200);
      const entries = AuditListReplySchema.parse(res.body).data.items;
      expect(entries.every((e) => e.action === 'coupon.create')).toBe(true);
      expect(entries[0]).toMatchObject({
        actor_id: admin.id,
        target_type: 'coupon',
        target_id: coupon.id,
        after: created,
      });
      const updates = await send(admin, 'GET', '/api/admin/audit/?action=coupon.update');
      expect(AuditListReplySchema.parse(updates.body).data.items.map((e) => e.target_id)).toContain(
        coupon.id,
      );
    });

    it("does not audit an owner's own coupons, nor a refused creation", async () => {
      const mine = await create(ownerA, { code: 'CUACHUQUAN', type: 'fixed', value: 3_000 });
      const edit = await send(ownerA, 'PUT', `/api/staff/coupons/${mine.id}/`, { value: 4_000 });
      expect(edit.status).toBe(200);
      expect(await auditOf(mine.id)).toEqual([]);

      const count = async () =>
        (
          await t.database.db
            .selectFrom('admin_audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      const taken = await refused(admin, 'POST', '/api/admin/coupons/', {
        code: 'cuachuquan',
        type: 'fixed',
        value: 1_000,
      });
      expect(taken).toMatchObject({ status: 409, code: 'COUPON_CODE_TAKEN' });
      expect(await count()).toBe(before);
    });
  });
});
