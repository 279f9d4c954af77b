import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants } from '#server/modules/ledger/ledger.service';
import { DEMO_CUSTOMER, HISTORY_DAYS } from '#server/seed/history';
import { seedDemoData } from '#server/seed/index';
import { COMMENTS_BY_KIND, dishKind } from '#server/seed/reviews-data';
import { call, signInCustomer, signInStaff } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 3600 * 1000;
/** The fields the payout check reads of a withdrawal or an audit entry. */
type Listed = Record<string, string | number | null> & { created_at: string };
/** A date as the revenue call takes it, on the restaurant's calendar (Hà Nội, UTC+7). */
const localDay = (at: Date) => new Date(at.getTime() + 7 * 3600 * 1000).toISOString().slice(0, 10);

describe('the development seed', () => {
  let t: TestApp;
  let applied: string[];
  beforeAll(async () => {
    t = await createTestApp();
    applied = await seedDemoData(t.database.db, { uploads: t.app.uploads, config: t.app.config });
  }, 300_000);
  afterAll(() => t.close());

  it('runs each step once', async () => {
    expect(applied).toEqual([
      'demo-accounts',
      'demo-catalogue',
      'demo-coupons',
      'demo-option-groups',
      'demo-staff',
      'demo-reviews-fit',
      'demo-collection',
      'demo-history',
      'demo-payouts',
    ]);
    expect(
      await seedDemoData(t.database.db, { uploads: t.app.uploads, config: t.app.config }),
    ).toEqual([]);
  });

  it('leaves the live side quiet: nothing open, queued, replayable, or unread beyond a handful', async () => {
    const { rows } = await sql<Record<string, number>>`select
      (select count(*)::int from orders where status in ('pending', 'paid', 'accepted', 'done'))
        as open_orders,
      (select count(*)::int from push_deliveries) as push_deliveries,
      (select count(*)::int from events) as events,
      (select count(*)::int from notifications) as notifications,
      (select coalesce(max(unread), 0)::int from (select count(*) as unread from notifications
        where read_at is null group by user_id) per_user) as most_unread,
      (select count(*)::int from notifications where read_at is null) as unread,
      (select count(*)::int from notifications where created_at > now()) as future`.execute(
      t.database.db,
    );
    expect(rows[0]).toMatchObject({
      open_orders: 0,
      push_deliveries: 0,
      events: 0,
      future: 0,
    });
    expect(rows[0]!.notifications).toBeGreaterThan(100);
    expect(rows[0]!.most_unread).toBeLessThanOrEqual(3);
    expect(rows[0]!.unread).toBeLessThanOrEqual(9);
  });

  it("gives demo_owner's restaurant about three months of orders, dated from the day it loads", async () => {
    const { rows } = await sql<{
      completed: number;
      cancelled: number;
      refunded: number;
      days: number;
      oldest: Date;
      newest: Date;
      lunch: number;
      dinner: number;
      night: number;
    }>`select
        count(*) filter (where o.status = 'completed')::int as completed,
        count(*) filter (where o.status = 'cancelled')::int as cancelled,
        count(*) filter (where o.status = 'cancelled' and o.paid_at is not null)::int as refunded,
        count(distinct (o.created_at at time zone 'Asia/Ho_Chi_Minh')::date)::int as days,
        min(o.created_at) as oldest, max(o.completed_at) as newest,
        count(*) filter (where extract(hour from o.created_at at time zone 'Asia/Ho_Chi_Minh')
          between 10 and 13)::int as lunch,
        count(*) filter (where extract(hour from o.created_at at time zone 'Asia/Ho_Chi_Minh')
          between 17 and 20)::int as dinner,
        count(*) filter (where extract(hour from o.created_at at time zone 'Asia/Ho_Chi_Minh')
          between 0 and 5)::int as night
      from orders o join restaurants r on r.id = o.restaurant_id
      join users u on u.id = r.owner_id where u.username = 'demo_owner'`.execute(t.database.db);
    const history = rows[0]!;
    expect(history.completed).toBeGreaterThan(100);
    expect(history.cancelled).toBeGreaterThan(0);
    expect(history.refunded).toBeGreaterThan(0);
    expect(history.days).toBeGreaterThanOrEqual(70);
    const now = Date.now();
    expect(now - history.oldest.getTime()).toBeGreaterThan((HISTORY_DAYS - 2) * DAY_MS);
    expect(now - history.oldest.getTime()).toBeLessThan(HISTORY_DAYS * DAY_MS);
    // The last ones finished today or yesterday, and none in the future.
    expect(now - history.newest.getTime()).toBeLessThan(2 * DAY_MS);
    expect(history.newest.getTime()).toBeLessThan(now);
    // Lunch and dinner are the peaks.
    expect(history.lunch + history.dinner).toBeGreaterThan(history.completed * 0.7);
    expect(history.night).toBe(0);
  });

  it("shows demo_owner this month's revenue and a chart of at least 20 days with orders", async () => {
    const { access_token: token } = (await signInStaff(t.app, 'demo_owner', 'demo123456')).tokens;
    type Revenue = {
      data: { total_revenue: number; order_count: number; daily_revenue: { orders: number }[] };
    };
    const today = localDay(new Date());
    const month = await call<Revenue>(
      t.app,
      'GET',
      `/api/staff/revenue/?start_date=${today.slice(0, 8)}01&end_date=${today}`,
      { token },
    );
    expect(month.status).toBe(200);
    expect(month.body.data.total_revenue).toBeGreaterThan(0);
    // The dashboard draws the current month: every day of it so far but a quiet one or two.
    const elapsed = Number(today.slice(8, 10));
    const monthDays = month.body.data.daily_revenue.filter((day) => day.orders > 0).length;
    expect(monthDays).toBeGreaterThanOrEqual(Math.min(20, elapsed - 3));
    const last30 = await call<Revenue>(
      t.app,
      'GET',
      `/api/staff/revenue/?start_date=${localDay(new Date(Date.now() - 29 * DAY_MS))}&end_date=${today}`,
      { token },
    );
    expect(
      last30.body.data.daily_revenue.filter((day) => day.orders > 0).length,
    ).toBeGreaterThanOrEqual(20);
  });

  it('has demo_staff, who signs in with demo123456 and works at Quán Cô Lan 24h', async () => {
    const { user, tokens } = await signInStaff(t.app, 'demo_staff', 'demo123456');
    expect(user.role).toBe('staff');
    const restaurant = await call<{ data: { name: string } }>(
      t.app,
      'GET',
      '/api/staff/restaurant/',
      {
        token: tokens.access_token,
      },
    );
    expect(restaurant.status).toBe(200);
    expect(restaurant.body.data.name).toBe('Quán Cô Lan 24h');
    const orders = await call<{ data: { items: { status: string }[] } }>(
      t.app,
      'GET',
      '/api/staff/orders/?per_page=5',
      { token: tokens.access_token },
    );
    expect(orders.body.data.items.length).toBe(5);
  });

  it('gives the demo customer past orders, money in the wallet and a collection', async () => {
    const { access_token: token } = (await signInCustomer(t.app, DEMO_CUSTOMER.phone)).tokens;
    const orders = await call<{ data: { items: { status: string; restaurant_name: string }[] } }>(
      t.app,
      'GET',
      '/api/customer/orders/?per_page=20',
      { token },
    );
    expect(orders.body.data.items.length).toBe(20);
    expect(orders.body.data.items.some((o) => o.status === 'completed')).toBe(true);
    const balance = await call<{ data: { balance: number } }>(
      t.app,
      'GET',
      '/api/payment/wallet/balance/',
      { token },
    );
    expect(balance.body.data.balance).toBeGreaterThan(0);
    const { rows } = await sql<{ foods: number; restaurants: number; name: string }>`
      select u.full_name as name,
        (select count(*)::int from favorite_foods f where f.customer_id = u.id) as foods,
        (select count(*)::int from favorite_restaurants f where f.customer_id = u.id) as restaurants
      from users u where u.role = 'customer' and u.phone = ${DEMO_CUSTOMER.phone}`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ name: DEMO_CUSTOMER.full_name, foods: 5, restaurants: 3 });
  });

  it("gives demo_owner payouts over the history: paid with references, one turned down, yesterday's waiting", async () => {
    const admin = (await signInStaff(t.app, 'demo_admin', 'demo123456')).tokens.access_token;
    const list = async (status: string) =>
      (
        await call<{ data: { items: Listed[] } }>(
          t.app,
          'GET',
          `/api/admin/withdrawals/?status=${status}`,
          { token: admin },
        )
      ).body.data.items;
    const paid = await list('paid');
    const rejected = await list('rejected');
    const pending = await list('pending');
    expect(paid.length).toBe(4);
    expect(rejected.length).toBe(1);
    expect(pending.length).toBe(1);
    for (const w of [...paid, ...rejected, ...pending]) {
      expect(w.restaurant_name).toBe('Quán Cô Lan 24h');
      expect(Number(w.amount) % 100_000).toBe(0);
    }
    expect(paid.every((w) => /^FT\d+$/.test(String(w.bank_reference)))).toBe(true);
    expect(rejected[0]!.reason).toMatch(/^Số tài khoản ngân hàng/);
    const now = Date.now();
    const age = (iso: string) => now - new Date(iso).getTime();
    expect(age(pending[0]!.created_at)).toBeGreaterThan(DAY_MS);
    expect(age(pending[0]!.created_at)).toBeLessThan(2 * DAY_MS);
    expect(Math.max(...paid.map((w) => age(w.created_at)))).toBeGreaterThan(60 * DAY_MS);
    // Each decision is in the audit log, by demo_admin, at the decision's time.
    const audit = (
      await call<{ data: { items: Listed[] } }>(
        t.app,
        'GET',
        '/api/admin/audit/?action=withdrawal.paid',
        { token: admin },
      )
    ).body.data.items;
    expect(audit.length).toBe(4);
    expect(audit.every((e) => e.actor_name !== null)).toBe(true);
    expect(Math.min(...audit.map((e) => age(e.created_at)))).toBeGreaterThan(DAY_MS);
  });

  it("keeps the ledger's invariants over the whole demo data", async () => {
    const invariants = await ledgerInvariants(t.database.db);
    expect(invariants).toEqual({ sumOfBalances: 0, mismatchedAccounts: [], negativeWallets: [] });
    // The money really moved: deposits in, the owner paid for what was completed.
    const { rows } = await sql<{ deposits: number; settlements: number; future: number }>`select
      (select count(*)::int from ledger_transfers where kind = 'deposit') as deposits,
      (select count(*)::int from ledger_transfers where kind = 'settlement') as settlements,
      (select count(*)::int from ledger_transfers where created_at > now()) as future`.execute(
      t.database.db,
    );
    expect(rows[0]!.deposits).toBeGreaterThan(10);
    expect(rows[0]!.settlements).toBeGreaterThan(100);
    expect(rows[0]!.future).toBe(0);
  });

  it('gives every seeded review a comment that fits its dish, from a customer who bought it', async () => {
    const { rows } = await sql<{
      name: string;
      comment: string;
      categories: string[];
      bought: boolean | null;
    }>`select f.name, r.comment,
        array(select c.name from food_categories fc join categories c on c.id = fc.category_id
          where fc.food_id = f.id) as categories,
        (select o.customer_id = r.customer_id and o.status = 'completed'
          from order_items i join orders o on o.id = i.order_id
          where i.id = r.order_item_id and i.food_id = r.food_id) as bought
      from reviews r join foods f on f.id = r.food_id`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(150);
    const misfits = rows.filter(
      (row) => !COMMENTS_BY_KIND[dishKind(row.name)].some(([, comment]) => comment === row.comment),
    );
    expect(misfits).toEqual([]);
    // Independent of the kinds: no dessert is praised for its broth, its crust or its rice.
    const dessertMisfits = rows.filter(
      (row) =>
        row.categories.includes('Tráng miệng') &&
        /nước dùng|nước lèo|giòn|cơm|sợi/.test(row.comment),
    );
    expect(dessertMisfits).toEqual([]);
    expect(dishKind('Chè ba màu')).toBe('dessert');
    expect(dishKind('Phở bò')).toBe('noodle-soup');
    expect(dishKind('Phở cuốn')).toBe('dry-noodles');
    expect(dishKind('Bánh tráng trộn')).toBe('snack');
    // The history's reviews are of dishes their authors bought and received.
    const history = rows.filter((row) => row.bought !== null);
    expect(history.length).toBeGreaterThan(20);
    expect(history.every((row) => row.bought)).toBe(true);
    const stars = await sql<{ rating: number }>`
      select distinct rating from reviews order by rating`.execute(t.database.db);
    expect(stars.rows.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5]);
  });

  it('creates demo_admin and demo_owner, who sign in with demo123456', async () => {
    expect((await signInStaff(t.app, 'demo_owner', 'demo123456')).user.role).toBe('owner');
    expect((await signInStaff(t.app, 'demo_admin', 'demo123456')).user.role).toBe('admin');
  });

  it('loads the demo catalogue: 40+ approved restaurants, one paused, one pending, 400+ dishes', async () => {
    const { rows } = await sql<Record<string, number>>`select
      (select count(*)::int from restaurants where approval_status = 'approved' and is_active) as active,
      (select count(*)::int from restaurants where approval_status = 'approved' and not is_active) as paused,
      (select count(*)::int from restaurants where approval_status = 'pending') as pending,
      (select count(*)::int from foods) as foods,
      (select count(*)::int from foods where not available) as unavailable,
      (select count(*)::int from toppings where group_id is null) as toppings,
      (select count(*)::int from reviews) as reviews,
      (select count(distinct category_id)::int from food_categories) as categories,
      (select count(*)::int from restaurants r join users u on u.id = r.owner_id
        where u.username = 'demo_owner') as demo_owner_restaurants`.execute(t.database.db);
    const counts = rows[0]!;
    expect(counts.active).toBeGreaterThanOrEqual(40);
    expect(counts.paused).toBe(1);
    expect(counts.pending).toBe(1);
    expect(counts.foods).toBeGreaterThanOrEqual(400);
    expect(counts.unavailable).toBeGreaterThan(0);
    expect(counts.toppings).toBeGreaterThan(0);
    expect(counts.reviews).toBeGreaterThan(0);
    expect(counts.categories).toBe(6);
    expect(counts.demo_owner_restaurants).toBe(1);
  });

  it('gives phở, cold chè and bún their option groups, in order, and leaves the toppings alone', async () => {
    const groupsOf = async (restaurant: string, dish: string) => {
      const { rows } = await sql<{ name: string; range: string; options: string[] }>`
        select g.name, g.min_select || '/' || g.max_select as range,
          array_agg(o.name || ' +' || o.price order by o.position) as options
        from option_groups g
        join foods f on f.id = g.food_id
        join restaurants r on r.id = f.restaurant_id
        join toppings o on o.group_id = g.id
        where r.name = ${restaurant} and f.name = ${dish}
        group by g.id order by g.position`.execute(t.database.db);
      return rows;
    };
    expect(await groupsOf('Phở Ông Tư Pasteur', 'Phở bò')).toEqual([
      { name: 'Độ chín', range: '1/1', options: ['Tái +0', 'Chín +0', 'Tái lăn +0', 'Tái nạm +0'] },
      { name: 'Cỡ bát', range: '1/1', options: ['Thường +0', 'Đặc biệt +10000'] },
    ]);
    expect(await groupsOf('Quán Chè Cô Thảo', 'Chè Thái')).toEqual([
      { name: 'Size', range: '1/1', options: ['M +0', 'L +6000'] },
      { name: 'Đá', range: '1/1', options: ['100% +0', '50% +0', 'Không đá +0'] },
      { name: 'Đường', range: '1/1', options: ['100% +0', '70% +0', '50% +0', 'Không đường +0'] },
    ]);
    expect(await groupsOf('Bún Bò Huế Mệ Tư', 'Bún bò Huế')).toEqual([
      { name: 'Phần', range: '1/1', options: ['Thường +0', 'Đặc biệt +15000'] },
    ]);
    // The dishes the end-to-end journeys add with their toppings alone, and the demo owner's
    // whole menu, where the owner's journey makes groups of its own.
    expect(await groupsOf('Phở & Bún 24h Phố Cổ', 'Phở bò')).toEqual([]);
    expect(await groupsOf('Cơm Rang 24h Kim Mã', 'Bánh mì')).toEqual([]);
    const { rows } = await sql<{
      groups: number;
      toppings: number;
      options_of_other_dishes: number;
    }>`
      select
        (select count(*)::int from option_groups g join foods f on f.id = g.food_id
          join restaurants r on r.id = f.restaurant_id join users u on u.id = r.owner_id
          where u.username = 'demo_owner') as groups,
        (select count(*)::int from toppings t join foods f on f.id = t.food_id
          where f.name = 'Phở bò tái' and t.group_id is null) as toppings,
        (select count(*)::int from toppings o join option_groups g on g.id = o.group_id
          where o.food_id <> g.food_id) as options_of_other_dishes`.execute(t.database.db);
    expect(rows[0]).toEqual({ groups: 0, toppings: 3, options_of_other_dishes: 0 });
  });

  it('has the demo coupons of the README, each behaving as listed', async () => {
    const { access_token: token } = (await signInCustomer(t.app, '0987000111')).tokens;
    const { rows } = await sql<{ id: number; name: string; owner: string }>`
      select r.id, r.name, u.username as owner from restaurants r join users u on u.id = r.owner_id
      order by (u.username = 'demo_owner') desc, r.id limit 2`.execute(t.database.db);
    const [home, other] = rows;
    expect(home!.owner).toBe('demo_owner');
    const apply = (code: string, restaurantId: number, amount = 200_000) =>
      call<{ code?: string; message: string; data: { discount: number } }>(
        t.app,
        'POST',
        '/api/coupon/apply',
        { token, body: { code, order_amount: amount, restaurant_id: restaurantId, food_ids: [] } },
      );

    const chaoban = await apply('CHAOBAN', other!.id);
    expect(chaoban.body.data.discount).toBe(30_000);
    expect((await apply('CHAOBAN', other!.id, 49_000)).body.message).toBe(
      'Đơn hàng tối thiểu 50.000 ₫ để dùng mã này',
    );
    expect((await apply('QUANNHA', home!.id)).body.data.discount).toBe(15_000);
    expect((await apply('QUANNHA', other!.id)).body.code).toBe('COUPON_WRONG_RESTAURANT');
    expect((await apply('HETHAN', home!.id)).body.code).toBe('COUPON_EXPIRED');
    expect((await apply('HETLUOT', home!.id)).body.code).toBe('COUPON_USED_UP');

    const listed = await call<{ data: { items: { code: string }[] } }>(
      t.app,
      'GET',
      `/api/coupon/?restaurant_id=${home!.id}`,
      { token },
    );
    expect(listed.body.data.items.map((c) => c.code)).toEqual(['CHAOBAN', 'QUANNHA']);
  });

  it('serves its pictures as small local WebP files', async () => {
    const { body } = await call<{ data: { items: { image_url: string }[] } }>(
      t.app,
      'GET',
      '/api/food/?per_page=3',
    );
    for (const dish of body.data.items) {
      expect(dish.image_url).toMatch(/^\/uploads\/dishes\/.+\.webp$/);
      const file = await t.app.inject({ method: 'GET', url: dish.image_url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(file.rawPayload.length).toBeLessThan(25_000);
    }
  });
});
