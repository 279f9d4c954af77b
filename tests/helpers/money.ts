import { expect } from 'vitest';
import { CreateOrderReplySchema, type Order } from '#contract/orders';
import type { Role } from '#server/db/schema';
import { signAccessToken } from '#server/modules/auth/tokens';
import { transfer, walletBalance } from '#server/modules/ledger/ledger.service';
import { lockCustomerOrder, markOrderPaid } from '#server/modules/orders/orders.service';
import { formatVnpDate, signParams } from '#server/payment/vnpay/vnpay';
import { call } from './auth';
import type { TestApp } from './test-app';

/** Money tests (issue 6): users, wallet top-ups and paid orders without the payment API. */

export interface TestUser {
  id: number;
  role: Role;
  token: string;
}

let userSeq = 0;

/** A user row and a real access token for it (sign-in itself is tested elsewhere). */
export async function newUser(
  t: TestApp,
  role: Role,
  values: { full_name?: string; restaurant_id?: number } = {},
): Promise<TestUser> {
  userSeq += 1;
  // Every test file has a database of its own: a counter is unique enough.
  const unique = String(userSeq).padStart(7, '0');
  const row = await t.database.db
    .insertInto('users')
    .values({
      role,
      ...(role === 'customer'
        ? { phone: `097${unique}` }
        : { username: `money_${role}_${unique}`, password_hash: 'x' }),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    role,
    token: await signAccessToken(t.app.keys.jwt, { id: row.id, role }),
  };
}

let depositSeq = 0;

/** Money from outside into a wallet, as a settled VNPay top-up would move it. */
export async function deposit(t: TestApp, userId: number, amount: number): Promise<void> {
  depositSeq += 1;
  await t.database.db.transaction().execute((trx) =>
    transfer(trx, {
      key: `test:deposit:${userId}:${depositSeq}:${Date.now()}`,
      from: { platform: 'gateway' },
      to: { wallet: userId },
      amount,
      kind: 'deposit',
    }),
  );
}

export const balanceOf = (t: TestApp, userId: number) => walletBalance(t.database.db, userId);

export async function platformBalance(
  t: TestApp,
  kind: 'escrow' | 'gateway' | 'payouts' | 'commission',
): Promise<number> {
  const row = await t.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export const DELIVERY = {
  delivery_address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  delivery_phone: '0987654321',
};

/** A pending order through the real cart and order API. */
export async function placeOrder(
  t: TestApp,
  customer: TestUser,
  foodId: number,
  quantity = 1,
  couponCode?: string,
): Promise<Order> {
  const added = await call(t.app, 'POST', '/api/customer/cart/add/', {
    token: customer.token,
    body: { food_id: foodId, quantity, topping_ids: [] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const res = await call(t.app, 'POST', '/api/customer/orders/', {
    token: customer.token,
    body: { ...DELIVERY, ...(couponCode ? { coupon_code: couponCode } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CreateOrderReplySchema.parse(res.body).data.order;
}

/** Pays a pending order from the customer's wallet the way the pay endpoint does. */
export async function payFromWallet(t: TestApp, customerId: number, orderId: number) {
  await t.database.db.transaction().execute(async (trx) => {
    const order = await lockCustomerOrder(trx, customerId, orderId);
    if (order.total_amount > 0) {
      await transfer(trx, {
        key: `order:${orderId}:pay`,
        from: { wallet: customerId },
        to: { platform: 'escrow' },
        amount: order.total_amount,
        kind: 'order_payment',
        orderId,
      });
    }
    expect(await markOrderPaid(trx, orderId)).toBe(true);
  });
}

/** A paid order of `foodId`: topped up exactly, ordered, paid. */
export async function paidOrder(
  t: TestApp,
  customer: TestUser,
  foodId: number,
  quantity = 1,
): Promise<Order> {
  const order = await placeOrder(t, customer, foodId, quantity);
  await deposit(t, customer.id, order.total_amount);
  await payFromWallet(t, customer.id, order.id);
  return order;
}

export type CallbackOutcome = 'success' | 'insufficient' | 'cancelled';

/**
 * The parameters VNPay puts on the IPN and the return URL for one attempt (vnpay.md), signed
 * with the app's hash secret: what the gateway would send for `outcome`.
 */
export function vnpayCallback(
  t: TestApp,
  txnRef: string,
  amount: number,
  outcome: CallbackOutcome = 'success',
): Record<string, string> {
  const params: Record<string, string> = {
    vnp_Amount: String(amount * 100),
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: `Thanh toan ${txnRef}`,
    vnp_PayDate: formatVnpDate(new Date()),
    vnp_ResponseCode: { success: '00', insufficient: '51', cancelled: '24' }[outcome],
    vnp_TmnCode: t.app.config.vnpay.tmnCode,
    vnp_TransactionNo: outcome === 'cancelled' ? '0' : '14422574',
    vnp_TransactionStatus: outcome === 'success' ? '00' : '02',
    vnp_TxnRef: txnRef,
  };
  if (outcome === 'success') params.vnp_BankTranNo = 'VNP14422574';
  return { ...params, vnp_SecureHash: signParams(params, t.app.config.vnpay.hashSecret) };
}

/** VNPay's server-to-server call of our IPN with `params`; the reply is always HTTP 200. */
export async function sendIpn(
  t: TestApp,
  params: Record<string, string>,
): Promise<{ RspCode: string; Message: string }> {
  const res = await call<{ RspCode: string; Message: string }>(
    t.app,
    'GET',
    `/api/payment/vnpay/ipn/?${new URLSearchParams(params).toString()}`,
    { ip: '113.160.92.202' },
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** The owner of a restaurant inserted by insertCatalogue, with a real access token. */
export async function ownerOf(t: TestApp, restaurantId: number): Promise<TestUser> {
  const { owner_id } = await t.database.db
    .selectFrom('restaurants')
    .select('owner_id')
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return {
    id: owner_id,
    role: 'owner',
    token: await signAccessToken(t.app.keys.jwt, { id: owner_id, role: 'owner' }),
  };
}
