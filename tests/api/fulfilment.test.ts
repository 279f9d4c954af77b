import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestaurantReplySchema } from '#contract/catalogue';
import { OrderReplySchema, type Order } from '#contract/orders';
import { signAccessToken } from '#server/modules/auth/tokens';
import { ledgerInvariants } from '#server/modules/ledger/ledger.service';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { balanceOf, paidOrder, payFromWallet, platformBalance } from '../helpers/money';
import { orderStatus, placeOrder } from '../factories/orders';
import { newUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';

type Action = 'accept' | 'done' | 'complete' | 'cancel';

interface Restaurant {
  id: number;
  owner: TestUser;
  staff: TestUser;
  dish: number;
}

/** Two restaurants, each with its owner and a linked staff account. */
async function setUp(t: TestApp): Promise<{ a: Restaurant; b: Restaurant }> {
  const created = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [{ name: 'Phở bò', price: 55_555 }],
    },
    {
      name: 'Bánh Mì Phố Huế',
      lat: 21.0125,
      lon: 105.8513,
      dishes: [{ name: 'Bánh mì', price: 25_000 }],
    },
  ]);
  const restaurant = async (r: (typeof created)[number], dish: string): Promise<Restaurant> => {
    const { owner_id } = await t.database.db
      .selectFrom('restaurants')
      .select('owner_id')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    return {
      id: r.id,
      owner: {
        id: owner_id,
        role: 'owner',
        token: await signAccessToken(t.app.keys.jwt, { id: owner_id, role: 'owner' }),
      },
      staff: await newUser(t, 'staff', { restaurant_id: r.id }),
      dish: r.dishes[dish]!,
    };
  };
  return {
    a: await restaurant(created[0]!, 'Phở bò'),
    b: await restaurant(created[1]!, 'Bánh mì'),
  };
}

const act = (t: TestApp, user: TestUser, id: number, action: Action, reason = 'Hết nguyên liệu') =>
  call<ErrorBody & { data: Order }>(t.app, 'PUT', `/api/staff/orders/${id}/${action}/`, {
    token: user.token,
    ...(action === 'cancel' ? { body: { reason } } : {}),
  });

const customerCancel = (t: TestApp, user: TestUser, id: number) =>
  call<ErrorBody & { data: Order }>(t.app, 'PUT', `/api/customer/orders/${id}/cancel/`, {
    token: user.token,
    body: { reason: 'Đặt nhầm món' },
  });

async function expectBalanced(t: TestApp) {
  expect(await ledgerInvariants(t.database.db)).toEqual({
    sumOfBalances: 0,
    mismatchedAccounts: [],
    negativeWallets: [],
  });
}

