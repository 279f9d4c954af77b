// The manifest's screenshots (the richer install dialog of Chromium on phones and desktops),
// taken from the real app rather than drawn, so they show what a customer actually gets:
//   npx vite build && npx tsx scripts/make-screenshots.ts
// Starts the built app the way the e2e suite does (e2e/start-server.mjs: fresh database with the
// demo catalogue), signs a new customer in, sets a delivery address and captures the home screen
// on a phone and on a desktop. Writes public/screenshots/*.png, palette-quantised; commit them.
import { chromium, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { vi } from '../src/i18n/vi';
import { freePort } from './with-postgres.mjs';

// Runs inside the page; this script is type-checked without the DOM library.
declare const document: {
  images: ArrayLike<{
    complete: boolean;
    naturalWidth: number;
    getBoundingClientRect(): { top: number; left: number; bottom: number; right: number };
  }>;
  fonts: { ready: Promise<unknown> };
};
declare const window: { innerWidth: number; innerHeight: number };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'public', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
// Must match the `screenshots` sizes in build/pwa.ts: the browser drops an entry whose file has
// other dimensions.
const SHOTS = [
  { file: 'home-narrow.png', path: '/', viewport: { width: 375, height: 667 }, scale: 2 },
  {
    file: 'search-wide.png',
    path: '/search?q=bun',
    viewport: { width: 1280, height: 800 },
    scale: 1,
  },
];
// A place of the built-in gazetteer, in the old quarter where the demo restaurants are.
const ADDRESS = '36 Hàng Bạc, Hoàn Kiếm';
// One new customer per screenshot: sign-in codes are limited per phone.
const phone = (index: number) => `097700000${index}`;

async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy within 2 minutes');
}

async function smsCode(baseURL: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const reply = await fetch(`${baseURL}/api/dev/sms-outbox?phone=${to}`);
    if (reply.ok) {
      const body = (await reply.json()) as { data?: { items?: { text: string }[] } };
      const code = /\b(\d{6})\b/.exec(body.data?.items?.[0]?.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no sign-in code in the development SMS outbox');
}

/**
 * Every image in view drawn, so no screenshot shows half-loaded dish photos. Lazy images
 * outside the viewport never load, so they are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      const box = image.getBoundingClientRect();
      const inView =
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth;
      return !inView || (image.complete && image.naturalWidth > 0);
    }),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'e2e', 'start-server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port) },
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  await waitForHealth(baseURL, server);
  await mkdir(OUT_DIR, { recursive: true });
  for (const [index, shot] of SHOTS.entries()) {
    // Without the service worker: its 'ready to work offline' toast would sit in the picture.
    const context = await browser.newContext({
      baseURL,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      isMobile: shot.viewport.width < 600,
      hasTouch: shot.viewport.width < 600,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(vi.auth.customer.phone).fill(phone(index));
    await page.getByRole('button', { name: vi.auth.customer.getCode }).click();
    await page.getByLabel(vi.auth.customer.code).fill(await smsCode(baseURL, phone(index)));
    await page.getByRole('button', { name: vi.auth.customer.submit }).click();
    await page.waitForURL(`${baseURL}/`);
    const dialog = page.getByRole('dialog', { name: vi.address.title });
    await dialog.getByLabel(vi.address.search).fill(ADDRESS);
    await dialog.getByLabel(vi.address.search).press('Enter');
    await dialog.getByRole('status').waitFor();
    await dialog.getByRole('button', { name: vi.address.done }).click();
    // A fresh load: the sign-in toast gone, the screen as a returning customer opens it.
    await page.goto(shot.path);
    await page.getByRole('article').first().waitFor();
    await settle(page);
    const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const png = await sharp(raw)
      .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
      .toBuffer();
    await writeFile(path.join(OUT_DIR, shot.file), png);
    const { width, height } = await sharp(png).metadata();
    console.log(`screenshots/${shot.file} ${width}x${height} ${(png.length / 1024).toFixed(1)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
