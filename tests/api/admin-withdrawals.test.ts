import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListReplySchema } from '#contract/admin-users';
import {
  AdminWithdrawalReplySchema,
  WITHDRAWAL_CSV_COLUMNS,
  WithdrawalListReplySchema,
  WithdrawReplySchema,
  type AdminWithdrawal,
} from '#contract/wallet';
import { ledgerInvariants } from '#server/modules/ledger/ledger.service';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { balanceOf, deposit, platformBalance } from '../helpers/money';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import type { ErrorBody } from '../factories/errors';

/**
 * The console's payouts: the list with the requester's restaurant and wallet, marking paid with
 * the bank reference, rejecting, the audit log of both, and the accountant's CSV export.
 */
describe('admin withdrawals', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let staff: TestUser;
  let restaurant: { id: number; name: string };

  const db = () => t.database.db;

  const withdrawOk = async (user: TestUser, amount: number) => {
    const res = await call(t.app, 'POST', '/api/staff/payment/withdraw/', {
      token: user.token,
      body: { amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return WithdrawReplySchema.parse(res.body).data.withdrawal;
  };

  const markPaid = (id: number, body: unknown, as: TestUser = admin) =>
    call<ErrorBody & { data: unknown }>(t.app, 'PUT', `/api/admin/withdrawals/${id}/paid/`, {
      token: as.token,
      body,
    });

  const reject = (id: number, reason = 'Sai số tài khoản', as: TestUser = admin) =>
    call<ErrorBody & { data: unknown }>(t.app, 'PUT', `/api/admin/withdrawals/${id}/reject/`, {
      token: as.token,
      body: { reason },
    });

  const list = async (query: string) => {
    const res = await call(t.app, 'GET', `/api/admin/withdrawals/?${query}`, {
      token: admin.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return WithdrawalListReplySchema.parse(res.body).data;
  };

  const exportCsv = (query: string, token = admin.token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/export.csv?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  const rowOf = (id: number) =>
    db().selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const auditOf = (id: number) =>
    db()
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'before', 'after'])
      .where('target_type', '=', 'withdrawal')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  const transferCount = async () =>
    (
      await db()
        .selectFrom('ledger_transfers')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  /** Moves a request's creation to a given instant, so the day filters have fixed data. */
  const createdAt = (id: number, iso: string) =>
    sql`update withdrawals set created_at = ${iso}::timestamptz where id = ${id}`.execute(db());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'admin', { full_name: 'Quản Trị Viên' });
    const [inserted] = await insertCatalogue(db(), [
      { name: 'Quán Ngon, Quận 1', lat: 10.77, lon: 106.7, dishes: [] },
    ]);
    restaurant = { id: inserted!.id, name: inserted!.name };
    owner = await ownerOf(t, restaurant.id);
    await db()
      .updateTable('users')
      .set({ full_name: 'Trần Văn Chủ' })
      .where('id', '=', owner.id)
      .execute();
    staff = await newUser(t, 'staff', { restaurant_id: restaurant.id });
  });
  afterAll(() => t.close());

  describe('GET /api/admin/withdrawals/', () => {
    it("shows the requester's restaurant (owned or worked at), their wallet now and the reference", async () => {
      await deposit(t, owner.id, 500_000);
      await deposit(t, staff.id, 50_000);
      const byOwner = await withdrawOk(owner, 200_000);
      const byStaff = await withdrawOk(staff, 20_000);
      const loner = await newUser(t, 'admin');
      await deposit(t, loner.id, 10_000);
      const byLoner = await withdrawOk(loner, 10_000);
      const items = (await list('status=pending&per_page=50')).items;
      expect(items.find((w) => w.id === byOwner.id)).toMatchObject({
        user_name: 'Trần Văn Chủ',
        amount: 200_000,
        status: 'pending',
        restaurant_id: restaurant.id,
        restaurant_name: 'Quán Ngon, Quận 1',
        wallet_balance: 300_000,
        bank_reference: null,
      });
      expect(items.find((w) => w.id === byStaff.id)).toMatchObject({
        restaurant_id: restaurant.id,
        restaurant_name: 'Quán Ngon, Quận 1',
        wallet_balance: 30_000,
      });
      expect(items.find((w) => w.id === byLoner.id)).toMatchObject({
        restaurant_id: null,
        restaurant_name: null,
        wallet_balance: 0,
      });
      // The balance is the wallet's now, not at the time of the request.
      await deposit(t, owner.id, 1_000);
      expect(
        (await list('status=pending&per_page=50')).items.find((w) => w.id === byOwner.id)
          ?.wallet_balance,
      ).toBe(301_000);
    });

    it('lists pending oldest first, decided newest decision first, all newest first', async () => {
      await deposit(t, owner.id, 40_000);
      const [a, b, c, d] = [
        await withdrawOk(owner, 10_000),
        await withdrawOk(owner, 10_000),
        await withdrawOk(owner, 10_000),
        await withdrawOk(owner, 10_000),
      ].map((w) => w.id) as [number, number, number, number];
      // Decided in the order b, a (paid) and d, c (rejected), a minute apart.
      for (const [id, minute] of [
        [b, 1],
        [a, 2],
      ] as const) {
        expect((await markPaid(id, { reference: `FT${id}` })).status).toBe(200);
        await db()
          .updateTable('withdrawals')
          .set({ decided_at: new Date(Date.UTC(2030, 0, 1, 0, minute)) })
          .where('id', '=', id)
          .execute();
      }
      for (const [id, minute] of [
        [d, 1],
        [c, 2],
      ] as const) {
        expect((await reject(id)).status).toBe(200);
        await db()
          .updateTable('withdrawals')
          .set({ decided_at: new Date(Date.UTC(2030, 0, 1, 0, minute)) })
          .where('id', '=', id)
          .execute();
      }
      const ids = (items: AdminWithdrawal[]) =>
        items.map((w) => w.id).filter((id) => [a, b, c, d].includes(id));
      expect(ids((await list('status=paid&per_page=50')).items)).toEqual([a, b]);
      expect(ids((await list('status=rejected&per_page=50')).items)).toEqual([c, d]);
      expect(ids((await list('per_page=50')).items)).toEqual([d, c, b, a]);

      const pending = (await list('status=pending&per_page=50')).items.map((w) => w.id);
      expect(pending).toEqual([...pending].sort((x, y) => x - y));
      expect((await list('status=paid&per_page=1&page=2')).pagination).toMatchObject({
        page: 2,
        per_page: 1,
      });
    });

    it('filters by the request day in Asia/Ho_Chi_Minh, both days inclusive', async () => {
      await deposit(t, owner.id, 30_000);
      const late = await withdrawOk(owner, 10_000);
      const early = await withdrawOk(owner, 10_000);
      const next = await withdrawOk(owner, 10_000);
      // 16:59 UTC is 23:59 on 10 March in Vietnam; 17:00 UTC is already 11 March there.
      await createdAt(late.id, '2031-03-10T16:59:00Z');
      await createdAt(early.id, '2031-03-09T17:00:00Z');
      await createdAt(next.id, '2031-03-10T17:00:00Z');
      const ids = async (query: string) => (await list(query)).items.map((w) => w.id);
      // Newest request first (by id, the order requests came in), pending oldest first.
      expect(await ids('from=2031-03-10&to=2031-03-10')).toEqual([early.id, late.id]);
      expect(await ids('from=2031-03-11')).toEqual([next.id]);
      expect(await ids('to=2031-03-09')).not.toContain(early.id);
      expect(await ids('from=2031-03-10&status=pending')).toEqual([late.id, early.id, next.id]);
      expect((await list('from=2031-03-10&to=2031-03-10')).pagination.total).toBe(2);
      const bad = await call<ErrorBody>(t.app, 'GET', '/api/admin/withdrawals/?from=2031-02-30', {
        token: admin.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
      });
      // Out of the way of the export's own ranges below.
      for (const w of [late, early, next]) expect((await reject(w.id)).status).toBe(200);
    });
  });

  describe('PUT /api/admin/withdrawals/{id}/paid/', () => {
    it('needs the bank reference: missing, blank or over 100 characters is 400, nothing changed', async () => {
      await deposit(t, owner.id, 10_000);
      const w = await withdrawOk(owner, 10_000);
      const transfers = await transferCount();
      for (const [body, message] of [
        [{}, 'Vui lòng nhập mã giao dịch chuyển khoản'],
        [{ reference: '   ' }, 'Vui lòng nhập mã giao dịch chuyển khoản'],
        [{ reference: null }, 'Vui lòng nhập mã giao dịch chuyển khoản'],
        [{ reference: 'F'.repeat(101) }, 'Mã giao dịch tối đa 100 ký tự'],
      ] as const) {
        const res = await markPaid(w.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
      }
      expect(await rowOf(w.id)).toMatchObject({ status: 'pending', bank_reference: null });
      expect(await auditOf(w.id)).toEqual([]);
      expect(await transferCount()).toBe(transfers);
      // Exactly 100 characters is fine.
      expect((await markPaid(w.id, { reference: 'F'.repeat(100) })).status).toBe(200);
    });

    it('stores the reference, keeps the money out, audits and tells the owner', async () => {
      await deposit(t, owner.id, 60_000);
      const w = await withdrawOk(owner, 60_000);
      const wallet = await balanceOf(t, owner.id);
      const payouts = await platformBalance(t, 'payouts');
      const res = await markPaid(w.id, { reference: '  FT26331001234  ' });
      expect(res.status).toBe(200);
      const reply = AdminWithdrawalReplySchema.parse(res.body);
      expect(reply.message).toBe('Đã chuyển tiền');
      expect(reply.data).toMatchObject({
        id: w.id,
        status: 'paid',
        bank_reference: 'FT26331001234',
        reason: null,
        decided_by: admin.id,
        restaurant_name: 'Quán Ngon, Quận 1',
        wallet_balance: wallet,
      });
      expect(reply.data.decided_at).not.toBeNull();
      expect(await balanceOf(t, owner.id)).toBe(wallet);
      expect(await platformBalance(t, 'payouts')).toBe(payouts);
      expect(await auditOf(w.id)).toEqual([
        {
          actor_id: admin.id,
          action: 'withdrawal.paid',
          target_type: 'withdrawal',
          target_id: w.id,
          before: { status: 'pending', bank_reference: null, reason: null },
          after: { status: 'paid', bank_reference: 'FT26331001234', reason: null },
        },
      ]);
      const notice = await db()
        .selectFrom('notifications')
        .select(['title', 'body'])
        .where('user_id', '=', owner.id)
        .where('tag', '=', `withdrawal-${w.id}`)
        .execute();
      expect(notice).toEqual([
        {
          title: 'Rút tiền thành công',
          body: '60.000 ₫ đã được chuyển đến bạn. Mã giao dịch: FT26331001234',
        },
      ]);
      const audit = await call(t.app, 'GET', '/api/admin/audit/?action=withdrawal.paid', {
        token: admin.token,
      });
      const entries = AuditListReplySchema.parse(audit.body).data.items;
      expect(entries.every((e) => e.action === 'withdrawal.paid')).toBe(true);
      expect(entries[0]).toMatchObject({ target_id: w.id, actor_name: 'Quản Trị Viên' });
    });
  });

  describe('PUT /api/admin/withdrawals/{id}/reject/', () => {
    it('returns the money through the ledger and audits the reason', async () => {
      await deposit(t, owner.id, 80_000);
      const before = await balanceOf(t, owner.id);
      const w = await withdrawOk(owner, 50_000);
      const res = await reject(w.id, 'Sai tên chủ tài khoản');
      expect(res.status).toBe(200);
      expect(AdminWithdrawalReplySchema.parse(res.body).data).toMatchObject({
        status: 'rejected',
        reason: 'Sai tên chủ tài khoản',
        bank_reference: null,
        wallet_balance: before,
      });
      expect(await balanceOf(t, owner.id)).toBe(before);
      const back = await db()
        .selectFrom('ledger_transfers')
        .select(['amount', 'kind'])
        .where('business_key', '=', `withdrawal:${w.id}:return`)
        .execute();
      expect(back).toEqual([{ amount: 50_000, kind: 'withdrawal_return' }]);
      expect(await auditOf(w.id)).toEqual([
        {
          actor_id: admin.id,
          action: 'withdrawal.reject',
          target_type: 'withdrawal',
          target_id: w.id,
          before: { status: 'pending', bank_reference: null, reason: null },
          after: { status: 'rejected', bank_reference: null, reason: 'Sai tên chủ tài khoản' },
        },
      ]);
    });

    it('refuses a reject without a reason with 400, nothing changed', async () => {
      await deposit(t, owner.id, 10_000);
      const w = await withdrawOk(owner, 10_000);
      const res = await reject(w.id, '  ');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Vui lòng nhập lý do từ chối' });
      expect((await rowOf(w.id)).status).toBe('pending');
      expect(await auditOf(w.id)).toEqual([]);
    });
  });

  describe('a decided request', () => {
    it('is 409 for mark paid twice, reject after paid, and paid after reject; nothing changed', async () => {
      await deposit(t, owner.id, 40_000);
      const paid = await withdrawOk(owner, 20_000);
      const rejected = await withdrawOk(owner, 20_000);
      expect((await markPaid(paid.id, { reference: 'FT-A' })).status).toBe(200);
      expect((await reject(rejected.id)).status).toBe(200);
      const snapshot = async () => ({
        paid: await rowOf(paid.id),
        rejected: await rowOf(rejected.id),
        wallet: await balanceOf(t, owner.id),
        payouts: await platformBalance(t, 'payouts'),
        transfers: await transferCount(),
        audits: [...(await auditOf(paid.id)), ...(await auditOf(rejected.id))].length,
      });
      const before = await snapshot();
      for (const res of [
        await markPaid(paid.id, { reference: 'FT-B' }),
        await reject(paid.id),
        await markPaid(rejected.id, { reference: 'FT-C' }),
        await reject(rejected.id, 'Lần hai'),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          code: 'WITHDRAWAL_ALREADY_DECIDED',
          message: 'Yêu cầu rút tiền này đã được xử lý',
        });
      }
      expect(await snapshot()).toEqual(before);
      expect(before.paid.bank_reference).toBe('FT-A');
      expect(before.audits).toBe(2);
    });

    it('is 404 for an unknown request', async () => {
      for (const res of [await markPaid(999_999, { reference: 'FT1' }), await reject(999_999)]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          code: 'WITHDRAWAL_NOT_FOUND',
          message: 'Không tìm thấy yêu cầu rút tiền',
        });
      }
    });

    it('decides once when a reject races a mark-paid: one 200, one 409, the money moved once', async () => {
      const rounds = 6;
      await deposit(t, owner.id, rounds * 10_000);
      for (let i = 0; i < rounds; i += 1) {
        const w = await withdrawOk(owner, 10_000);
        const wallet = await balanceOf(t, owner.id);
        const [paid, rejected] = await Promise.all([
          markPaid(w.id, { reference: `FT-RACE-${i}` }),
          reject(w.id),
        ]);
        expect([paid.status, rejected.status].sort()).toEqual([200, 409]);
        const row = await rowOf(w.id);
        expect(row.status).toBe(paid.status === 200 ? 'paid' : 'rejected');
        expect(row.bank_reference).toBe(paid.status === 200 ? `FT-RACE-${i}` : null);
        expect(await balanceOf(t, owner.id)).toBe(paid.status === 200 ? wallet : wallet + 10_000);
        const returns = await db()
          .selectFrom('ledger_transfers')
          .select('id')
          .where('business_key', '=', `withdrawal:${w.id}:return`)
          .execute();
        expect(returns).toHaveLength(paid.status === 200 ? 0 : 1);
        expect((await auditOf(w.id)).map((a) => a.action)).toEqual([
          paid.status === 200 ? 'withdrawal.paid' : 'withdrawal.reject',
        ]);
      }
      expect(await ledgerInvariants(db())).toEqual({
        sumOfBalances: 0,
        mismatchedAccounts: [],
        negativeWallets: [],
      });
    });
  });

  describe('GET /api/admin/withdrawals/export.csv', () => {
    it('sends the range as a UTF-8 CSV download with a BOM, CRLF rows, oldest first', async () => {
      await deposit(t, owner.id, 300_000);
      const first = await withdrawOk(owner, 100_000);
      const second = await withdrawOk(owner, 150_000);
      const outside = await withdrawOk(owner, 50_000);
      await createdAt(first.id, '2032-05-01T01:02:00Z');
      await createdAt(second.id, '2032-05-31T16:59:00Z');
      await createdAt(outside.id, '2032-05-31T17:00:00Z');
      expect((await markPaid(second.id, { reference: 'FT,"2032"' })).status).toBe(200);
      const decidedAt = (await rowOf(second.id)).decided_at!;
      const local = new Date(decidedAt.getTime() + 7 * 3_600_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ');

      const res = await exportCsv('start_date=2032-05-01&end_date=2032-05-31');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="rut-tien-2032-05-01-2032-05-31.csv"',
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body.split('\r\n')).toEqual([
        `\uFEFF${WITHDRAWAL_CSV_COLUMNS.join(',')}`,
        `${first.id},2032-05-01 08:02,Trần Văn Chủ,"Quán Ngon, Quận 1",100000,Chờ xử lý,,,`,
        `${second.id},2032-05-31 23:59,Trần Văn Chủ,"Quán Ngon, Quận 1",150000,Đã chuyển khoản,${local},"FT,""2032""",`,
        '',
      ]);
      const onlyPaid = await exportCsv('start_date=2032-05-01&end_date=2032-06-01&status=paid');
      expect(
        onlyPaid.body
          .split('\r\n')
          .slice(1, -1)
          .map((l) => l.split(',')[0]),
      ).toEqual([String(second.id)]);
    });

    it("neutralises formulas in names and reasons with a leading '", async () => {
      const plus = await newUser(t, 'staff');
      await db()
        .updateTable('users')
        .set({ username: '+1', full_name: null })
        .where('id', '=', plus.id)
        .execute();
      const at = await newUser(t, 'owner', { full_name: '@x' });
      const link = await newUser(t, 'owner', {
        full_name: '=HYPERLINK("http://evil.example","Xem")',
      });
      const rows: [TestUser, number][] = [];
      for (const user of [plus, at, link]) {
        await deposit(t, user.id, 1_000);
        const w = await withdrawOk(user, 1_000);
        await createdAt(w.id, '2033-01-02T03:00:00Z');
        rows.push([user, w.id]);
      }
      expect((await reject(rows[0]![1], '-2 sai tài khoản')).status).toBe(200);
      const res = await exportCsv('start_date=2033-01-02&end_date=2033-01-02');
      expect(res.statusCode).toBe(200);
      const lines = res.body.split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        /^\d+,2033-01-02 10:00,'\+1,,1000,Từ chối,[\d-]+ [\d:]+,,'-2 sai tài khoản$/,
      );
      expect(lines[1]).toBe(`${rows[1]![1]},2033-01-02 10:00,'@x,,1000,Chờ xử lý,,,`);
      expect(lines[2]).toBe(
        `${rows[2]![1]},2033-01-02 10:00,"'=HYPERLINK(""http://evil.example"",""Xem"")",,1000,Chờ xử lý,,,`,
      );
    });

    it('refuses bad dates, an end before the start and more than 366 days with 400', async () => {
      for (const [query, message] of [
        ['end_date=2026-01-31', 'Ngày không hợp lệ (định dạng YYYY-MM-DD)'],
        ['start_date=2026-13-01&end_date=2026-12-31', 'Ngày không hợp lệ (định dạng YYYY-MM-DD)'],
        ['start_date=01/01/2026&end_date=2026-12-31', 'Ngày không hợp lệ (định dạng YYYY-MM-DD)'],
        [
          'start_date=2026-02-01&end_date=2026-01-31',
          'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc',
        ],
        ['start_date=2026-01-01&end_date=2027-01-02', 'Khoảng thời gian tối đa 366 ngày'],
        ['start_date=2026-01-01&end_date=2026-01-31&status=lost', null],
      ] as const) {
        const res = await exportCsv(query);
        expect(res.statusCode, query).toBe(400);
        const body = res.json<ErrorBody>();
        expect(body.code).toBe('VALIDATION_ERROR');
        if (message) expect(body.message, query).toBe(message);
      }
      // 366 days (a leap year's whole) is allowed.
      expect((await exportCsv('start_date=2028-01-01&end_date=2028-12-31')).statusCode).toBe(200);
    });

    it('is for admins only, and the path is never read as a request id', async () => {
      for (const user of [owner, staff, await newUser(t, 'customer')]) {
        const res = await exportCsv('start_date=2026-01-01&end_date=2026-01-31', user.token);
        expect(res.statusCode).toBe(403);
      }
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/admin/withdrawals/export.csv?start_date=2026-01-01&end_date=2026-01-31',
      });
      expect(anonymous.statusCode).toBe(401);
      const asId = await call<ErrorBody>(t.app, 'PUT', '/api/admin/withdrawals/export.csv/paid/', {
        token: admin.token,
        body: { reference: 'FT' },
      });
      expect(asId.status).toBe(400);
      expect(asId.body.code).toBe('VALIDATION_ERROR');
    });
  });

  it('leaves the ledger balanced', async () => {
    expect(await ledgerInvariants(db())).toEqual({
      sumOfBalances: 0,
      mismatchedAccounts: [],
      negativeWallets: [],
    });
    expect(t.database.kind).toBe(testLane());
  });
});