describe('order fulfilment and its money (spec 4, 7.5; design.md section 5)', () => {
  let t: TestApp;
  let a: Restaurant;
  let b: Restaurant;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b } = await setUp(t));
    await t.database.db
      .insertInto('coupons')
      .values({
        code: 'MIENPHI',
        kind: 'percent',
        value: 100,
        starts_at: new Date(Date.now() - 86_400_000),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('takes an order through accepted, done and completed, paying the owner once', async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.dish, 2);
    expect(order.total_amount).toBe(111_110);
    const ownerBefore = await balanceOf(t, a.owner.id);
    const escrowBefore = await platformBalance(t, 'escrow');

    const accepted = await act(t, a.staff, order.id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const acceptedReply = OrderReplySchema.parse(accepted.body);
    expect(acceptedReply.message).toBe('Đã nhận đơn');
    expect(acceptedReply.data.status).toBe('accepted');
    expect(acceptedReply.data.accepted_at).not.toBeNull();

    const done = await act(t, a.owner, order.id, 'done');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Đã xong món');
    expect(done.body.data).toMatchObject({ status: 'done', done_at: expect.any(String) });
    // Nothing moves before completion.
    expect(await balanceOf(t, a.owner.id)).toBe(ownerBefore);

    const completed = await act(t, a.staff, order.id, 'complete');
    expect(completed.status).toBe(200);
    expect(completed.body.message).toBe('Đã hoàn thành đơn');
    expect(completed.body.data).toMatchObject({
      status: 'completed',
      completed_at: expect.any(String),
    });
    expect(await balanceOf(t, a.owner.id)).toBe(ownerBefore + 111_110);
    expect(await platformBalance(t, 'escrow')).toBe(escrowBefore - 111_110);

    const again = await act(t, a.staff, order.id, 'complete');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ORDER_TRANSITION_INVALID',
      message: 'Thao tác không hợp lệ với trạng thái hiện tại của đơn hàng',
    });
    expect(await balanceOf(t, a.owner.id)).toBe(ownerBefore + 111_110);
    // With COMMISSION_PERCENT unset (0) no commission transfer exists.
    const commission = await t.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('business_key', '=', `order:${order.id}:commission`)
      .execute();
    expect(commission).toEqual([]);
    await expectBalanced(t);
  });

  it('refuses every step from the wrong status with 409 ORDER_TRANSITION_INVALID', async () => {
    const customer = await newUser(t, 'customer');
    const pending = await placeOrder(t, customer, a.dish);
    for (const action of ['accept', 'done', 'complete', 'cancel'] as const) {
      const res = await act(t, a.staff, pending.id, action);
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('ORDER_TRANSITION_INVALID');
    }
    expect(await orderStatus(t, pending.id)).toBe('pending');

    const order = await paidOrder(t, customer, a.dish);
    for (const action of ['done', 'complete'] as const) {
      expect((await act(t, a.staff, order.id, action)).status).toBe(409);
    }
    expect((await act(t, a.staff, order.id, 'accept')).status).toBe(200);
    expect((await act(t, a.staff, order.id, 'accept')).status).toBe(409);
    expect((await act(t, a.staff, order.id, 'complete')).status).toBe(409);
    expect(await orderStatus(t, order.id)).toBe('accepted');
  });

  it("answers 404 to staff of restaurant B on A's order and changes nothing", async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.dish);
    const balances = async () => ({
      customer: await balanceOf(t, customer.id),
      ownerA: await balanceOf(t, a.owner.id),
      ownerB: await balanceOf(t, b.owner.id),
      escrow: await platformBalance(t, 'escrow'),
    });
    const before = await balances();
    for (const user of [b.staff, b.owner]) {
      for (const action of ['accept', 'done', 'complete', 'cancel'] as const) {
        const res = await act(t, user, order.id, action);
        expect(res.status, action).toBe(404);
        expect(res.body).toMatchObject({
          code: 'ORDER_NOT_FOUND',
          message: 'Không tìm thấy đơn hàng',
        });
      }
    }
    expect(await orderStatus(t, order.id)).toBe('paid');
    expect(await balances()).toEqual(before);
    // A customer or an admin (no restaurant) cannot act either.
    expect((await act(t, customer, order.id, 'accept')).status).toBe(403);
    const admin = await newUser(t, 'admin');
    expect((await act(t, admin, order.id, 'accept')).body.code).toBe('RESTAURANT_NOT_LINKED');
    expect((await act(t, a.staff, 999_999, 'accept')).status).toBe(404);
  });

  it('refunds the customer in full when staff cancel a paid, accepted or done order', async () => {
    for (const reach of ['paid', 'accepted', 'done'] as const) {
      const customer = await newUser(t, 'customer');
      const order = await paidOrder(t, customer, a.dish);
      expect(await balanceOf(t, customer.id)).toBe(0);
      if (reach !== 'paid') await act(t, a.staff, order.id, 'accept');
      if (reach === 'done') await act(t, a.staff, order.id, 'done');
      const escrowBefore = await platformBalance(t, 'escrow');
      const res = await act(t, a.staff, order.id, 'cancel', 'Quán hết phở');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('Đã hủy đơn');
      expect(res.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Quán hết phở' });
      expect(await balanceOf(t, customer.id)).toBe(order.total_amount);
      expect(await platformBalance(t, 'escrow')).toBe(escrowBefore - order.total_amount);
      const row = await t.database.db
        .selectFrom('orders')
        .select('cancelled_by')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.cancelled_by).toBe('staff');
      // Cancelled is final: no second cancel, no second refund, no completion.
      for (const action of ['cancel', 'complete', 'accept'] as const) {
        expect((await act(t, a.staff, order.id, action)).status).toBe(409);
      }
      expect(await balanceOf(t, customer.id)).toBe(order.total_amount);
    }
    // A completed order cannot be cancelled; a staff cancel needs a reason.
    const customer = await newUser(t, 'customer');
    const completed = await paidOrder(t, customer, a.dish);
    for (const action of ['accept', 'done', 'complete'] as const) {
      await act(t, a.staff, completed.id, action);
    }
    expect((await act(t, a.staff, completed.id, 'cancel')).status).toBe(409);
    expect(await balanceOf(t, customer.id)).toBe(0);
    const order = await paidOrder(t, customer, a.dish);
    const noReason = await act(t, a.staff, order.id, 'cancel', ' ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Vui lòng nhập lý do hủy đơn');
    expect(await orderStatus(t, order.id)).toBe('paid');
    await expectBalanced(t);
  });

  it('lets the customer cancel a paid order before it is accepted, with a full refund', async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.dish);
    const escrowBefore = await platformBalance(t, 'escrow');
    const res = await customerCancel(t, customer, order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t, customer.id)).toBe(order.total_amount);
    expect(await platformBalance(t, 'escrow')).toBe(escrowBefore - order.total_amount);
    const refunds = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['amount', 'kind', 'order_id'])
      .where('business_key', '=', `order:${order.id}:refund`)
      .execute();
    expect(refunds).toEqual([{ amount: order.total_amount, kind: 'refund', order_id: order.id }]);
    // A pending order cancels without any money moving.
    const pending = await placeOrder(t, customer, a.dish);
    expect((await customerCancel(t, customer, pending.id)).status).toBe(200);
    expect(await balanceOf(t, customer.id)).toBe(order.total_amount);
    await expectBalanced(t);
  });

  it('refuses a customer cancel once the restaurant has accepted', async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.dish);
    await act(t, a.staff, order.id, 'accept');
    const res = await customerCancel(t, customer, order.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ORDER_NOT_CANCELLABLE');
    expect(await orderStatus(t, order.id)).toBe('accepted');
    expect(await balanceOf(t, customer.id)).toBe(0);
    // Someone else's order is not found for a customer either.
    const other = await newUser(t, 'customer');
    expect((await customerCancel(t, other, order.id)).status).toBe(404);
  });

  it('moves no money for a 0 đồng order (100 % coupon) and gives the coupon back on cancel', async () => {
    const customer = await newUser(t, 'customer');
    const transfers = async () =>
      (await t.database.db.selectFrom('ledger_transfers').select('id').execute()).length;
    const free = await placeOrder(t, customer, a.dish, 1, 'MIENPHI');
    expect(free.total_amount).toBe(0);
    await payFromWallet(t, customer.id, free.id);
    const before = await transfers();
    const ownerBefore = await balanceOf(t, a.owner.id);
    for (const action of ['accept', 'done', 'complete'] as const) {
      expect((await act(t, a.staff, free.id, action)).status).toBe(200);
    }
    expect(await transfers()).toBe(before);
    expect(await balanceOf(t, a.owner.id)).toBe(ownerBefore);

    const another = await placeOrder(t, customer, a.dish, 1, 'MIENPHI');
    await payFromWallet(t, customer.id, another.id);
    const used = async () =>
      (
        await t.database.db
          .selectFrom('coupons')
          .select('used_count')
          .where('code', '=', 'MIENPHI')
          .executeTakeFirstOrThrow()
      ).used_count;
    const usedBefore = await used();
    expect((await customerCancel(t, customer, another.id)).status).toBe(200);
    expect(await used()).toBe(usedBefore - 1);
    expect(await transfers()).toBe(before);
    await expectBalanced(t);
  });

  it("counts delivered orders and sold dishes on the restaurant's public page (spec 2.10)", async () => {
    const detail = async () =>
      RestaurantReplySchema.parse(
        (await call(t.app, 'GET', `/api/restaurant/${b.id}/detail`, { token: b.staff.token })).body,
      ).data;
    const before = await detail();
    const sold = (d: typeof before) =>
      d.top_foods.find((food) => food.id === b.dish)?.total_sold ?? 0;
    const customer = await newUser(t, 'customer');
    const delivered = await paidOrder(t, customer, b.dish, 3);
    const cancelled = await paidOrder(t, customer, b.dish, 2);
    for (const action of ['accept', 'done', 'complete'] as const) {
      expect((await act(t, b.staff, delivered.id, action)).status).toBe(200);
    }
    expect((await act(t, b.staff, cancelled.id, 'cancel')).status).toBe(200);
    const after = await detail();
    // Only the delivered order counts; the cancelled one sold nothing.
    expect(after.completed_orders).toBe(before.completed_orders + 1);
    expect(sold(after)).toBe(sold(before) + 3);
    expect(after.top_foods[0]!.id).toBe(b.dish);
  });

  it('completes once and refunds never when completion and cancel race', async () => {
    // On PostgreSQL the calls run at once and queue on the order row lock.
    const customer = await newUser(t, 'customer');
    for (let round = 0; round < 3; round++) {
      const order = await paidOrder(t, customer, a.dish);
      await act(t, a.staff, order.id, 'accept');
      await act(t, a.staff, order.id, 'done');
      const ownerBefore = await balanceOf(t, a.owner.id);
      const customerBefore = await balanceOf(t, customer.id);
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => act(t, a.staff, order.id, 'complete')),
        ...Array.from({ length: 4 }, () => act(t, a.owner, order.id, 'cancel')),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      const status = await orderStatus(t, order.id);
      expect(['completed', 'cancelled']).toContain(status);
      expect(await balanceOf(t, a.owner.id)).toBe(
        ownerBefore + (status === 'completed' ? order.total_amount : 0),
      );
      expect(await balanceOf(t, customer.id)).toBe(
        customerBefore + (status === 'cancelled' ? order.total_amount : 0),
      );
    }
    await expectBalanced(t);
  });
});

