import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { apiAsUser, dishId, seeded, signInAsNewCustomer } from './helpers';

// docs/decisions/016: a signed-in customer's home and dish pages arrive rendered by the server
// (from the render-hint cookie the app writes) and the scripts hydrate them in place. Without a
// service worker: one in control answers every navigation with the cached shell, so these are
// the cold starts (a first visit from a shared link, a phone that dropped the app's caches).
test.use({ serviceWorkers: 'block' });

const COM_TAM = { restaurant: 'Quán Cô Lan 24h', name: 'Cơm tấm sườn bì chả' };
const HINT_COOKIE = 'mn_view';

interface CartReply {
  data: { item_count: number };
}

// The browser API the page functions below use; the e2e tsconfig has no DOM library.
declare const localStorage: { setItem(key: string, value: string): void };

async function hintCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === HINT_COOKIE)?.value;
}

/** The address the cookie names, once the app has written one (null: none, or no cookie). */
async function hintAddress(context: BrowserContext): Promise<string | null> {
  const value = await hintCookie(context);
  if (!value) return null;
  const hint = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as {
    location: { address: string | null } | null;
  };
  return hint.location?.address ?? null;
}

/**
 * A new customer delivering to Quán Cô Lan 24h's street (stored as the address dialog would),
 * once the app has written both into the cookie (at start, and on every change). The address.
 */
async function signInNearComTam(
  page: Page,
  request: APIRequestContext,
  context: BrowserContext,
  testId: string,
): Promise<string> {
  await signInAsNewCustomer(page, request, testId);
  const { restaurant } = seeded(COM_TAM);
  await page.evaluate((place) => localStorage.setItem('userLocation', JSON.stringify(place)), {
    lat: restaurant.lat,
    lon: restaurant.lon,
    address: restaurant.address,
  });
  await page.reload();
  await expect.poll(() => hintAddress(context)).toBe(restaurant.address);
  return restaurant.address;
}

/**
 * Notes the screen's elements as the HTML brought them, and collects every error: hydration
 * keeps those very elements, where a mismatch would be reported and the screen drawn again.
 */
async function watchScreen(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The one error this spec causes itself: the app reports the blocked service worker.
    if (message.text().startsWith('Service worker registration failed')) return;
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript({
    content: `
      document.addEventListener('DOMContentLoaded', () => {
        window.serverScreen = [
          ...document.querySelectorAll('#root header, #root main, #root h1, #root img, #root form'),
        ];
      });`,
  });
  return errors;
}

/** How many of the HTML's screen elements are on the page, and how many are gone. */
function serverScreenKept(page: Page): Promise<{ kept: number; gone: number }> {
  return page.evaluate(`({
    kept: window.serverScreen.filter((node) => node.isConnected).length,
    gone: window.serverScreen.filter((node) => !node.isConnected).length,
  })`);
}

test.describe('screens the server renders for a signed-in customer', () => {
  test('the home arrives with the dishes near the stored address and is taken over in place', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const address = await signInNearComTam(page, request, context, testInfo.testId);

    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain('id="splash"');
    expect(html).toMatch(/<html [^>]*data-server-rendered/);
    expect(html).toContain(`>${COM_TAM.name}<`);
    expect(html).toContain(`>${address.slice(0, 10)}`);
    expect(html).toContain('id="mn-server-state"');

    const errors = await watchScreen(page);
    // Only the HTML's own request for the dishes: the early request of index.html is not sent.
    const dishRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/food\/\?/.test(req.url())) dishRequests.push(req.url());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    const dishes = page.getByRole('region', { name: vi.home.dishes });
    await expect(
      dishes.getByRole('link', { name: new RegExp(COM_TAM.name) }).first(),
    ).toBeVisible();
    // React runs the screen: the address button opens the dialog.
    await page.getByRole('button', { name: vi.home.updateAddressLabel }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await serverScreenKept(page)).toEqual({ kept: expect.any(Number), gone: 0 });
    expect((await serverScreenKept(page)).kept).toBeGreaterThan(4);
    expect(dishRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a dish page arrives rendered, and a press before the scripts ran adds to the cart once', async ({
    page,
    request,
    context,
  }, testInfo) => {
    await signInAsNewCustomer(page, request, testInfo.testId);
    await expect.poll(() => hintCookie(context)).toBeTruthy();
    const id = await dishId(request, COM_TAM);

    const html = await (await page.request.get(`/food/${id}`)).text();
    expect(html).not.toContain('id="splash"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${COM_TAM.name}</h1>`));

    const errors = await watchScreen(page);
    // The scripts arrive only when the test lets them, as on a slow link: the dish is on the
    // screen long before, and its button pressed meanwhile is pressed again once they have run.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/food/${id}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: COM_TAM.name })).toBeVisible();
    await page.getByRole('button', { name: vi.cart.addToCart }).click();
    await page.getByRole('button', { name: vi.cart.addToCart }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', '');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // Pressed twice, added once: only the first press was kept.
    const toppings = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
    await toppings.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
    await expect(page.getByRole('alert').filter({ hasText: vi.cart.added })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(
        async () =>
          ((await apiAsUser(page, '/api/customer/cart/')).body as CartReply).data.item_count,
      )
      .toBe(1);
    expect(await serverScreenKept(page)).toEqual({ kept: expect.any(Number), gone: 0 });
    expect((await serverScreenKept(page)).kept).toBeGreaterThan(4);
    expect(errors).toEqual([]);

    // A dish the server does not show gets the app shell; the browser then says it is gone.
    const missing = await (await page.request.get('/food/2147483647')).text();
    expect(missing).toContain('id="splash"');
  });

  test('a cookie out of date is drawn again from what the device stores, then brought up to date', async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    const address = await signInNearComTam(page, request, context, testInfo.testId);
    const current = (await hintCookie(context))!;

    // As if the address had been changed while no page of the app was open to say so: the
    // cookie still names another place.
    const stale = JSON.parse(Buffer.from(current, 'base64url').toString('utf8')) as {
      location: { lat: number; lon: number; address: string };
    };
    stale.location = { lat: 21.0285, lon: 105.8542, address: 'Hồ Hoàn Kiếm, Hà Nội' };
    await context.addCookies([
      {
        name: HINT_COOKIE,
        value: Buffer.from(JSON.stringify(stale)).toString('base64url'),
        url: baseURL!,
      },
    ]);
    expect(await (await page.request.get('/')).text()).toContain('Hồ Hoàn Kiếm');

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.getByText(address.slice(0, 20))).toBeVisible();
    await expect(page.getByText('Hồ Hoàn Kiếm')).toHaveCount(0);
    await expect.poll(() => hintCookie(context)).toBe(current);
    expect(errors).toEqual([]);

    // Signing out takes the cookie away: nothing of this customer is drawn for the next visitor.
    await page.getByRole('button', { name: vi.layout.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => hintCookie(context)).toBeUndefined();
  });
});
