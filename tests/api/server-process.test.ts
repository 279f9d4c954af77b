import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer } from '../helpers/server-process';
import { createPostgresDatabase, testLane } from '../helpers/test-db';

// server/main.ts as an operator runs it: a real process, real signals, real HTTP.

describe('server/main.ts', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mn-main-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits with one line naming a bad variable', async () => {
    const { exited } = spawnServer({ PORT: 'eighty', DATA_DIR: dataDir });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid environment: PORT: /);
  });

  it('refuses to start in production without a secret', async () => {
    const { exited } = spawnServer({ APP_ENV: 'production', PUBLIC_URL: 'https://monngon.vn' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid environment: JWT_SECRET: /);
  });

  it('migrates, serves, stops cleanly on SIGTERM or SIGINT and starts again on the same data', async () => {
    const postgres = testLane() === 'postgres' ? await createPostgresDatabase() : undefined;
    // An avatar as an older version stored it: moved into the database before the first request.
    const legacy = `avatars/${randomUUID()}.webp`;
    const legacyBytes = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#2a6' },
    })
      .webp()
      .toBuffer();
    mkdirSync(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', legacy), legacyBytes);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      // No JWT_SECRET, as an operator's first start: the one generated into DATA_DIR is read
      // again on the second.
      const server = await startServer(dataDir, {
        databaseUrl: postgres?.url,
        env: { JWT_SECRET: undefined },
      });
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: { database: string } }).data.database).toBe(
        testLane(),
      );
      const categories = await fetch(`${server.url}/api/category/`);
      expect(((await categories.json()) as { data: unknown[] }).data).toHaveLength(6);
      const avatar = await fetch(`${server.url}/uploads/${legacy}`);
      expect(avatar.status).toBe(200);
      expect(Buffer.from(await avatar.arrayBuffer()).equals(legacyBytes)).toBe(true);
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
      server.kill(signal);
      const { code } = await server.exited;
      expect(code).toBe(0);
    }
    await postgres?.drop();
  }, 120_000);
});
