import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The built app passes Chromium's own install checks, and every picture the manifest
// names (icons, the install dialog's screenshots, the shortcuts' icons) is served as what the
// manifest says it is. A missing or misnamed file would only show as a blank tile on a phone.

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

interface Manifest {
  lang: string;
  description: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
  shortcuts: { name: string; url: string; icons: ManifestImage[] }[];
}

/** Fetches `image.src` and checks status, content type and the PNG's own width and height. */
async function expectServed(request: APIRequestContext, image: ManifestImage): Promise<void> {
  const reply = await request.get(image.src);
  expect(reply.status(), image.src).toBe(200);
  expect(reply.headers()['content-type'], image.src).toBe(image.type);
  const body = await reply.body();
  // A PNG's IHDR chunk: width and height as big-endian 32-bit integers at bytes 16 and 20.
  expect(body.subarray(1, 4).toString('latin1'), image.src).toBe('PNG');
  expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, image.src).toBe(image.sizes);
}

test('Chromium finds no installability errors in the built app', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Playwright's usual contexts are incognito-like, where Chromium refuses to install anything
  // ('in-incognito'); a profile on disk is what a user's browser has.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'mon-ngon-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    locale: 'vi-VN',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    // The manifest and its icons are fetched after load; until then they are reported missing.
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the manifest describes the app in Vietnamese and every image it names is served', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const reply = await request.get(href!);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await reply.json()) as Manifest;

  expect(manifest.lang).toBe('vi');
  expect(manifest.description).toMatch(/Đặt món ngon/);

  await test.step('any and maskable icons, 192 and 512 px', async () => {
    for (const purpose of ['any', 'maskable']) {
      expect(
        manifest.icons
          .filter((icon) => icon.purpose === purpose)
          .map((icon) => icon.sizes)
          .sort(),
      ).toEqual(['192x192', '512x512']);
    }
    for (const icon of manifest.icons) await expectServed(request, icon);
  });

  await test.step('a narrow and a wide screenshot, each labelled in Vietnamese', async () => {
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      expect(shot.label).toMatch(/[ạ-ỹà-ỳđ]/i);
      await expectServed(request, shot);
    }
  });

  await test.step('shortcuts to search, the cart and the orders, each with a 96 px icon', async () => {
    expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: 'Tìm món', url: '/search' },
      { name: 'Giỏ hàng', url: '/cart' },
      { name: 'Đơn hàng', url: '/orders' },
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.icons).toHaveLength(1);
      expect(shortcut.icons[0]!.sizes).toBe('96x96');
      await expectServed(request, shortcut.icons[0]!);
    }
  });
});
