import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/db/seed/index';
import { call, signInStaff } from '../helpers/auth';
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
    expect(applied).toEqual(['demo-accounts', 'demo-catalogue']);
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
      (select count(*)::int from toppings) as toppings,
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
