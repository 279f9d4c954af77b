import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The cluster journey: the built app behind nginx, two instances on one PostgreSQL
// (`npm run cluster`, scripts/cluster.ts), in Chromium. Separate from the main e2e config,
// which ignores e2e/cluster/, because it needs the PostgreSQL binaries and nginx.

/**
 * nginx's port: E2E_CLUSTER_PORT when given, else a free one. Chosen once and put back into
 * the environment, because the workers load this file again and must agree on it.
 */
function clusterPort(): string {
  if (process.env.E2E_CLUSTER_PORT) return process.env.E2E_CLUSTER_PORT;
  const probe = `
    const server = require('node:net').createServer();
    server.listen(0, '127.0.0.1', () => {
      process.stdout.write(String(server.address().port));
      server.close();
    });`;
  const port = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
  process.env.E2E_CLUSTER_PORT = port;
  return port;
}

const port = clusterPort();
const baseURL = `http://127.0.0.1:${port}`;
// Where the cluster writes its instances' own addresses, for the steps that go around nginx.
process.env.CLUSTER_INFO_FILE ??= path.join(os.tmpdir(), `mon-ngon-cluster-${port}.json`);

export default defineConfig({
  ...base,
  testDir: 'e2e/cluster',
  testIgnore: [],
  // The main config's projects order its journeys and ignore this folder: one project here.
  projects: [{ name: 'cluster' }],
  // One journey, whose rate-limit step counts every code asked from this address: a retry
  // would start over the limit.
  retries: 0,
  workers: 1,
  timeout: 180_000,
  use: { ...base.use, baseURL },
  webServer: {
    command: `${process.execPath} --import tsx scripts/cluster.ts`,
    url: `${baseURL}/api/health`,
    env: {
      CLUSTER_PORT: port,
      CLUSTER_INFO_FILE: process.env.CLUSTER_INFO_FILE,
      APP_ENV: 'test',
      SEED_DEMO: 'true',
      // The journey reads the catalogue, not demo_owner's past: the history would only cost
      // start-up time.
      SEED_DEMO_HISTORY: 'false',
      LOG_LEVEL: 'warn',
      // Counted across both instances: the journey asks for codes until it is refused.
      OTP_SENDS_PER_IP_PER_HOUR: '6',
    },
    reuseExistingServer: false,
    // Migrations and the demo seed on a fresh PostgreSQL, then a second instance: slow on a
    // busy machine.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the script stop nginx, the instances and PostgreSQL and remove the temp dirs.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