describe('completion with COMMISSION_PERCENT=10', () => {
  let t: TestApp;
  let a: Restaurant;

  beforeAll(async () => {
    t = await createTestApp({ env: { COMMISSION_PERCENT: '10' } });
    ({ a } = await setUp(t));
  });
  afterAll(() => t.close());

  it('pays the owner the total less floor(10 %) and the platform the commission', async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.dish);
    expect(order.total_amount).toBe(55_555);
    for (const action of ['accept', 'done', 'complete'] as const) {
      expect((await act(t, a.staff, order.id, action)).status).toBe(200);
    }
    expect(await balanceOf(t, a.owner.id)).toBe(50_000);
    expect(await platformBalance(t, 'commission')).toBe(5_555);
    expect(await platformBalance(t, 'escrow')).toBe(0);
    const moves = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['business_key', 'amount', 'kind'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { business_key: `order:${order.id}:pay`, amount: 55_555, kind: 'order_payment' },
      { business_key: `order:${order.id}:settle`, amount: 50_000, kind: 'settlement' },
      { business_key: `order:${order.id}:commission`, amount: 5_555, kind: 'commission' },
    ]);
    expect((await act(t, a.staff, order.id, 'complete')).status).toBe(409);
    expect(await balanceOf(t, a.owner.id)).toBe(50_000);
    await expectBalanced(t);
  });
});
