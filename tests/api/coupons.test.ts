import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponApplyReplySchema, CouponListReplySchema, CouponReplySchema } from '#contract/orders';
import type { CouponsTable } from '#server/db/schema';
import { createStaffLevelAccount } from '#server/modules/auth/auth.service';
import { evaluateCoupon } from '#server/modules/coupons/coupons.service';
import { call, signInCustomer, signInStaff } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';

const DAY = 24 * 3600 * 1000;
const INVALID = 'Mã giảm giá không hợp lệ';

describe('coupons (spec 7.4, design.md section 5)', () => {
  let t: TestApp;
  let pho: { id: number; dishes: Record<string, number> };
  let banhMi: { id: number; dishes: Record<string, number> };
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let ownerToken: string;

  const insertCoupon = async (values: Partial<Insertable<CouponsTable>> & { code: string }) => {
    const row = await t.database.db
      .insertInto('coupons')
      .values({
        kind: 'fixed',
        value: 10_000,
        starts_at: new Date(Date.now() - DAY),
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  /** An order row of `customerId` redeeming the coupon, as order creation leaves them. */
  const insertRedemption = async (couponId: number, customerId: number) => {
    const order = await t.database.db
      .insertInto('orders')
      .values({
        customer_id: customerId,
        restaurant_id: pho.id,
        subtotal: 100_000,
        discount: 10_000,
        total_amount: 90_000,
        coupon_id: couponId,
        delivery_address: '1 Hàng Bạc',
        delivery_phone: '0987654321',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return t.database.db
      .insertInto('coupon_redemptions')
      .values({
        coupon_id: couponId,
        customer_id: customerId,
        order_id: order.id,
        discount: 10_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  const apply = (
    body: Record<string, unknown>,
    token = alice.token,
  ): Promise<{ status: number; body: ErrorBody & { data: unknown } }> =>
    call(t.app, 'POST', '/api/coupon/apply', {
      token,
      body: { order_amount: 100_000, restaurant_id: pho.id, food_ids: [], ...body },
    });

  const refusal = async (body: Record<string, unknown>, token?: string) => {
    const res = await apply(body, token);
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.body.success).toBe(false);
    return { status: res.status, code: res.body.code, message: res.body.message };
  };

  const accepted = async (body: Record<string, unknown>, token?: string) => {
    const res = await apply(body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CouponApplyReplySchema.parse(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          { name: 'Phở bò', price: 50_000 },
          { name: 'Phở gà', price: 45_000 },
        ],
      },
      {
        name: 'Bánh Mì Phố Huế',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh mì', price: 25_000 }],
      },
    ]);
    pho = created[0]!;
    banhMi = created[1]!;
    const a = await signInCustomer(t.app, '0987000001', '198.51.100.1');
    const b = await signInCustomer(t.app, '0987000002', '198.51.100.2');
    alice = { id: a.customer.id, token: a.tokens.access_token };
    bob = { id: b.customer.id, token: b.tokens.access_token };
    await createStaffLevelAccount(t.database.db, {
      role: 'owner',
      username: 'chu_pho',
      password: 'pho-hang-bac-2026',
    });
    ownerToken = (await signInStaff(t.app, 'chu_pho', 'pho-hang-bac-2026')).tokens.access_token;

    await insertCoupon({
      code: 'CHAOBAN',
      description: 'Giảm 20%',
      kind: 'percent',
      value: 20,
      max_discount: 30_000,
      min_order: 50_000,
    });
  });
  afterAll(() => t.close());

  describe('the code as typed', () => {
    it('trims and upper-cases it: "  chaoban " applies CHAOBAN', async () => {
      const reply = await accepted({ code: '  chaoban ' });
      expect(reply.message).toBe('Áp dụng mã giảm giá thành công');
      expect(reply.data).toMatchObject({
        code: 'CHAOBAN',
        order_amount: 100_000,
        discount: 20_000,
        payable: 80_000,
        coupon: { code: 'CHAOBAN', kind: 'percent', value: 20, max_discount: 30_000 },
      });
    });

    it('finds it by code, in any case and with spaces around', async () => {
      const res = await call(t.app, 'GET', '/api/coupon/code/%20chaoBan%20', {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      const coupon = CouponReplySchema.parse(res.body).data;
      expect(coupon).toMatchObject({
        code: 'CHAOBAN',
        min_order: 50_000,
        restaurant_id: null,
        food_ids: null,
        remaining: null,
      });
    });

    it('refuses 300 characters and inner garbage with "Mã giảm giá không hợp lệ" (400)', async () => {
      for (const code of ['A'.repeat(300), 'ab cd', 'giảm', 'AB', '', 42]) {
        expect(await refusal({ code })).toMatchObject({
          status: 400,
          code: 'VALIDATION_ERROR',
          message: INVALID,
        });
      }
      for (const code of ['A'.repeat(300), 'ab%20cd', 'x%27%3B--']) {
        const res = await call<ErrorBody>(t.app, 'GET', `/api/coupon/code/${code}`, {
          token: alice.token,
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID);
      }
    });

    it('answers an unknown code with COUPON_NOT_FOUND (404)', async () => {
      expect(await refusal({ code: 'KHONGCO' })).toEqual({
        status: 404,
        code: 'COUPON_NOT_FOUND',
        message: 'Mã giảm giá không tồn tại',
      });
      const res = await call<ErrorBody>(t.app, 'GET', '/api/coupon/code/KHONGCO', {
        token: alice.token,
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('COUPON_NOT_FOUND');
    });

    it('refuses a bad amount, restaurant or dish list', async () => {
      expect((await refusal({ code: 'CHAOBAN', order_amount: -1 })).status).toBe(400);
      expect((await refusal({ code: 'CHAOBAN', order_amount: 1.5 })).status).toBe(400);
      expect((await refusal({ code: 'CHAOBAN', order_amount: '100000' })).status).toBe(400);
      expect((await refusal({ code: 'CHAOBAN', restaurant_id: 0 })).status).toBe(400);
      expect((await refusal({ code: 'CHAOBAN', food_ids: ['x'] })).status).toBe(400);
    });
  });

  describe('the rules', () => {
    it('refuses a coupon that has not started yet', async () => {
      await insertCoupon({ code: 'SAPTOI', starts_at: new Date(Date.now() + DAY) });
      expect(await refusal({ code: 'SAPTOI' })).toEqual({
        status: 400,
        code: 'COUPON_NOT_STARTED',
        message: 'Mã giảm giá chưa đến thời gian áp dụng',
      });
    });

    it('refuses an expired coupon', async () => {
      await insertCoupon({
        code: 'HETHAN',
        starts_at: new Date(Date.now() - 30 * DAY),
        ends_at: new Date(Date.now() - DAY),
      });
      expect(await refusal({ code: 'hethan' })).toEqual({
        status: 400,
        code: 'COUPON_EXPIRED',
        message: 'Mã giảm giá đã hết hạn',
      });
    });

    it('counts the validity window to the millisecond: usable from starts_at, not at ends_at', async () => {
      const startsAt = new Date('2026-12-01T00:00:00.000Z');
      const endsAt = new Date('2026-12-31T17:00:00.000Z');
      await insertCoupon({ code: 'THANG12', starts_at: startsAt, ends_at: endsAt });
      const at = (now: Date) =>
        evaluateCoupon(t.database.db, {
          code: 'THANG12',
          customerId: alice.id,
          orderAmount: 100_000,
          restaurantId: pho.id,
          foodIds: [],
          now,
        });
      await expect(at(new Date(startsAt.getTime() - 1))).rejects.toMatchObject({
        code: 'COUPON_NOT_STARTED',
      });
      expect((await at(startsAt)).discount).toBe(10_000);
      expect((await at(new Date(endsAt.getTime() - 1))).discount).toBe(10_000);
      await expect(at(endsAt)).rejects.toMatchObject({ code: 'COUPON_EXPIRED' });
    });

    it('refuses a used-up coupon', async () => {
      await insertCoupon({ code: 'HETLUOT', usage_limit: 2, used_count: 2 });
      expect(await refusal({ code: 'HETLUOT' })).toEqual({
        status: 400,
        code: 'COUPON_USED_UP',
        message: 'Mã giảm giá đã hết lượt sử dụng',
      });
      await insertCoupon({ code: 'CONLUOT', usage_limit: 2, used_count: 1 });
      expect((await accepted({ code: 'CONLUOT' })).data.coupon.remaining).toBe(1);
    });

    it('refuses a customer who used up their own uses, and only them', async () => {
      const id = await insertCoupon({ code: 'MOTLAN', per_customer_limit: 1 });
      const redemption = await insertRedemption(id, alice.id);
      expect(await refusal({ code: 'MOTLAN' })).toEqual({
        status: 400,
        code: 'COUPON_CUSTOMER_LIMIT',
        message: 'Bạn đã dùng hết lượt của mã giảm giá này',
      });
      expect((await accepted({ code: 'MOTLAN' }, bob.token)).data.discount).toBe(10_000);
      // A released redemption (its order was cancelled) no longer counts.
      await t.database.db
        .updateTable('coupon_redemptions')
        .set({ released_at: new Date() })
        .where('id', '=', redemption.id)
        .execute();
      expect((await accepted({ code: 'MOTLAN' })).data.discount).toBe(10_000);
    });

    it("refuses another restaurant's coupon", async () => {
      await insertCoupon({ code: 'QUANPHO', restaurant_id: pho.id, value: 15_000 });
      expect(await refusal({ code: 'QUANPHO', restaurant_id: banhMi.id })).toEqual({
        status: 400,
        code: 'COUPON_WRONG_RESTAURANT',
        message: 'Mã giảm giá không áp dụng cho nhà hàng này',
      });
      const ok = await accepted({ code: 'QUANPHO', restaurant_id: pho.id });
      expect(ok.data).toMatchObject({
        discount: 15_000,
        coupon: { restaurant_id: pho.id, restaurant_name: 'Phở Hàng Bạc' },
      });
    });

    it('needs one of its dishes in the order, then discounts the whole order', async () => {
      await insertCoupon({
        code: 'PHOBO',
        kind: 'percent',
        value: 10,
        food_ids: [pho.dishes['Phở bò']!],
      });
      expect(
        await refusal({ code: 'PHOBO', food_ids: [pho.dishes['Phở gà']!], order_amount: 90_000 }),
      ).toEqual({
        status: 400,
        code: 'COUPON_NOT_APPLICABLE',
        message: 'Mã giảm giá không áp dụng cho các món trong giỏ hàng',
      });
      expect((await refusal({ code: 'PHOBO', food_ids: [] })).code).toBe('COUPON_NOT_APPLICABLE');
      // Phở bò 50.000 + Phở gà 45.000: 10 % of all 95.000, not only of the Phở bò.
      const ok = await accepted({
        code: 'PHOBO',
        food_ids: [pho.dishes['Phở gà']!, pho.dishes['Phở bò']!],
        order_amount: 95_000,
      });
      expect(ok.data).toMatchObject({ discount: 9_500, payable: 85_500 });
    });

    it('refuses an order below the minimum, naming the amount', async () => {
      expect(await refusal({ code: 'CHAOBAN', order_amount: 49_999 })).toEqual({
        status: 400,
        code: 'COUPON_MIN_ORDER',
        message: 'Đơn hàng tối thiểu 50.000 ₫ để dùng mã này',
      });
      await insertCoupon({ code: 'TRIEU', min_order: 1_250_000 });
      expect((await refusal({ code: 'TRIEU', order_amount: 1_000_000 })).message).toBe(
        'Đơn hàng tối thiểu 1.250.000 ₫ để dùng mã này',
      );
      expect((await accepted({ code: 'CHAOBAN', order_amount: 50_000 })).data.discount).toBe(
        10_000,
      );
    });

    it('checks the rules in the order of design.md section 5', async () => {
      // Expired and for another restaurant and below its minimum: expiry is reported.
      await insertCoupon({
        code: 'NHIEULOI',
        restaurant_id: banhMi.id,
        min_order: 500_000,
        ends_at: new Date(Date.now() - 1000),
      });
      expect((await refusal({ code: 'NHIEULOI' })).code).toBe('COUPON_EXPIRED');
      // Not started and used up: not started comes first.
      await insertCoupon({
        code: 'CHUADEN',
        starts_at: new Date(Date.now() + DAY),
        usage_limit: 1,
        used_count: 1,
      });
      expect((await refusal({ code: 'CHUADEN' })).code).toBe('COUPON_NOT_STARTED');
      // The customer's own limit before the restaurant; the restaurant before the dishes;
      // the dishes before the minimum.
      const mine = await insertCoupon({
        code: 'CUATOI',
        per_customer_limit: 1,
        restaurant_id: banhMi.id,
      });
      await insertRedemption(mine, alice.id);
      expect((await refusal({ code: 'CUATOI' })).code).toBe('COUPON_CUSTOMER_LIMIT');
      await insertCoupon({
        code: 'BANHMI',
        restaurant_id: banhMi.id,
        food_ids: [banhMi.dishes['Bánh mì']!],
        min_order: 500_000,
      });
      expect((await refusal({ code: 'BANHMI' })).code).toBe('COUPON_WRONG_RESTAURANT');
      expect((await refusal({ code: 'BANHMI', restaurant_id: banhMi.id })).code).toBe(
        'COUPON_NOT_APPLICABLE',
      );
      expect(
        (
          await refusal({
            code: 'BANHMI',
            restaurant_id: banhMi.id,
            food_ids: [banhMi.dishes['Bánh mì']!],
          })
        ).code,
      ).toBe('COUPON_MIN_ORDER');
    });
  });

  describe('the discount', () => {
    it('caps a percent discount at max_discount', async () => {
      const at = async (amount: number) =>
        (await accepted({ code: 'CHAOBAN', order_amount: amount })).data;
      expect(await at(100_000)).toMatchObject({ discount: 20_000, payable: 80_000 });
      expect(await at(150_000)).toMatchObject({ discount: 30_000, payable: 120_000 });
      expect(await at(400_000)).toMatchObject({ discount: 30_000, payable: 370_000 });
    });

    it('rounds a percent discount down to the đồng', async () => {
      await insertCoupon({ code: 'LE15', kind: 'percent', value: 15 });
      expect((await accepted({ code: 'LE15', order_amount: 33_333 })).data).toMatchObject({
        discount: 4_999,
        payable: 28_334,
      });
    });

    it('never discounts more than the order: a fixed 50.000 ₫ on 30.000 ₫ pays 0', async () => {
      await insertCoupon({ code: 'NAMMUOI', value: 50_000 });
      expect((await accepted({ code: 'NAMMUOI', order_amount: 30_000 })).data).toMatchObject({
        discount: 30_000,
        payable: 0,
      });
      await insertCoupon({ code: 'TRON', kind: 'percent', value: 100 });
      expect((await accepted({ code: 'TRON', order_amount: 77_000 })).data.payable).toBe(0);
    });
  });

  describe('the list', () => {
    const codes = async (query: string, token = alice.token) => {
      const res = await call(t.app, 'GET', `/api/coupon/${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return CouponListReplySchema.parse(res.body).data.items.map((c) => c.code);
    };

    it('lists only coupons usable now, everywhere or at the given restaurant', async () => {
      const all = await codes('');
      expect(all).toContain('CHAOBAN');
      expect(all).toContain('QUANPHO');
      expect(all).toContain('BANHMI');
      expect(all).toContain('CONLUOT');
      for (const gone of ['SAPTOI', 'HETHAN', 'HETLUOT', 'NHIEULOI', 'CHUADEN']) {
        expect(all).not.toContain(gone);
      }
      const atPho = await codes(`?restaurant_id=${pho.id}`);
      expect(atPho).toContain('CHAOBAN');
      expect(atPho).toContain('QUANPHO');
      expect(atPho).not.toContain('BANHMI');
      expect(atPho).not.toContain('CUATOI');
    });

    it('is readable by staff too, while only customers preview a discount', async () => {
      expect(await codes('', ownerToken)).toContain('CHAOBAN');
      const res = await apply({ code: 'CHAOBAN' }, ownerToken);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      const anonymous = await call(t.app, 'POST', '/api/coupon/apply', {
        body: { code: 'CHAOBAN', order_amount: 100_000, restaurant_id: pho.id },
      });
      expect(anonymous.status).toBe(401);
      expect((await call(t.app, 'GET', '/api/coupon/')).status).toBe(401);
    });

    it('refuses a malformed restaurant filter', async () => {
      const res = await call(t.app, 'GET', '/api/coupon/?restaurant_id=abc', {
        token: alice.token,
      });
      expect(res.status).toBe(400);
    });
  });
});
