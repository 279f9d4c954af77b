#!/usr/bin/env node
// The server the e2e suite runs against: the BUILT app (dist/) served by the real server, on a
// fresh temp DATA_DIR (embedded PGlite) that is removed when the server stops. Playwright starts
// it as config.webServer and stops it with SIGTERM; Ctrl-C works too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '4173';
// A test that deploys a new build while a page is open serves its own copy of dist/.
const staticDir = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');

if (!existsSync(path.join(staticDir, 'index.html'))) {
  console.error(
    '[e2e server] dist/index.html is missing: run `npm run build` before the e2e tests.',
  );
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mon-ngon-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_ENV: 'test',
    // The journeys sign in as the demo owner.
    SEED_DEMO: 'true',
    // Every journey signs in a new customer from 127.0.0.1: more than the default's 20 codes an
    // hour that one address may ask for.
    OTP_SENDS_PER_IP_PER_HOUR: '500',
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: randomBytes(36).toString('base64url'), // 48 characters
    STATIC_DIR: staticDir,
  },
});
console.log(`[e2e server] http://127.0.0.1:${port} with DATA_DIR=${dataDir}`);

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The server stops cleanly on the first signal and ignores repeats, so forwarding is safe
    // even when the signal already reached its whole process group.
    signalled = true;
    child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[e2e server] cannot start the server: ${error.message}`);
  cleanup();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  cleanup();
  if (signalled) process.exit(0);
  console.error(`[e2e server] server exited unexpectedly (${signal ?? `code ${code}`})`);
  process.exit(code ?? 1);
});
