import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LedgerCheckReplySchema,
  MoneyOverviewReplySchema,
  type MoneyOverview,
} from '#contract/admin-money';
import { DepositReplySchema } from '#contract/payments';
import {
  DATE_INVALID_MESSAGE,
  DATE_RANGE_MESSAGE,
  DATE_RANGE_TOO_LONG_MESSAGE,
} from '#contract/revenue';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { balanceOf, payFromWallet, sendIpn, vnpayCallback } from '../helpers/money';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Today as a calendar day in Asia/Ho_Chi_Minh, the days the overview counts in. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

const PRICE = 50_000;
const COMMISSION_PERCENT = 10;

describe('the money overview and the ledger check', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let owner: TestUser;
  /** The total of each order, as the order API priced it (dish and delivery). */
  const totals: Record<'completed' | 'cancelled' | 'open', number> = {
    completed: 0,
    cancelled: 0,
    open: 0,
  };
  const WITHDRAWN = 20_000;

  beforeAll(async () => {
    t = await createTestApp({ env: { COMMISSION_PERCENT: String(COMMISSION_PERCENT) } });
    admin = await newUser(t, 'admin');
    customer = await newUser(t, 'customer');
    const [shop] = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Gia Truyền',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [{ name: 'Phở bò tái', price: PRICE }],
      },
    ]);
    owner = await ownerOf(t, shop!.id);
    const dish = shop!.dishes['Phở bò tái']!;

    // The customer tops up through VNPay: one succeeds (signed IPN), one fails, one is left.
    const topUp = async (amount: number) => {
      const res = await call(t.app, 'POST', '/api/payment/deposit/create/', {
        token: customer.token,
        body: { amount },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return DepositReplySchema.parse(res.body).data.txn_ref;
    };
    const paidRef = await topUp(300_000);
    expect((await sendIpn(t, vnpayCallback(t, paidRef, 300_000))).RspCode).toBe('00');
    const failedRef = await topUp(70_000);
    expect((await sendIpn(t, vnpayCallback(t, failedRef, 70_000, 'insufficient'))).RspCode).toBe(
      '00',
    );
    await topUp(40_000);

    // Three orders paid from the wallet: one completed, one cancelled, one still open.
    for (const key of ['completed', 'cancelled', 'open'] as const) {
      const order = await placeOrder(t, customer, dish);
      await payFromWallet(t, customer.id, order.id);
      totals[key] = order.total_amount;
      const staff = (step: string, body?: unknown) =>
        call(t.app, 'PUT', `/api/staff/orders/${order.id}/${step}/`, {
          token: owner.token,
          ...(body ? { body } : {}),
        });
      if (key === 'completed') {
        for (const step of ['accept', 'done', 'complete']) {
          expect((await staff(step)).status).toBe(200);
        }
      }
      if (key === 'cancelled') {
        expect((await staff('cancel', { reason: 'Hết nguyên liệu' })).status).toBe(200);
      }
    }
    // The owner asks for part of what the completed order brought.
    const withdrawn = await call(t.app, 'POST', '/api/staff/payment/withdraw/', {
      token: owner.token,
      body: { amount: WITHDRAWN },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
  });
  afterAll(() => t.close());

  const overview = async (start: string, end: string): Promise<MoneyOverview> => {
    const res = await call(t.app, 'GET', `/api/admin/money/?start_date=${start}&end_date=${end}`, {
      token: admin.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MoneyOverviewReplySchema.parse(res.body).data;
  };
  const check = async () => {
    const res = await call(t.app, 'POST', '/api/admin/money/check/', { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return LedgerCheckReplySchema.parse(res.body);
  };

  it('shows escrow, commission, VNPay by outcome, pending payouts and the wallets after a real workload', async () => {
    const commission = Math.floor((totals.completed * COMMISSION_PERCENT) / 100);
    const figures = await overview(today(), today());
    expect(figures).toEqual({
      escrow_held: totals.open,
      open_orders: 1,
      commission_in_range: commission,
      commission_all_time: commission,
      vnpay: [
        { status: 'succeeded', count: 1, amount: 300_000 },
        { status: 'failed', count: 1, amount: 70_000 },
        { status: 'pending', count: 1, amount: 40_000 },
      ],
      pending_payouts: { count: 1, amount: WITHDRAWN },
      // The customer's top-up less the two orders not refunded, and the owner's share less
      // what is on its way to their bank.
      wallets_total:
        300_000 - totals.completed - totals.open + totals.completed - commission - WITHDRAWN,
    });
    expect(figures.wallets_total).toBe(
      (await balanceOf(t, customer.id)) + (await balanceOf(t, owner.id)),
    );

    // A range before any of it: nothing in range, the standing figures unchanged.
    const past = await overview('2025-01-01', '2025-12-31');
    expect(past).toEqual({
      ...figures,
      commission_in_range: 0,
      vnpay: [
        { status: 'succeeded', count: 0, amount: 0 },
        { status: 'failed', count: 0, amount: 0 },
        { status: 'pending', count: 0, amount: 0 },
      ],
    });
  });

  it('passes the ledger check on that workload', async () => {
    const reply = await check();
    expect(reply.message).toBe('Sổ cái khớp');
    expect(reply.data).toEqual({
      ok: true,
      sum_of_balances: 0,
      mismatched_accounts: [],
      negative_wallets: [],
      checked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
  });

  it('fails the check when balances are corrupted by hand, listing at most 20 of each problem', async () => {
    const db = t.database.db;
    const wallet = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('ledger_accounts')
      .set({ balance: wallet.balance + 1_000 })
      .where('id', '=', wallet.id)
      .execute();
    const one = await check();
    expect(one.message).toBe('Sổ cái có sai lệch');
    expect(one.data).toMatchObject({
      ok: false,
      sum_of_balances: 1_000,
      mismatched_accounts: [
        {
          id: wallet.id,
          kind: 'wallet',
          user_id: customer.id,
          balance: wallet.balance + 1_000,
          computed: wallet.balance,
        },
      ],
      negative_wallets: [],
    });

    // Twenty-five wallets below zero with no transfer behind them. The schema refuses a
    // negative wallet outright; the check is the second line behind it, so the rule is lifted
    // here (this file's own database) to show the check would still see one.
    await sql`alter table ledger_accounts drop constraint ledger_accounts_wallet_not_negative`.execute(
      db,
    );
    const users = await Promise.all(Array.from({ length: 25 }, () => newUser(t, 'customer')));
    await db
      .insertInto('ledger_accounts')
      .values(users.map((user) => ({ kind: 'wallet' as const, user_id: user.id, balance: -1 })))
      .execute();
    const many = (await check()).data;
    expect(many.ok).toBe(false);
    expect(many.sum_of_balances).toBe(1_000 - 25);
    expect(many.mismatched_accounts).toHaveLength(20);
    expect(many.negative_wallets).toHaveLength(20);
    expect(many.negative_wallets[0]).toMatchObject({ balance: -1 });

    // Put right again, the check passes again.
    await db
      .deleteFrom('ledger_accounts')
      .where(
        'user_id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    await sql`alter table ledger_accounts add constraint ledger_accounts_wallet_not_negative
      check (kind <> 'wallet' or balance >= 0)`.execute(db);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: wallet.balance })
      .where('id', '=', wallet.id)
      .execute();
    expect((await check()).data.ok).toBe(true);
  });

  it.each([
    ['no dates at all', '', 'start_date', DATE_INVALID_MESSAGE],
    [
      'a date that does not exist',
      '?start_date=2026-02-30&end_date=2026-03-01',
      'start_date',
      DATE_INVALID_MESSAGE,
    ],
    [
      'a date in another format',
      '?start_date=01/11/2026&end_date=2026-11-30',
      'start_date',
      DATE_INVALID_MESSAGE,
    ],
    [
      'an end before the start',
      '?start_date=2026-11-30&end_date=2026-11-01',
      'end_date',
      DATE_RANGE_MESSAGE,
    ],
    [
      'more than 366 days',
      '?start_date=2025-01-01&end_date=2026-01-02',
      'end_date',
      DATE_RANGE_TOO_LONG_MESSAGE,
    ],
  ])('refuses an overview with %s', async (_label, query, path, message) => {
    const res = await call<{
      code: string;
      message: string;
      errors: { path: string; message: string }[];
    }>(t.app, 'GET', `/api/admin/money/${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toContainEqual({ path, message });
  });
});
