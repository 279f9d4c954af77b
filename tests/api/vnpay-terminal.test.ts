import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositReplySchema } from '#contract/payments';
import { walletBalance } from '#server/modules/ledger/ledger.service';
import { signParams } from '#server/payment/vnpay/vnpay';
import { call } from '../helpers/auth';
import { sendIpn, vnpayCallback } from '../helpers/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { newUser } from '../factories/users';

/**
 * A callback signed with our hash secret but naming another terminal (vnp_TmnCode) is not one
 * of our payments: the IPN answers '01' and settles nothing, the return URL refuses it.
 */
describe('VNPay callbacks of another terminal', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A pending deposit of ours and a correctly signed success for it from terminal `tmnCode`. */
  const foreignSuccess = async (tmnCode: string) => {
    const user = await newUser(t, 'customer');
    const res = await call(t.app, 'POST', '/api/payment/deposit/create/', {
      token: user.token,
      body: { amount: 40_000 },
    });
    const { txn_ref } = DepositReplySchema.parse(res.body).data;
    const { vnp_SecureHash: _old, ...fields } = vnpayCallback(t, txn_ref, 40_000);
    const params = { ...fields, vnp_TmnCode: tmnCode };
    return {
      user,
      txnRef: txn_ref,
      params: { ...params, vnp_SecureHash: signParams(params, t.app.config.vnpay.hashSecret) },
    };
  };

  const statusOf = async (txnRef: string) =>
    (
      await t.database.db
        .selectFrom('payments')
        .select('status')
        .where('txn_ref', '=', txnRef)
        .executeTakeFirstOrThrow()
    ).status;

  it('answers 01 to the IPN and credits nothing', async () => {
    for (const tmnCode of ['KHACHANG', '']) {
      const { user, txnRef, params } = await foreignSuccess(tmnCode);
      expect(await sendIpn(t, params)).toEqual({ RspCode: '01', Message: 'Order not found' });
      expect(await statusOf(txnRef)).toBe('pending');
      expect(await walletBalance(t.database.db, user.id)).toBe(0);
    }
  });

  it('still answers 97 first to a bad signature naming another terminal', async () => {
    const { params } = await foreignSuccess('KHACHANG');
    expect((await sendIpn(t, { ...params, vnp_Amount: '999900' })).RspCode).toBe('97');
  });

  it('refuses the return URL with 400', async () => {
    const { txnRef, params } = await foreignSuccess('KHACHANG');
    const res = await call<ErrorBody>(
      t.app,
      'GET',
      `/api/payment/vnpay/return/?${new URLSearchParams(params).toString()}`,
      { headers: { accept: 'application/json' } },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Không thể xác minh kết quả thanh toán',
    });
    expect(await statusOf(txnRef)).toBe('pending');
  });

  it('still settles our own terminal’s IPN', async () => {
    const { user, txnRef } = await foreignSuccess('KHACHANG');
    expect(await sendIpn(t, vnpayCallback(t, txnRef, 40_000))).toEqual({
      RspCode: '00',
      Message: 'Confirm Success',
    });
    expect(await walletBalance(t.database.db, user.id)).toBe(40_000);
  });
});
