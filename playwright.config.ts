import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download is not available on our machines.
const CHROMIUM = '/usr/bin/chromium';
const CI = Boolean(process.env.CI);

/**
 * The port of the e2e server: E2E_PORT when given, else 4173 when free, else any free port.
 * Chosen once and put back into the environment, because the workers load this file again and
 * must agree with the server on the port.
 */
function e2ePort(): string {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  const probe = `
    const net = require('node:net');
    const listen = (port, fallback) => {
      const server = net.createServer();
      server.once('error', () => (fallback ? listen(0, false) : process.exit(1)));
      server.listen(port, '127.0.0.1', () => {
        process.stdout.write(String(server.address().port));
        server.close();
      });
    };
    listen(4173, true);`;
  const port = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
  process.env.E2E_PORT = port;
  return port;
}

const port = e2ePort();
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The cluster journey runs behind nginx with its own server (playwright.cluster.config.ts).
  testIgnore: 'cluster/**',
  outputDir: 'test-results',
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two journeys at a time: each spends most of its time waiting on the server or the
  // browser, so two overlap well on two cores; every journey has its own customer and
  // restaurant data, and only the money journey moves the demo owner's wallet.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // menu-options.spec.ts pauses the demo owner's restaurant, which refuses every add and order
    // there: it runs alone, once every other journey is done.
    { name: 'journeys', testIgnore: ['cluster/**', 'menu-options.spec.ts'] },
    { name: 'store controls', testMatch: 'menu-options.spec.ts', dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: port },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close the database and e2e/start-server.mjs remove its DATA_DIR.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
