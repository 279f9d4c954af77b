import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testLane } from '../helpers/test-db';

// server/main.ts as an operator runs it: a real process, real signals, real HTTP.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  exited: Promise<{ code: number | null; stderr: string; stdout: string }>;
  kill(signal: NodeJS.Signals): void;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr, stdout })),
  );
  return { exited, kill: (signal) => child.kill(signal) };
}

async function waitForHealth(url: string, timeoutMs = 45_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('server/main.ts', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mn-main-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits with one line naming a bad variable', async () => {
    const { exited } = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid environment: PORT: /);
  });

  it('refuses to start in production without a secret', async () => {
    const { exited } = startServer({ APP_ENV: 'production', PUBLIC_URL: 'https://monngon.vn' });
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
      const port = await freePort();
      const server = startServer({
        APP_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        STATIC_DIR: path.join(dataDir, 'no-build'),
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: { database: string } }).data.database).toBe(
        testLane(),
      );
      const categories = await fetch(`http://127.0.0.1:${port}/api/category/`);
      expect(((await categories.json()) as { data: unknown[] }).data).toHaveLength(6);
      const avatar = await fetch(`http://127.0.0.1:${port}/uploads/${legacy}`);
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
