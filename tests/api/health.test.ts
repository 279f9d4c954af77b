import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '#server/version';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database engine and the app version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'OK',
      data: { status: 'ok', database: testLane(), version: APP_VERSION },
    });
  });

  it('answers 503 with the error envelope when the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'Máy chủ tạm thời không truy cập được dữ liệu. Vui lòng thử lại sau.',
    });
  });
});
