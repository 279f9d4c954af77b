import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { databaseFromPGlite, openPGlite, type Database } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { deriveKeys } from '#server/lib/keys';
import { signAccessToken } from '#server/modules/auth/tokens';
import { createPostgresDatabase, openPostgresDatabase, testLane } from './test-db';

// server/main.ts as an operator runs it, for the tests that need a real process: real
// signals, a real kill -9, a restart on the same data.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  stdout: string;
}

export interface ServerProcess {
  url: string;
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
}

/** A secret of the tests' own, so they can sign access tokens the server accepts. */
export const PROCESS_JWT_SECRET = 'server-process-test-secret-long-enough-for-hs256';

export function spawnServer(env: Record<string, string>): Omit<ServerProcess, 'url'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr, stdout })),
  );
  return { exited, kill: (signal) => child.kill(signal) };
}

async function waitForHealth(url: string, exited: Promise<Exit>, timeoutMs = 60_000) {
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited at start: ${gone.stderr}${gone.stdout}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the server on `dataDir` (and `databaseUrl` on the PostgreSQL lane), ready to serve. */
export async function startServer(
  dataDir: string,
  options: { databaseUrl?: string | undefined; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const started = spawnServer({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: PROCESS_JWT_SECRET,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, started.exited);
  } catch (error) {
    started.kill('SIGKILL');
    throw error;
  }
  return { ...started, url };
}

/** An access token for `user`, signed as a server started by startServer() checks it. */
export function processToken(user: { id: number; role: 'customer' | 'owner' | 'staff' | 'admin' }) {
  return signAccessToken(deriveKeys(PROCESS_JWT_SECRET).jwt, user);
}

export interface ProcessDatabase {
  /** Set on the PostgreSQL lane: the server's DATABASE_URL. */
  databaseUrl: string | undefined;
  /** Opens the data while no server runs (PGlite has one process at a time). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * The migrated database a server process will run on: DATA_DIR/pglite on the PGlite lane (a
 * copy of the run's migrated template), a database of its own on the PostgreSQL lane.
 */
export async function processDatabase(dataDir: string): Promise<ProcessDatabase> {
  const template = inject('databaseTemplate');
  if (testLane() === 'pglite') {
    const dir = path.join(dataDir, 'pglite');
    const file = template?.lane === 'pglite' ? template.file : undefined;
    const first = databaseFromPGlite(
      await openPGlite(dir, file ? new Blob([readFileSync(file)]) : undefined),
    );
    await migrateToLatest(first.db);
    await first.close();
    return {
      databaseUrl: undefined,
      open: async () => databaseFromPGlite(await openPGlite(dir)),
      drop: async () => {},
    };
  }
  const created = await createPostgresDatabase(
    template?.lane === 'postgres' ? template.name : undefined,
  );
  const first = openPostgresDatabase(created.url, 2);
  await migrateToLatest(first.db);
  await first.close();
  return {
    databaseUrl: created.url,
    open: async () => openPostgresDatabase(created.url, 2),
    drop: () => created.drop(),
  };
}
