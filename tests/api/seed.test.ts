import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/seed/index';
import { call, signInCustomer, signInStaff } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('the development seed', () => {
  let t: TestApp;
  let applied: string[];
  beforeAll(async () => {
    t = await createTestApp();
    applied = await seedDemoData(t.database.db, { uploads: t.app.uploads });
  }, 180_000);
  afterAll(() => t.close());

  it('runs each step once', async () => {
    expect(applied).toEqual([
      'demo-accounts',
      'demo-catalogue',
      'demo-coupons',
      'demo-option-groups',
    ]);
    expect(await seedDemoData(t.database.db, { uploads: t.app.uploads })).toEqual([]);
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
