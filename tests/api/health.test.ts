import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '#server/version';
import { createTestApp, holdConnection, type TestApp } from '../helpers/test-app';
import { openPostgresDatabase, testLane } from '../helpers/test-db';

const UNAVAILABLE = {
  success: false,
  code: 'DATABASE_UNAVAILABLE',
  message: 'Máy chủ tạm thời không truy cập được dữ liệu. Vui lòng thử lại sau.',
};

describe('GET /api/health, /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('reports the database engine and the app version', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'OK',
        data: { status: 'ok', database: testLane(), version: APP_VERSION },
      });
    }
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      success: true,
      message: 'OK',
      data: { status: 'ok', version: APP_VERSION },
    });
  });

  it.runIf(testLane() === 'pglite')(
    'is not ready while the database does not answer in time, and alive all along',
    async () => {
      // The embedded database's one connection held by a transaction that does not end: the
      // readiness query waits behind it and the probe gives up after its timeout.
      const release = await holdConnection(t.database);
      try {
        const [ready, live] = await Promise.all([
          get('/api/health/ready'),
          get('/api/health/live'),
        ]);
        expect(live.statusCode).toBe(200);
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual(UNAVAILABLE);
      } finally {
        await release();
      }
      expect((await get('/api/health/ready')).statusCode).toBe(200);
    },
  );

  it('answers 503 with the error envelope when the database is gone, while alive', async () => {
    await t.database.close();
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    }
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });
});

describe('readiness with PostgreSQL stopped', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: to a client this is a PostgreSQL server that is down.
    const stopped = openPostgresDatabase('postgres://mon_ngon@127.0.0.1:1/mon_ngon', 2);
    t = await createTestApp({ database: stopped });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('is not ready, says why in Vietnamese, and stays alive', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(UNAVAILABLE);
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });
});
