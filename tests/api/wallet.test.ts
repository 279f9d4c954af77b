import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminWithdrawalReplySchema,
  WalletBalanceReplySchema,
  WithdrawalListReplySchema,
  WithdrawReplySchema,
} from '#contract/wallet';
import { ledgerInvariants } from '#server/modules/ledger/ledger.service';
import { call } from '../helpers/auth';
import { balanceOf, deposit, platformBalance } from '../helpers/money';
import { newUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import type { ErrorBody } from '../factories/errors';

/** Spec 2.16, 5 and 7.5; design.md section 5 'Deposit ... Withdraw'. */
describe('wallet and withdrawals', () => {
  let t: TestApp;
  let admin: TestUser;

  const withdraw = (user: TestUser, body: unknown, key?: string) =>
    call<ErrorBody & { data: unknown }>(t.app, 'POST', '/api/staff/payment/withdraw/', {
      token: user.token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  const withdrawOk = async (user: TestUser, amount: number) => {
    const res = await withdraw(user, { amount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return WithdrawReplySchema.parse(res.body);
  };

  const decide = (id: number, decision: 'paid' | 'reject', as: TestUser = admin) =>
    call<ErrorBody & { data: unknown }>(t.app, 'PUT', `/api/admin/withdrawals/${id}/${decision}/`, {
      token: as.token,
      body: decision === 'reject' ? { reason: 'Sai số tài khoản' } : { reference: 'FT26331009' },
    });

  const withdrawalsOf = (user: TestUser) =>
    t.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();

  const transferCount = async () =>
    (
      await t.database.db
        .selectFrom('ledger_transfers')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'admin');
  });
  afterAll(() => t.close());

  describe('GET /api/payment/wallet/balance/', () => {
    it('answers data.balance for any signed-in user, 0 before any money', async () => {
      for (const role of ['customer', 'staff', 'owner', 'admin'] as const) {
        const user = await newUser(t, role);
        const res = await call(t.app, 'GET', '/api/payment/wallet/balance/', {
          token: user.token,
        });
        expect(res.status).toBe(200);
        expect(WalletBalanceReplySchema.parse(res.body).data).toEqual({ balance: 0 });
        await deposit(t, user.id, 75_000);
        const after = await call(t.app, 'GET', '/api/payment/wallet/balance/', {
          token: user.token,
        });
        expect(WalletBalanceReplySchema.parse(after.body).data).toEqual({ balance: 75_000 });
      }
    });

    it('is 401 without a token', async () => {
      const res = await call<ErrorBody>(t.app, 'GET', '/api/payment/wallet/balance/');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('POST /api/staff/payment/withdraw/', () => {
    it("refuses a customer with the spec's sentence, moving nothing", async () => {
      const customer = await newUser(t, 'customer');
      await deposit(t, customer.id, 100_000);
      const res = await withdraw(customer, { amount: 50_000 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        code: 'WITHDRAW_NOT_ALLOWED',
        message: 'Chỉ nhân viên/chủ quán mới có thể rút tiền.',
      });
      expect(await balanceOf(t, customer.id)).toBe(100_000);
      expect(await withdrawalsOf(customer)).toEqual([]);
    });

    it('refuses 0, negative, fractional, string, missing and too large amounts', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 500_000);
      const before = await transferCount();
      for (const body of [
        { amount: 0 },
        { amount: -1_000 },
        { amount: 1.5 },
        { amount: '50000' },
        { amount: 'abc' },
        { amount: 1e12 },
        { amount: null },
        {},
      ]) {
        const res = await withdraw(owner, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'Số tiền không hợp lệ',
        });
      }
      expect(await balanceOf(t, owner.id)).toBe(500_000);
      expect(await withdrawalsOf(owner)).toEqual([]);
      expect(await transferCount()).toBe(before);
    });

    it('refuses more than the balance with 409 INSUFFICIENT_BALANCE and changes nothing', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 200_000);
      const payouts = await platformBalance(t, 'payouts');
      const before = await transferCount();
      const res = await withdraw(owner, { amount: 200_001 });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Số dư không đủ' });
      expect(await balanceOf(t, owner.id)).toBe(200_000);
      expect(await platformBalance(t, 'payouts')).toBe(payouts);
      expect(await withdrawalsOf(owner)).toEqual([]);
      expect(await transferCount()).toBe(before);
      // A wallet that never held money is the same refusal.
      const staff = await newUser(t, 'staff');
      expect((await withdraw(staff, { amount: 1 })).body.code).toBe('INSUFFICIENT_BALANCE');
    });

    it('moves the money to payouts and records a pending request ("Đã rút tiền")', async () => {
      const owner = await newUser(t, 'owner', { full_name: 'Trần Văn Chủ' });
      await deposit(t, owner.id, 300_000);
      const payouts = await platformBalance(t, 'payouts');
      const reply = await withdrawOk(owner, 120_000);
      expect(reply.message).toBe('Đã rút tiền');
      expect(reply.data.balance).toBe(180_000);
      expect(reply.data.withdrawal).toMatchObject({
        user_id: owner.id,
        user_name: 'Trần Văn Chủ',
        amount: 120_000,
        status: 'pending',
        reason: null,
        decided_by: null,
        decided_at: null,
      });
      expect(await balanceOf(t, owner.id)).toBe(180_000);
      expect(await platformBalance(t, 'payouts')).toBe(payouts + 120_000);
      const transfer = await t.database.db
        .selectFrom('ledger_transfers')
        .selectAll()
        .where('business_key', '=', `withdrawal:${reply.data.withdrawal.id}`)
        .executeTakeFirstOrThrow();
      expect(transfer).toMatchObject({
        amount: 120_000,
        kind: 'withdrawal',
        withdrawal_id: reply.data.withdrawal.id,
      });
      // Staff accounts may withdraw as well (spec 2.16: 'staff or owner').
      const staff = await newUser(t, 'staff');
      await deposit(t, staff.id, 10_000);
      expect((await withdrawOk(staff, 10_000)).data.balance).toBe(0);
    });

    it('takes the money once for a retried request with the same Idempotency-Key', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 100_000);
      const first = await withdraw(owner, { amount: 30_000 }, 'rut-tien-lan-1');
      const again = await withdraw(owner, { amount: 30_000 }, 'rut-tien-lan-1');
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await balanceOf(t, owner.id)).toBe(70_000);
      expect(await withdrawalsOf(owner)).toHaveLength(1);
    });

    it('lets exactly as many concurrent withdrawals through as the balance covers', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 5 * 20_000);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => withdraw(owner, { amount: 20_000 })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(results.filter((r) => r.status === 409)).toHaveLength(15);
      expect(await balanceOf(t, owner.id)).toBe(0);
      // A refused withdrawal leaves no request behind: its insert rolled back with the debit.
      expect(await withdrawalsOf(owner)).toHaveLength(5);
    });
  });

  describe('admin decisions', () => {
    it('lists requests by status for admins only', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 90_000);
      const { withdrawal } = (await withdrawOk(owner, 40_000)).data;
      const res = await call(t.app, 'GET', '/api/admin/withdrawals/?status=pending&per_page=50', {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      const list = WithdrawalListReplySchema.parse(res.body).data;
      expect(list.items.every((w) => w.status === 'pending')).toBe(true);
      expect(list.items.find((w) => w.id === withdrawal.id)).toMatchObject(withdrawal);
      const paid = await call(t.app, 'GET', '/api/admin/withdrawals/?status=paid', {
        token: admin.token,
      });
      expect(
        WithdrawalListReplySchema.parse(paid.body).data.items.find((w) => w.id === withdrawal.id),
      ).toBeUndefined();
      const bad = await call(t.app, 'GET', '/api/admin/withdrawals/?status=lost', {
        token: admin.token,
      });
      expect(bad.status).toBe(400);
      for (const role of ['owner', 'staff', 'customer'] as const) {
        const user = await newUser(t, role);
        const refused = await call<ErrorBody>(t.app, 'GET', '/api/admin/withdrawals/', {
          token: user.token,
        });
        expect(refused.status).toBe(403);
        expect((await decide(withdrawal.id, 'paid', user)).status).toBe(403);
        expect((await decide(withdrawal.id, 'reject', user)).status).toBe(403);
      }
      expect((await withdrawalsOf(owner))[0]!.status).toBe('pending');
    });

    it('marks a request paid: the money stays out; a second decision is 409', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 60_000);
      const { withdrawal } = (await withdrawOk(owner, 60_000)).data;
      const payouts = await platformBalance(t, 'payouts');
      const res = await decide(withdrawal.id, 'paid');
      expect(res.status).toBe(200);
      expect(AdminWithdrawalReplySchema.parse(res.body).data).toMatchObject({
        status: 'paid',
        decided_by: admin.id,
        bank_reference: 'FT26331009',
      });
      for (const decision of ['paid', 'reject'] as const) {
        const again = await decide(withdrawal.id, decision);
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({
          code: 'WITHDRAWAL_ALREADY_DECIDED',
          message: 'Yêu cầu rút tiền này đã được xử lý',
        });
      }
      expect(await balanceOf(t, owner.id)).toBe(0);
      expect(await platformBalance(t, 'payouts')).toBe(payouts);
    });

    it('rejects a request, returning the money; a second decision is 409 and returns nothing', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 80_000);
      const { withdrawal } = (await withdrawOk(owner, 50_000)).data;
      expect(await balanceOf(t, owner.id)).toBe(30_000);
      const res = await decide(withdrawal.id, 'reject');
      expect(res.status).toBe(200);
      expect(AdminWithdrawalReplySchema.parse(res.body).data).toMatchObject({
        status: 'rejected',
        reason: 'Sai số tài khoản',
        decided_by: admin.id,
      });
      expect(await balanceOf(t, owner.id)).toBe(80_000);
      for (const decision of ['reject', 'paid'] as const) {
        const again = await decide(withdrawal.id, decision);
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ code: 'WITHDRAWAL_ALREADY_DECIDED' });
      }
      expect(await balanceOf(t, owner.id)).toBe(80_000);
      const back = await t.database.db
        .selectFrom('ledger_transfers')
        .select(['amount', 'kind'])
        .where('business_key', '=', `withdrawal:${withdrawal.id}:return`)
        .execute();
      expect(back).toEqual([{ amount: 50_000, kind: 'withdrawal_return' }]);
    });

    it('decides once when two admins decide at the same moment', async () => {
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 40_000);
      const { withdrawal } = (await withdrawOk(owner, 40_000)).data;
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => decide(withdrawal.id, 'reject')),
        ...Array.from({ length: 4 }, () => decide(withdrawal.id, 'paid')),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      const status = (await withdrawalsOf(owner))[0]!.status;
      expect(await balanceOf(t, owner.id)).toBe(status === 'rejected' ? 40_000 : 0);
    });

    it('answers 404 for an unknown request and 400 for a reject without a reason', async () => {
      const missing = await decide(999_999, 'paid');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('WITHDRAWAL_NOT_FOUND');
      const owner = await newUser(t, 'owner');
      await deposit(t, owner.id, 10_000);
      const { withdrawal } = (await withdrawOk(owner, 10_000)).data;
      const noReason = await call<ErrorBody>(
        t.app,
        'PUT',
        `/api/admin/withdrawals/${withdrawal.id}/reject/`,
        { token: admin.token, body: { reason: '  ' } },
      );
      expect(noReason.status).toBe(400);
      expect((await withdrawalsOf(owner))[0]!.status).toBe('pending');
    });
  });

  it('leaves the ledger balanced', async () => {
    expect(await ledgerInvariants(t.database.db)).toEqual({
      sumOfBalances: 0,
      mismatchedAccounts: [],
      negativeWallets: [],
    });
    expect(t.database.kind).toBe(testLane());
  });
});
