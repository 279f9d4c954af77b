import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { signInAsNewCustomer, waitForControllingServiceWorker } from './helpers';

const APP_NAME = 'Món Ngon';
const CATEGORIES = [
  'Đồ ăn vặt',
  'Món chính',
  'Tráng miệng',
  'Món ăn nhanh',
  'Món ăn đường phố',
  'Mì',
];

test.describe('the PWA shell', () => {
  test('is Vietnamese and sends a visitor to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page).toHaveTitle(new RegExp(APP_NAME));
  });

  test('paints the splash from the HTML, preloads the screen and removes the splash with it', async ({
    page,
  }) => {
    // The splash is in the HTML the server sends, before any script has run.
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<div id="splash"[^>]*>\s*<img src="\/logo.svg"/);
    expect(html).toContain('<div id="root"></div>');

    const screenChunk = page.waitForRequest(/\/assets\/home-page-[\w-]+\.js$/);
    await page.goto('/');
    // index.html asks for the home screen's chunk itself, next to the entry's download.
    await expect(page.locator('link[rel="modulepreload"][href*="/home-page-"]')).toHaveCount(1);
    await screenChunk;
    // A visitor is sent on to /login, which the scripts draw in place of the splash.
    await expect(page.getByRole('button', { name: vi.auth.customer.getCode })).toBeVisible();
    await expect(page.locator('#splash')).toHaveCount(0);
  });

  for (const [path, action] of [
    ['/login', vi.auth.customer.getCode],
    ['/staff/login', vi.auth.staff.submit],
    ['/register', vi.auth.register.submit],
  ] as const) {
    test(`sends ${path} already rendered and the scripts take that screen over in place`, async ({
      page,
    }) => {
      const html = await (await page.request.get(path)).text();
      expect(html).not.toContain('id="splash"');
      expect(html).toMatch(/<div id="root">.*<main[^>]*>.*<\/main>/s);
      expect(html).toContain(`>${action}<`);

      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Counts every element of the screen that leaves the page: hydration keeps them all.
      await page.addInitScript({
        content: `
          window.removedFromScreen = 0;
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.removedNodes) {
                const screen = 'main, form, input, button';
                if (node.nodeType === 1 && (node.matches(screen) || node.querySelector(screen))) {
                  window.removedFromScreen += 1;
                }
              }
            }
          }).observe(document, { childList: true, subtree: true });`,
      });
      await page.goto(path);
      // One of the four backgrounds, the one index.html's first script drew for this load.
      const drawn = await page.locator('html').getAttribute('data-auth-background');
      expect(drawn).toMatch(/^[0-3]$/);
      await expect(page.locator('#root > div').first()).toHaveCSS(
        'background-image',
        new RegExp(`/bg/${drawn}\\.webp`),
      );
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      // Submitting the empty form shows the field errors: React is running the form.
      await page.getByRole('button', { name: action }).click();
      await expect(
        page
          .getByText(vi.auth.validation.phoneRequired)
          .or(
            page
              .getByText(vi.auth.validation.usernameOrEmailRequired)
              .or(page.getByText(vi.auth.validation.usernameRequired)),
          )
          .first(),
      ).toBeVisible();
      expect(await page.evaluate('window.removedFromScreen')).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  test("shows the error screen, not a dead form, when the prerendered screen's code cannot arrive", async ({
    page,
  }) => {
    await page.route(/\/assets\/login-page-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByText(vi.app.crashed)).toBeVisible();
    await expect(page.getByRole('button', { name: vi.app.reload })).toBeVisible();
    await expect(page.getByRole('button', { name: vi.auth.customer.getCode })).toHaveCount(0);
  });

  test('draws /login again for someone signed in instead of hydrating it, and sends them home', async ({
    page,
    request,
  }, testInfo) => {
    await signInAsNewCustomer(page, request, testInfo.testId);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // A full load of /login: the server sends the visitor's prerendered screen.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: vi.layout.mainNav })).toBeAttached();
    await expect(page.getByRole('button', { name: vi.auth.customer.getCode })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('installs a service worker that controls the page', async ({ page }) => {
    await page.goto('/');
    const scriptURL = await waitForControllingServiceWorker(page);
    expect(new URL(scriptURL).pathname).toBe('/sw.js');
  });

  test('renders the shell from the service worker when the network is gone', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForControllingServiceWorker(page);
    await expect(page.getByRole('main')).toBeVisible();

    await context.setOffline(true);
    const response = await page.reload();

    expect(response, 'the offline reload got a response').not.toBeNull();
    expect(response!.fromServiceWorker(), 'the service worker served the page').toBe(true);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(APP_NAME).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  });

  test('GET /api/category/ through the page returns the six categories', async ({ page }) => {
    await page.goto('/');
    const reply = await page.evaluate(async () => {
      const res = await fetch('/api/category/', { headers: { Accept: 'application/json' } });
      return { status: res.status, body: await res.json() };
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: expect.any(String) });
    const data = (reply.body as { data: { id: unknown; name: unknown }[] }).data;
    expect(data).toHaveLength(CATEGORIES.length);
    for (const category of data) {
      expect(category).toEqual({ id: expect.any(Number), name: expect.any(String) });
    }
    expect(data.map((c) => c.name).sort()).toEqual([...CATEGORIES].sort());
  });
});

test.describe('static serving and content negotiation', () => {
  test('index.html and sw.js are never cached; hashed assets are cached for a year', async ({
    request,
  }) => {
    const index = await request.get('/index.html');
    expect(index.status()).toBe(200);
    expect(index.headers()['cache-control']).toContain('no-cache');

    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['cache-control']).toContain('no-cache');

    const html = await index.text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset, 'index.html links a hashed asset under /assets/').toBeDefined();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an unknown page path answers the app; an unknown /api path answers JSON 404', async ({
    request,
  }) => {
    const page = await request.get('/abc/def', { headers: { Accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(await page.text()).toContain('lang="vi"');

    const api = await request.get('/api/nope', { headers: { Accept: 'text/html' } });
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
    expect(await api.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  test('/api/payment/vnpay/return/ is the app for a browser and JSON for a script', async ({
    request,
  }) => {
    const path = '/api/payment/vnpay/return/?x=1';
    const navigation = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(navigation.status()).toBe(200);
    expect(navigation.headers()['content-type']).toContain('text/html');
    expect(await navigation.text()).toContain('lang="vi"');

    const xhr = await request.get(path, { headers: { Accept: 'application/json' } });
    expect(xhr.headers()['content-type']).toContain('application/json');
    expect(await xhr.json()).toMatchObject({ success: expect.any(Boolean) });
  });
});
