import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { databaseFromPGlite, openPGlite, type Database } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import type { Role } from '#server/db/schema';
import { deriveKeys } from '#server/lib/keys';
import { signAccessToken } from '#server/modules/auth/tokens';
import { freePort } from '../../scripts/with-postgres.mjs';
import { createPostgresDatabase, openPostgresDatabase, testLane } from './test-db';

// server/main.ts as an operator runs it, for the tests that need a real process: real
// signals, a real kill -9, a restart on the same data, a database restarted under it.

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  stdout: string;
}

export interface ServerProcess {
  url: string;
  exited: Promise<Exit>;
  /** Whether the process is still running. */
  readonly alive: boolean;
  /** Everything it wrote so far, stdout and stderr as they came. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** A secret of the tests' own, so they can sign access tokens the server accepts. */
export const PROCESS_JWT_SECRET = 'server-process-test-secret-long-enough-for-hs256';

/**
 * server/main.ts with `env` and nothing else from the test's environment (PATH aside), not
 * waited for: the tests of a start that must fail, or of a second server refused.
 */
export function spawnServer(env: Record<string, string>): Omit<ServerProcess, 'url'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr, stdout })),
  );
  return {
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    output: () => output,
    kill: (signal) => child.kill(signal),
  };
}

/**
 * Resolves once `url`/api/health answers 200; fails at once if the process exits, and after
 * `timeoutMs` if it never serves (each try has its own timeout, so a hung socket cannot stall it).
 */
async function waitForHealth(url: string, exited: Promise<Exit>, timeoutMs = 60_000) {
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited at start: ${gone.stderr}${gone.stdout}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not serve within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the server on `dataDir` (and `databaseUrl` on PostgreSQL) on a free port, ready to
 * serve. `env` adds to the defaults below; a variable set to undefined there is left out (a
 * start without JWT_SECRET, as an operator's first one).
 */
export async function startServer(
  dataDir: string,
  options: { databaseUrl?: string | undefined; env?: Record<string, string | undefined> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: PROCESS_JWT_SECRET,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const started = spawnServer(
    Object.fromEntries(
      Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, started.exited);
  } catch (error) {
    started.kill('SIGKILL');
    throw error;
  }
  // Spread would read `alive` once: the started object itself keeps its getter.
  return Object.assign(started, { url });
}

/**
 * An access token for `user`, signed as a server started with `jwtSecret` checks it: by
 * default one started by startServer(); a cluster's instances share a secret of their own.
 */
export function processToken(
  user: { id: number; role: Role },
  jwtSecret: string = PROCESS_JWT_SECRET,
): Promise<string> {
  return signAccessToken(deriveKeys(jwtSecret).jwt, user);
}

export interface HttpReply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
  json: boolean;
}

/** One API call over real HTTP, with a bearer token and a JSON body when given. */
export async function httpCall(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    // Liveness: a reply that never comes fails the call instead of the whole test's timeout.
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text, json };
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
