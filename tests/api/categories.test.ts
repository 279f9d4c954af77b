import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListReplySchema } from '#contract/categories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/category/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the six categories of the spec, in the spec order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/category/' });
    expect(res.statusCode).toBe(200);
    const body = CategoryListReplySchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data.map((c) => c.name)).toEqual([
      'Đồ ăn vặt',
      'Món chính',
      'Tráng miệng',
      'Món ăn nhanh',
      'Món ăn đường phố',
      'Mì',
    ]);
    expect(new Set(body.data.map((c) => c.id)).size).toBe(6);
  });

  it('is not cached by browsers or proxies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/category/' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
