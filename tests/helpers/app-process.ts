import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { deriveKeys } from '#server/lib/keys';
import { signAccessToken } from '#server/modules/auth/tokens';
import type { Role } from '#server/db/schema';

/**
 * The app as an operator runs it, for the tests of faults that inject cannot reach (a process
 * killed, a database restarted under it): `server/main.ts` in a process of its own, real HTTP.
 */

export interface AppProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  readonly alive: boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  kill(signal?: NodeJS.Signals): void;
}

/** A JWT secret shared by a test and the processes it starts, so the test can mint tokens. */
export const newJwtSecret = () => randomBytes(32).toString('hex');

export function startAppProcess(port: number, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    output: string;
  }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    exited,
    output: () => output,
    kill: (signal = 'SIGTERM') => {
      child.kill(signal);
    },
  };
}

/** Resolves once `url` answers 200; fails after `timeoutMs` (a start-up that never ends). */
export async function waitUntilServing(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
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

/** An access token the processes started with `jwtSecret` accept. */
export async function tokenFor(jwtSecret: string, user: { id: number; role: Role }) {
  return signAccessToken(deriveKeys(jwtSecret).jwt, user);
}
