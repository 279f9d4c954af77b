import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base } from './fixtures';
import { vi } from '../src/i18n/vi';
import { dishId, signInAsNewCustomer, waitForControllingServiceWorker } from './helpers';

// A deploy while the app is open: the page runs build 1 under its service worker, the server's
// files are swapped for build 2, the app's update check finds the new sw.js, the Vietnamese
// toast offers the reload, and the reload lands in build 2 with the cart untouched. The shared
// e2e server serves dist/ itself, which this test must not change under the other specs, so it
// starts a server of its own on a copy.

declare const document: { dispatchEvent(event: unknown): boolean };
declare const Event: new (type: string) => unknown;

interface Deployment {
  url: string;
  staticDir: string;
}

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(E2E_DIR, '..', 'dist');
const BUILD_MARKER = 'mon-ngon-e2e-build';
const BANH_MI = { restaurant: 'Quán Cô Lan 24h', name: 'Bánh mì' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  // The server compiles, migrates and seeds a fresh database: slow on a busy machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the deployment server exited while starting');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the deployment server at ${url} did not become healthy`);
}

/**
 * Build 2: the same app with a marker in index.html, and an sw.js whose precache revision of
 * index.html changed with it, as a real rebuild changes both.
 */
function deployNextBuild(staticDir: string): void {
  const indexFile = path.join(staticDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  writeFileSync(
    indexFile,
    html.replace('<head>', `<head><meta name="${BUILD_MARKER}" content="2">`),
  );
  const swFile = path.join(staticDir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const next = sw.replace(
    /("revision":")[0-9a-f]+(","url":"index\.html")/,
    `$1${'2'.repeat(32)}$2`,
  );
  expect(next, 'sw.js precaches index.html with a revision').not.toBe(sw);
  writeFileSync(swFile, next);
}

const test = base.extend<object, { deployment: Deployment }>({
  deployment: [
    // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const staticDir = mkdtempSync(path.join(os.tmpdir(), 'mon-ngon-deploy-'));
      cpSync(DIST, staticDir, { recursive: true });
      const port = await freePort();
      const server = spawn(process.execPath, [path.join(E2E_DIR, 'start-server.mjs')], {
        env: { ...process.env, E2E_PORT: String(port), E2E_STATIC_DIR: staticDir },
        stdio: 'ignore',
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitForHealth(url, server);
        await use({ url, staticDir });
      } finally {
        // SIGTERM lets the server close its database and remove its DATA_DIR.
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
        rmSync(staticDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.url);
  },
});

test('a build deployed while the app is open is offered, and the reload keeps the cart and what was typed', async ({
  page,
  request,
  deployment,
}, testInfo) => {
  test.setTimeout(90_000);
  const quantity = page.getByRole('status', {
    name: vi.cart.quantityOf(BANH_MI.name),
    exact: true,
  });

  await signInAsNewCustomer(page, request, testInfo.testId);
  await page.goto(`/food/${await dishId(request, BANH_MI)}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  const toppings = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await toppings.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toppings).toBeHidden();

  await page.goto('/cart');
  await waitForControllingServiceWorker(page);
  await expect(quantity).toHaveText('1');
  await expect(page.locator(`meta[name="${BUILD_MARKER}"]`)).toHaveCount(0);

  // Halfway through the delivery details when the new version arrives.
  await page.goto('/checkout');
  const address = page.getByRole('textbox', { name: vi.checkout.address });
  const note = page.getByRole('textbox', { name: vi.checkout.note });
  await address.fill('12 Lý Thường Kiệt, Hoàn Kiếm');
  await note.fill('Gọi trước khi giao');
  await address.focus();

  deployNextBuild(deployment.staticDir);
  // What a pinned tablet's return to the foreground does; the hourly timer runs the same check.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  const prompt = page.getByRole('alert').filter({ hasText: vi.pwa.updateAvailable });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt.getByText(vi.pwa.updateHint)).toBeVisible();
  // The prompt takes nothing from the form: the text stays, and typing goes on where it was.
  await expect(address).toBeFocused();
  await page.keyboard.type(', Hà Nội');
  await expect(address).toHaveValue('12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội');
  await Promise.all([
    page.waitForEvent('framenavigated'),
    prompt.getByRole('button', { name: vi.pwa.reload }).click(),
  ]);

  await expect(page.locator(`meta[name="${BUILD_MARKER}"]`)).toHaveAttribute('content', '2');
  await expect(page).toHaveURL(/\/checkout$/);
  // The new version's page has the details typed before the reload.
  await expect(address).toHaveValue('12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội');
  await expect(note).toHaveValue('Gọi trước khi giao');
  await page.goto('/cart');
  await expect(quantity).toHaveText('1');
  await expect(page.getByRole('alert').filter({ hasText: vi.pwa.updateAvailable })).toHaveCount(0);
});
