import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DepositReplySchema,
  PaymentReturnReplySchema,
  PayOrderReplySchema,
  type PayOrderResult,
} from '#contract/payments';
import { ledgerInvariants, transfer, walletBalance } from '#server/modules/ledger/ledger.service';
import { settleStalePayments } from '#server/modules/payments/payments.reconciliation.service';
import { signParams, verifyParams } from '#server/payment/vnpay/vnpay';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { type CallbackOutcome, sendIpn, vnpayCallback } from '../helpers/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { newUser, type TestUser } from '../factories/users';

const AMOUNT_INVALID = 'Số tiền không hợp lệ';

describe('payments (design.md section 5, vnpay.md)', () => {
  let t: TestApp;
  let restaurantId: number;
  let secret: string;
  let keySeq = 0;
  /** While true the IPN is lost on its way (VNPay's call never reaches the route). */
  let dropIpn = false;

  /** A pending order straight in the table: how it was built is the orders suite's business. */
  const newOrder = async (customer: TestUser, total: number, discount = 0) => {
    const row = await t.database.db
      .insertInto('orders')
      .values({
        customer_id: customer.id,
        restaurant_id: restaurantId,
        subtotal: total + discount,
        discount,
        total_amount: total,
        coupon_id: null,
        coupon_code: null,
        delivery_address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
        delivery_phone: '0987654321',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  /** Money in a wallet as if it came through VNPay, recorded by the ledger itself. */
  const fund = async (user: TestUser, amount: number) => {
    keySeq += 1;
    await t.database.db.transaction().execute((trx) =>
      transfer(trx, {
        key: `test:fund:${user.id}:${keySeq}`,
        from: { platform: 'gateway' },
        to: { wallet: user.id },
        amount,
        kind: 'deposit',
      }),
    );
  };

  const balanceOf = (user: TestUser) => walletBalance(t.database.db, user.id);

  const platformBalance = async (kind: 'escrow' | 'gateway') =>
    (
      await t.database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('kind', '=', kind)
        .where('user_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).balance;

  const orderStatus = async (id: number) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  const paymentOf = (txnRef: string) =>
    t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('txn_ref', '=', txnRef)
      .executeTakeFirstOrThrow();

  const creditsOf = async (txnRef: string) =>
    (
      await t.database.db
        .selectFrom('ledger_transfers')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('business_key', '=', `vnpay:${txnRef}:credit`)
        .executeTakeFirstOrThrow()
    ).n;

  const deposit = (user: TestUser, amount: unknown, url = '/api/payment/deposit/create/') =>
    call<ErrorBody & { data: unknown }>(t.app, 'POST', url, {
      token: user.token,
      body: { amount },
    });

  const pay = (user: TestUser, orderId: number, headers?: Record<string, string>) =>
    call<ErrorBody & { data: PayOrderResult }>(t.app, 'POST', '/api/payment/order/pay/', {
      token: user.token,
      body: { order_id: orderId },
      ...(headers ? { headers } : {}),
    });

  const paid = async (user: TestUser, orderId: number) => {
    const res = await pay(user, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PayOrderReplySchema.parse(res.body).data;
  };

  const callback = (txnRef: string, amount: number, outcome?: CallbackOutcome) =>
    vnpayCallback(t, txnRef, amount, outcome);

  const ipn = (params: Record<string, string>) => sendIpn(t, params);

  const paymentReturn = (params: Record<string, string>) =>
    call<ErrorBody & { data: { status: string } }>(
      t.app,
      'GET',
      `/api/payment/vnpay/return/?${new URLSearchParams(params).toString()}`,
      { headers: { accept: 'application/json' } },
    );

  const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.addHook('onRequest', async (request, reply) => {
          if (dropIpn && request.url.startsWith('/api/payment/vnpay/ipn/')) {
            return reply.code(503).send('Service Unavailable');
          }
        });
      },
    });
    secret = t.app.config.vnpay.hashSecret;
    const [restaurant] = await insertCatalogue(t.database.db, [
      { name: 'Cơm Tấm Sài Gòn', lat: 10.7769, lon: 106.7009, dishes: [] },
    ]);
    restaurantId = restaurant!.id;
  });
  afterAll(async () => {
    // Whatever ran, the books must balance (design.md section 5).
    const invariants = await ledgerInvariants(t.database.db);
    expect(invariants.sumOfBalances).toBe(0);
    expect(invariants.mismatchedAccounts).toEqual([]);
    expect(invariants.negativeWallets).toEqual([]);
    await t.close();
  });

  describe('deposit', () => {
    it.each([0, -1, 1.5, '5000', null])('refuses the amount %j as invalid', async (amount) => {
      const user = await newUser(t, 'customer');
      const res = await deposit(user, amount);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: AMOUNT_INVALID });
    });

    it.each([4_999, 100_000_001, 10 ** 12])('refuses %d as out of range', async (amount) => {
      const user = await newUser(t, 'customer');
      const res = await deposit(user, amount);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('DEPOSIT_AMOUNT_RANGE');
      expect(
        await t.database.db
          .selectFrom('payments')
          .select('id')
          .where('user_id', '=', user.id)
          .execute(),
      ).toEqual([]);
    });

    it.each([5_000, 100_000_000])('opens a signed VNPay payment of %d', async (amount) => {
      const user = await newUser(t, 'customer');
      const res = await deposit(user, amount);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { data } = DepositReplySchema.parse(res.body);
      expect(data.redirect_url).toBe(data.payment_url);
      expect(data.amount).toBe(amount);
      expect(data.payment_url.startsWith(t.app.config.vnpay.payUrl)).toBe(true);
      const query = queryOf(data.payment_url);
      expect(verifyParams(query, secret)).toBe(true);
      expect(query).toMatchObject({
        vnp_Amount: String(amount * 100),
        vnp_TxnRef: data.txn_ref,
        vnp_Command: 'pay',
        vnp_ReturnUrl: `${t.app.config.publicUrl}/api/payment/vnpay/return/`,
        vnp_IpAddr: '203.0.113.10',
      });
      expect(await paymentOf(data.txn_ref)).toMatchObject({
        user_id: user.id,
        purpose: 'deposit',
        order_id: null,
        amount,
        status: 'pending',
      });
      // Nothing is credited before VNPay confirms.
      expect(await balanceOf(user)).toBe(0);
    });

    it('gives every attempt a fresh TxnRef', async () => {
      const user = await newUser(t, 'customer');
      const refs = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        refs.add(DepositReplySchema.parse((await deposit(user, 20_000)).body).data.txn_ref);
      }
      expect(refs.size).toBe(3);
    });

    it('lets staff-level users top up through the staff call, not customers', async () => {
      const owner = await newUser(t, 'owner');
      const res = await deposit(owner, 50_000, '/api/staff/payment/deposit/');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(DepositReplySchema.parse(res.body).data.amount).toBe(50_000);
      const customer = await newUser(t, 'customer');
      expect((await deposit(customer, 50_000, '/api/staff/payment/deposit/')).status).toBe(403);
      expect((await deposit(owner, 4_000, '/api/staff/payment/deposit/')).body.code).toBe(
        'DEPOSIT_AMOUNT_RANGE',
      );
    });

    it('needs a signed-in caller', async () => {
      const res = await call(t.app, 'POST', '/api/payment/deposit/create/', {
        body: { amount: 50_000 },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('pay an order', () => {
    it('pays from a wallet that covers it', async () => {
      const user = await newUser(t, 'customer');
      await fund(user, 100_000);
      const order = await newOrder(user, 65_000);
      const escrowBefore = await platformBalance('escrow');
      const res = await pay(user, order);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Thanh toán thành công',
        data: { status: 'paid', order_id: order, amount_vnpay: 0, balance: 35_000 },
      });
      expect(res.body.data.payment_url).toBeUndefined();
      expect(await balanceOf(user)).toBe(35_000);
      expect(await orderStatus(order)).toBe('paid');
      expect((await platformBalance('escrow')) - escrowBefore).toBe(65_000);
      // Paying again is refused and moves nothing.
      const again = await pay(user, order);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ORDER_NOT_PAYABLE');
      expect(await balanceOf(user)).toBe(35_000);
    });

    it('gives a VNPay link for a shortfall of at least 5,000', async () => {
      const user = await newUser(t, 'customer');
      await fund(user, 30_000);
      const order = await newOrder(user, 85_000);
      const data = await paid(user, order);
      expect(data).toMatchObject({ status: 'pending', amount_vnpay: 55_000, balance: 30_000 });
      expect(data.redirect_url).toBe(data.payment_url);
      const query = queryOf(data.payment_url!);
      expect(verifyParams(query, secret)).toBe(true);
      expect(query.vnp_Amount).toBe('5500000');
      expect(await paymentOf(data.txn_ref!)).toMatchObject({
        purpose: 'order',
        order_id: order,
        amount: 55_000,
        status: 'pending',
      });
      // Nothing moved yet.
      expect(await balanceOf(user)).toBe(30_000);
      expect(await orderStatus(order)).toBe('pending');
    });

    it('gives no link for a shortfall under 5,000, only the amount', async () => {
      const user = await newUser(t, 'customer');
      await fund(user, 47_000);
      const order = await newOrder(user, 50_000);
      const res = await pay(user, order);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Số dư không đủ');
      const data = PayOrderReplySchema.parse(res.body).data;
      expect(data).toMatchObject({ status: 'pending', amount_vnpay: 3_000, balance: 47_000 });
      expect(data.payment_url).toBeUndefined();
      expect(data.redirect_url).toBeUndefined();
      expect(
        await t.database.db
          .selectFrom('payments')
          .select('id')
          .where('order_id', '=', order)
          .execute(),
      ).toEqual([]);
    });

    it('pays an order of 0 at once without moving money', async () => {
      const user = await newUser(t, 'customer');
      // A coupon worth the whole subtotal.
      const order = await newOrder(user, 0, 30_000);
      expect(await paid(user, order)).toMatchObject({
        status: 'paid',
        amount_vnpay: 0,
        balance: 0,
      });
      expect(await orderStatus(order)).toBe('paid');
    });

    it("refuses someone else's order as not found and a bad id as invalid", async () => {
      const owner = await newUser(t, 'customer');
      const other = await newUser(t, 'customer');
      await fund(other, 100_000);
      const order = await newOrder(owner, 20_000);
      const res = await pay(other, order);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ORDER_NOT_FOUND');
      expect(await balanceOf(other)).toBe(100_000);
      const bad = await call<ErrorBody>(t.app, 'POST', '/api/payment/order/pay/', {
        token: owner.token,
        body: { order_id: 'abc' },
      });
      expect(bad.status).toBe(400);
      const staff = await newUser(t, 'staff');
      expect((await pay(staff, order)).status).toBe(403);
    });

    it('replays a repeated Idempotency-Key instead of opening a second payment', async () => {
      const user = await newUser(t, 'customer');
      const order = await newOrder(user, 40_000);
      const first = await pay(user, order, { 'idempotency-key': 'pay-once-0001' });
      const second = await pay(user, order, { 'idempotency-key': 'pay-once-0001' });
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(
        await t.database.db
          .selectFrom('payments')
          .select('id')
          .where('order_id', '=', order)
          .execute(),
      ).toHaveLength(1);
    });
  });

  describe('IPN', () => {
    it('credits the shortfall and pays the order in one go', async () => {
      const user = await newUser(t, 'customer');
      await fund(user, 30_000);
      const order = await newOrder(user, 85_000);
      const { txn_ref } = await paid(user, order);
      const escrowBefore = await platformBalance('escrow');
      expect(await ipn(callback(txn_ref!, 55_000))).toEqual({
        RspCode: '00',
        Message: 'Confirm Success',
      });
      expect(await orderStatus(order)).toBe('paid');
      expect(await balanceOf(user)).toBe(0);
      expect((await platformBalance('escrow')) - escrowBefore).toBe(85_000);
      expect(await paymentOf(txn_ref!)).toMatchObject({
        status: 'succeeded',
        response_code: '00',
        transaction_status: '00',
        transaction_no: '14422574',
        bank_code: 'NCB',
      });
      const return_ = await paymentReturn(callback(txn_ref!, 55_000));
      expect(return_.status).toBe(200);
      expect(PaymentReturnReplySchema.parse(return_.body)).toMatchObject({
        success: true,
        message: 'Thanh toán thành công',
        data: { status: 'success', purpose: 'order', order_id: order, amount: 55_000 },
      });
    });

    it('credits a deposit to the wallet', async () => {
      const user = await newUser(t, 'customer');
      const { data } = DepositReplySchema.parse((await deposit(user, 250_000)).body);
      expect((await ipn(callback(data.txn_ref, 250_000))).RspCode).toBe('00');
      expect(await balanceOf(user)).toBe(250_000);
      // VNPay retries: the second delivery is '02' and credits nothing more.
      expect(await ipn(callback(data.txn_ref, 250_000))).toEqual({
        RspCode: '02',
        Message: 'Order already confirmed',
      });
      expect(await balanceOf(user)).toBe(250_000);
    });

    it('keeps the money in the wallet when the order was cancelled before VNPay confirmed', async () => {
      const user = await newUser(t, 'customer');
      const order = await newOrder(user, 60_000);
      const { txn_ref } = await paid(user, order);
      const cancelled = await call(t.app, 'PUT', `/api/customer/orders/${order}/cancel/`, {
        token: user.token,
        body: { reason: 'Khách yêu cầu hủy' },
      });
      expect(cancelled.status).toBe(200);
      expect((await ipn(callback(txn_ref!, 60_000))).RspCode).toBe('00');
      expect(await orderStatus(order)).toBe('cancelled');
      expect(await balanceOf(user)).toBe(60_000);
    });

    it('credits exactly once when the same IPN arrives 10 times at once', async () => {
      const user = await newUser(t, 'customer');
      const order = await newOrder(user, 120_000);
      const { txn_ref } = await paid(user, order);
      const params = callback(txn_ref!, 120_000);
      const replies = await Promise.all(Array.from({ length: 10 }, () => ipn(params)));
      const codes = replies.map((r) => r.RspCode).sort();
      expect(codes).toEqual(['00', ...Array<string>(9).fill('02')]);
      expect(await creditsOf(txn_ref!)).toBe(1);
      expect(await orderStatus(order)).toBe('paid');
      expect(await balanceOf(user)).toBe(0);
      const payments = await t.database.db
        .selectFrom('ledger_transfers')
        .select('amount')
        .where('business_key', '=', `order:${order}:pay`)
        .execute();
      expect(payments).toEqual([{ amount: 120_000 }]);
    });

    it('answers 97 to a tampered field signed with the old hash', async () => {
      const user = await newUser(t, 'customer');
      const { data } = DepositReplySchema.parse((await deposit(user, 10_000)).body);
      const params = callback(data.txn_ref, 10_000);
      expect(await ipn({ ...params, vnp_Amount: '1000000000' })).toEqual({
        RspCode: '97',
        Message: 'Invalid signature',
      });
      const failed = callback(data.txn_ref, 10_000, 'insufficient');
      expect(
        (await ipn({ ...failed, vnp_ResponseCode: '00', vnp_TransactionStatus: '00' })).RspCode,
      ).toBe('97');
      const { vnp_SecureHash: _dropped, ...unsigned } = params;
      expect((await ipn(unsigned)).RspCode).toBe('97');
      expect((await ipn({ ...params, vnp_SecureHash: 'ab'.repeat(64) })).RspCode).toBe('97');
      expect(await balanceOf(user)).toBe(0);
      expect((await paymentOf(data.txn_ref)).status).toBe('pending');
    });

    it('answers 04 to a validly signed wrong amount', async () => {
      const user = await newUser(t, 'customer');
      const { data } = DepositReplySchema.parse((await deposit(user, 10_000)).body);
      expect(await ipn(callback(data.txn_ref, 1_000_000))).toEqual({
        RspCode: '04',
        Message: 'Invalid amount',
      });
      expect(await balanceOf(user)).toBe(0);
      expect((await paymentOf(data.txn_ref)).status).toBe('pending');
    });

    it('answers 01 to an unknown TxnRef', async () => {
      expect(await ipn(callback('KHONGCO123', 10_000))).toEqual({
        RspCode: '01',
        Message: 'Order not found',
      });
    });

    it('records a failure, then refuses a success for the same TxnRef', async () => {
      const user = await newUser(t, 'customer');
      const order = await newOrder(user, 75_000);
      const { txn_ref } = await paid(user, order);
      expect((await ipn(callback(txn_ref!, 75_000, 'cancelled'))).RspCode).toBe('00');
      expect(await paymentOf(txn_ref!)).toMatchObject({
        status: 'failed',
        response_code: '24',
        transaction_status: '02',
      });
      expect((await ipn(callback(txn_ref!, 75_000))).RspCode).toBe('02');
      expect(await creditsOf(txn_ref!)).toBe(0);
      expect(await balanceOf(user)).toBe(0);
      expect(await orderStatus(order)).toBe('pending');
      const return_ = await paymentReturn(callback(txn_ref!, 75_000, 'cancelled'));
      expect(return_.status).toBe(200);
      expect(return_.body).toMatchObject({
        success: false,
        message: 'Thanh toán thất bại!',
        data: { status: 'failed' },
      });
      // The order can still be paid with a new attempt and a new TxnRef.
      const retry = await paid(user, order);
      expect(retry.txn_ref).not.toBe(txn_ref);
    });
  });

  describe('return URL', () => {
    it('reports processing before the IPN and changes nothing', async () => {
      const user = await newUser(t, 'customer');
      const { data } = DepositReplySchema.parse((await deposit(user, 30_000)).body);
      const res = await paymentReturn(callback(data.txn_ref, 30_000));
      expect(res.status).toBe(200);
      expect(PaymentReturnReplySchema.parse(res.body)).toEqual({
        success: false,
        message: 'Giao dịch đang được xử lý',
        data: {
          status: 'processing',
          purpose: 'deposit',
          order_id: null,
          amount: 30_000,
          txn_ref: data.txn_ref,
        },
      });
      expect((await paymentOf(data.txn_ref)).status).toBe('pending');
      expect(await balanceOf(user)).toBe(0);
      expect(res.headers.vary).toMatch(/Accept/);
    });

    it('refuses a forged return URL and credits nothing', async () => {
      const user = await newUser(t, 'customer');
      const order = await newOrder(user, 45_000);
      const { txn_ref } = await paid(user, order);
      const forged = { ...callback(txn_ref!, 45_000) };
      forged.vnp_SecureHash = signParams(
        Object.fromEntries(Object.entries(forged).filter(([k]) => k !== 'vnp_SecureHash')),
        'not-the-merchant-secret',
      );
      for (const params of [forged, { ...callback(txn_ref!, 45_000), vnp_Amount: '100' }]) {
        const res = await paymentReturn(params);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          message: 'Không thể xác minh kết quả thanh toán',
        });
      }
      expect((await paymentOf(txn_ref!)).status).toBe('pending');
      expect(await creditsOf(txn_ref!)).toBe(0);
      expect(await orderStatus(order)).toBe('pending');
      expect(await balanceOf(user)).toBe(0);
    });

    it('answers 404 to a signed return of an unknown TxnRef', async () => {
      const res = await paymentReturn(callback('KHONGCO456', 10_000));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PAYMENT_NOT_FOUND');
    });

    it('leaves a browser navigation to the app (no build here: 404)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/payment/vnpay/return/?vnp_TxnRef=1',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('races (meaningful on PostgreSQL)', () => {
    it('lets exactly 10 of 50 concurrent pays through a wallet that holds 10 totals', async () => {
      const user = await newUser(t, 'customer');
      const total = 23_000;
      await fund(user, 10 * total);
      const orders: number[] = [];
      for (let i = 0; i < 50; i += 1) orders.push(await newOrder(user, total));
      const escrowBefore = await platformBalance('escrow');
      const replies = await Promise.all(orders.map((id) => pay(user, id)));
      for (const res of replies) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const statuses = replies.map((res) => res.body.data.status);
      expect(statuses.filter((s) => s === 'paid')).toHaveLength(10);
      // The others were told what is missing and given a link for it.
      for (const res of replies.filter((r) => r.body.data.status === 'pending')) {
        expect(res.body.data.amount_vnpay).toBeGreaterThan(0);
      }
      expect(await balanceOf(user)).toBe(0);
      expect((await platformBalance('escrow')) - escrowBefore).toBe(10 * total);
      const paidOrders = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('customer_id', '=', user.id)
        .where('status', '=', 'paid')
        .execute();
      expect(paidOrders).toHaveLength(10);
    });

    it('completes an IPN and a wallet pay of the same customer running at once', async () => {
      // Both move money wallet -> escrow after locking their order; the IPN also credits the
      // wallet first. Whatever order the locks come in, both must end paid (a deadlock that
      // PostgreSQL breaks is retried, not reported).
      for (let round = 0; round < 5; round += 1) {
        const user = await newUser(t, 'customer');
        const viaVnpay = await newOrder(user, 50_000);
        const { txn_ref } = await paid(user, viaVnpay);
        await fund(user, 30_000);
        const fromWallet = await newOrder(user, 30_000);
        const [ipnReply, payRes] = await Promise.all([
          ipn(callback(txn_ref!, 50_000)),
          pay(user, fromWallet),
        ]);
        expect(ipnReply.RspCode).toBe('00');
        expect(payRes.status, JSON.stringify(payRes.body)).toBe(200);
        expect(payRes.body.data.status).toBe('paid');
        expect(await orderStatus(viaVnpay)).toBe('paid');
        expect(await orderStatus(fromWallet)).toBe('paid');
        expect(await balanceOf(user)).toBe(0);
      }
    });

    it('settles a pay racing a customer cancel consistently', async () => {
      for (let round = 0; round < 8; round += 1) {
        const user = await newUser(t, 'customer');
        await fund(user, 50_000);
        const order = await newOrder(user, 50_000);
        const [payRes, cancelRes] = await Promise.all([
          pay(user, order),
          call<ErrorBody>(t.app, 'PUT', `/api/customer/orders/${order}/cancel/`, {
            token: user.token,
            body: { reason: 'Khách yêu cầu hủy' },
          }),
        ]);
        const status = await orderStatus(order);
        const refunds = await t.database.db
          .selectFrom('ledger_transfers')
          .select('amount')
          .where('business_key', '=', `order:${order}:refund`)
          .execute();
        // A customer may cancel a pending or a paid (not yet accepted) order: the cancel always
        // wins in the end; the pay either came first (and is refunded) or found it cancelled.
        expect(cancelRes.status, JSON.stringify(cancelRes.body)).toBe(200);
        expect(status).toBe('cancelled');
        if (payRes.status === 200) {
          expect(payRes.body.data.status).toBe('paid');
          expect(refunds).toEqual([{ amount: 50_000 }]);
        } else {
          expect(payRes.body.code).toBe('ORDER_NOT_PAYABLE');
          expect(refunds).toEqual([]);
        }
        expect(await balanceOf(user)).toBe(50_000);
      }
    });
  });

  describe('reconciliation (querydr against the built-in sandbox)', () => {
    /**
     * queryTransaction POSTs to `${publicUrl}/sandbox/vnpay/merchant_webapi/...`; nobody listens
     * there in tests, so the request is handed to the same app (its sandbox) in-process.
     */
    const routeFetchToSandbox = () => {
      const fetchSpy = vi.fn(async (url: unknown, init?: { body?: unknown }) => {
        const target = new URL(String(url));
        expect(target.href).toBe(t.app.config.vnpay.apiUrl);
        const res = await t.app.inject({
          method: 'POST',
          url: target.pathname,
          headers: { 'content-type': 'application/json' },
          payload: String(init?.body),
        });
        return new Response(res.body, {
          status: res.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      });
      vi.stubGlobal('fetch', fetchSpy);
      return fetchSpy;
    };

    const askedAbout = (fetchSpy: ReturnType<typeof routeFetchToSandbox>) =>
      fetchSpy.mock.calls.map(
        ([, init]) => (JSON.parse(String(init?.body)) as { vnp_TxnRef: string }).vnp_TxnRef,
      );

    /** The customer opens the sandbox's payment page. */
    const openPage = async (paymentUrl: string) => {
      const url = new URL(paymentUrl);
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(200);
      return url.search.slice(1);
    };

    /** ...and pays with the NCB success card; the sandbox calls our IPN, then redirects. */
    const payOnPage = async (paymentUrl: string) => {
      const rawQuery = await openPage(paymentUrl);
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox/vnpay/paymentv2/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          payment: rawQuery,
          card: '9704198526191432198',
          holder: 'NGUYEN VAN A',
          issue_date: '07/15',
          otp: '123456',
          action: 'pay',
        }).toString(),
      });
      expect(res.statusCode).toBe(302);
      return Object.fromEntries(new URL(res.headers.location!).searchParams);
    };

    /** As if the payment had been opened `minutes` ago (the app never updates created_at). */
    const age = (txnRef: string, minutes: number) =>
      sql`update payments set created_at = created_at - make_interval(mins => ${minutes})
        where txn_ref = ${txnRef}`.execute(t.database.db);

    it('settles a payment whose IPN was lost through the IPN path', async () => {
      const user = await newUser(t, 'customer');
      await fund(user, 10_000);
      const order = await newOrder(user, 90_000);
      const { payment_url, txn_ref } = await paid(user, order);
      dropIpn = true;
      const returned = await payOnPage(payment_url!).finally(() => {
        dropIpn = false;
      });
      // The customer is back, VNPay says paid, but no IPN reached us: we only report.
      expect((await paymentReturn(returned)).body.data.status).toBe('processing');
      expect(await orderStatus(order)).toBe('pending');

      const fetchSpy = routeFetchToSandbox();
      await settleStalePayments(t.app);
      expect(askedAbout(fetchSpy)).toEqual([]); // not stale yet: the page may still be open
      await age(txn_ref!, 16);
      const summary = await settleStalePayments(t.app);
      expect(askedAbout(fetchSpy)).toEqual([txn_ref]);
      expect(summary).toMatchObject({ checked: 1, succeeded: 1 });
      expect(await paymentOf(txn_ref!)).toMatchObject({
        status: 'succeeded',
        response_code: '00',
        transaction_status: '00',
        bank_code: 'NCB',
      });
      expect(await orderStatus(order)).toBe('paid');
      expect(await balanceOf(user)).toBe(0);
      expect(await creditsOf(txn_ref!)).toBe(1);
      // VNPay's retry of the IPN arriving late changes nothing.
      expect((await ipn(returned)).RspCode).toBe('02');
      expect(await creditsOf(txn_ref!)).toBe(1);
      expect((await paymentReturn(returned)).body.data.status).toBe('success');
    });

    it('fails a payment never completed (01) or unknown to VNPay (91)', async () => {
      const user = await newUser(t, 'customer');
      const opened = DepositReplySchema.parse((await deposit(user, 15_000)).body).data;
      const unknown = DepositReplySchema.parse((await deposit(user, 16_000)).body).data;
      await openPage(opened.payment_url);
      await age(opened.txn_ref, 20);
      await age(unknown.txn_ref, 20);
      routeFetchToSandbox();
      expect(await settleStalePayments(t.app)).toMatchObject({ checked: 2, failed: 2 });
      expect(await paymentOf(opened.txn_ref)).toMatchObject({
        status: 'failed',
        response_code: '00',
        transaction_status: '01',
      });
      expect(await paymentOf(unknown.txn_ref)).toMatchObject({
        status: 'failed',
        response_code: '91',
      });
      expect(await balanceOf(user)).toBe(0);
    });

    it('keeps a payment pending when querydr itself fails', async () => {
      const user = await newUser(t, 'customer');
      const { txn_ref } = DepositReplySchema.parse((await deposit(user, 17_000)).body).data;
      await age(txn_ref, 20);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('fetch failed');
        }),
      );
      expect(await settleStalePayments(t.app)).toMatchObject({ checked: 1, unresolved: 1 });
      expect((await paymentOf(txn_ref)).status).toBe('pending');
      // Settled on a later run, once VNPay answers again (here: it never saw it).
      routeFetchToSandbox();
      expect(await settleStalePayments(t.app)).toMatchObject({ checked: 1, failed: 1 });
    });
  });
});
