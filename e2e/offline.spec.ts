import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Cart } from '../contract/cart';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  dishId,
  seeded,
  signInAsDemoOwner,
  signInAsNewCustomer,
  waitForControllingServiceWorker,
} from './helpers';

// Design.md section 6 in the browser: the app opened without network after a signed-in visit
// shows what the user last saw from the persisted query cache and the service worker's caches,
// says it is offline, refuses network-only actions in Vietnamese, and catches up when the
// network returns. The persisted cache belongs to one user and goes with their sign-out.

// Runs inside the page; the e2e tsconfig has no DOM library.
declare const localStorage: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};
declare const indexedDB: {
  open(name: string): {
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
    result: {
      transaction(store: string): {
        objectStore(store: string): {
          getAll(): { onsuccess: (() => void) | null; result: unknown[] };
        };
      };
      close(): void;
    };
  };
};
declare function fetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
): Promise<{ status: number; json(): Promise<unknown> }>;

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

const COM_TAM = { restaurant: 'Quán Cô Lan 24h', name: 'Cơm tấm sườn bì chả' };
const BANH_MI = { restaurant: 'Quán Cô Lan 24h', name: 'Bánh mì' };

/** Everything the persisted query cache holds on this device, every user's record as text. */
async function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const request = indexedDB.open('mon-ngon');
        request.onerror = () => reject(new Error('cannot open the query cache database'));
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.join('\n'));
          };
        };
      }),
  );
}

/**
 * Waits until the persisted cache holds `marker`. Saves are throttled to one a second, so a
 * screen left sooner than that (a full page load in a test) would otherwise not be in it.
 */
async function expectPersisted(page: Page, ...markers: string[]): Promise<void> {
  for (const marker of markers) {
    await expect
      .poll(() => persistedCache(page), { message: `${marker} in the persisted cache` })
      .toContain(marker);
  }
}

/** Delivers to Quán Cô Lan 24h's street, so its dishes lead the home grid. */
async function setAddressNearColan(page: Page): Promise<void> {
  const { restaurant } = seeded(COM_TAM);
  await page.evaluate(
    (location) => localStorage.setItem('userLocation', JSON.stringify(location)),
    { lat: restaurant.lat, lon: restaurant.lon, address: restaurant.address },
  );
}

async function addToCart(page: Page, foodId: number): Promise<void> {
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  const toppings = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await toppings.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toppings).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: vi.cart.added })).toBeVisible();
}

/**
 * The phone on /profile. A new customer's profile is incomplete, so the page shows its details
 * and then sends them on to the edit form (spec 2.15), where the phone is the field's value.
 */
async function expectProfilePhone(page: Page, phone: string): Promise<void> {
  const details = page.getByRole('definition').filter({ hasText: phone });
  const field = page.getByRole('textbox', { name: vi.profile.phone });
  await expect(details.or(field).first()).toBeVisible();
  if (await field.isVisible()) await expect(field).toHaveValue(phone);
}

/** A dish card's picture that really loaded (a failed one is replaced by a placeholder). */
async function expectLoadedPicture(card: ReturnType<Page['getByRole']>): Promise<void> {
  const picture = card.locator('img');
  await expect(picture).toBeVisible();
  await expect
    .poll(() =>
      picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBeGreaterThan(0);
}

test('a signed-in customer opens the app offline, sees their last data and catches up online', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const quantity = (p: Page, name: string) =>
    p.getByRole('status', { name: vi.cart.quantityOf(name), exact: true });

  const phone = await signInAsNewCustomer(page, request, testInfo.testId);
  const [comTamId, banhMiId] = await Promise.all([
    dishId(request, COM_TAM),
    dishId(request, BANH_MI),
  ]);
  await setAddressNearColan(page);
  await page.reload();
  await waitForControllingServiceWorker(page);

  // --- Online: an order placed, a dish in the cart, every screen seen once ---
  await addToCart(page, banhMiId);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: vi.checkout.address }).fill('36 Hàng Bạc, Hoàn Kiếm');
  await page.getByRole('textbox', { name: vi.checkout.phone }).fill(phone);
  await page.getByRole('button', { name: vi.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText(vi.orders.status.pending).first()).toBeVisible();
  await expectPersisted(page, `"queryKey":["orders","detail","customer",${orderId}]`);

  await addToCart(page, comTamId);
  await expect(page.getByRole('heading', { name: COM_TAM.name }).first()).toBeVisible();
  await expectPersisted(page, `"queryKey":["food","detail",${comTamId}]`);

  await page.goto('/');
  const firstCard = page.getByRole('main').getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const firstDish = (await firstCard.getByRole('heading').first().textContent())!.trim();
  await expectLoadedPicture(firstCard);
  await expectPersisted(page, '"queryKey":["dishes","nearby"');

  await page.goto('/cart');
  await expect(quantity(page, COM_TAM.name)).toHaveText('1');
  await page.goto('/orders');
  await expect(
    page.getByRole('link', { name: new RegExp(vi.orders.orderNumber(orderId)) }),
  ).toBeVisible();
  await expectPersisted(page, '"queryKey":["orders","list","customer"');
  await page.goto('/profile');
  await expectProfilePhone(page, phone);
  await expectPersisted(page, `"phone":"${phone}"`, `"food_name":"${COM_TAM.name}"`);

  // --- Offline: the app opened anew ---
  await context.setOffline(true);
  const offline = await context.newPage();
  const start = await offline.goto('/');
  expect(start?.fromServiceWorker(), 'the service worker served the app').toBe(true);
  await expect(offline.getByText(vi.offline.banner)).toBeVisible();
  const card = offline
    .getByRole('main')
    .getByRole('article')
    .filter({ has: offline.getByRole('heading', { name: firstDish, exact: true }) })
    .first();
  await expect(card).toBeVisible();
  await expectLoadedPicture(card);

  await offline.goto(`/food/${comTamId}`);
  await expect(offline.getByRole('heading', { name: COM_TAM.name }).first()).toBeVisible();

  await offline.goto('/cart');
  await expect(quantity(offline, COM_TAM.name)).toHaveText('1');

  await offline.goto('/checkout');
  await expect(offline.getByText(vi.checkout.needsNetwork)).toBeVisible();
  await expect(offline.getByRole('button', { name: vi.checkout.placeOrder })).toBeDisabled();

  await offline.goto('/orders');
  const orderLink = offline.getByRole('link', { name: new RegExp(vi.orders.orderNumber(orderId)) });
  await expect(orderLink).toBeVisible();
  await orderLink.click();
  await expect(offline.getByRole('button', { name: vi.orders.cancel })).toBeDisabled();
  await expect(offline.getByText(vi.orders.cancelNeedsNetwork)).toBeVisible();

  await offline.goto('/profile');
  await expectProfilePhone(offline, phone);
  await expect(offline.getByText(vi.offline.banner)).toBeVisible();

  // --- A change made offline waits in the outbox, then the network returns ---
  await offline.goto('/cart');
  await offline.getByRole('button', { name: vi.cart.increase(COM_TAM.name) }).click();
  await expect(quantity(offline, COM_TAM.name)).toHaveText('2');
  await expect(offline.getByText(vi.cart.pendingSync).first()).toBeVisible();

  await context.setOffline(false);
  await expect(offline.getByText(vi.offline.banner)).toBeHidden();
  await expect(offline.getByText(vi.cart.pendingSync)).toHaveCount(0, { timeout: 20_000 });
  const cart = (await apiAsUser(offline, '/api/customer/cart/')).body as { data: Cart };
  expect(cart.data.items).toEqual([
    expect.objectContaining({ food_name: COM_TAM.name, quantity: 2 }),
  ]);
  await offline.goto('/checkout');
  await expect(offline.getByRole('button', { name: vi.checkout.placeOrder })).toBeEnabled();
  await expect(offline.getByText(vi.checkout.needsNetwork)).toBeHidden();
});

test("after sign-out nothing of the first customer's data is left for the next one", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const first = await signInAsNewCustomer(page, request, `${testInfo.testId}:first`);
  await waitForControllingServiceWorker(page);
  await addToCart(page, await dishId(request, COM_TAM));
  await page.goto('/profile');
  await expectProfilePhone(page, first);
  await expectPersisted(page, first);

  // Signed out and the app closed at once, before any later save could empty the record.
  await page.getByRole('button', { name: vi.layout.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect.poll(() => persistedCache(page)).not.toContain(first);

  const second = await signInAsNewCustomer(page, request, `${testInfo.testId}:second`);
  await page.goto('/profile');
  await expectProfilePhone(page, second);
  await expect(page.getByText(first)).toHaveCount(0);
  await expectPersisted(page, second);

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/profile');
  await expect(offline.getByText(vi.offline.banner)).toBeVisible();
  await expectProfilePhone(offline, second);
  await expect(offline.getByText(first)).toHaveCount(0);
  await offline.goto('/cart');
  await expect(offline.getByRole('heading', { name: vi.cart.title, exact: true })).toBeVisible();
  await expect(offline.getByText(COM_TAM.name)).toHaveCount(0);
  expect(await persistedCache(offline)).not.toContain(first);
});

async function customerPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return context.newPage();
}

/**
 * A paid order at Quán Cô Lan 24h (staff only list paid orders) by a new customer: placed
 * through the API from their page, the empty wallet's shortfall paid in the VNPay sandbox.
 */
async function paidOrderAtColan(page: Page, foodId: number): Promise<number> {
  const post = (url: string, body: unknown) =>
    page.evaluate(
      async ([target, json]) => {
        const tokens = JSON.parse(localStorage.getItem('tokens') ?? '{}') as {
          access_token?: string;
        };
        const res = await fetch(target, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${tokens.access_token}`,
          },
          body: JSON.stringify(json),
        });
        return { status: res.status, body: await res.json() };
      },
      [url, body] as const,
    );
  const added = await post('/api/customer/cart/add/', { food_id: foodId, quantity: 1 });
  expect(added.status).toBeLessThan(300);
  const order = await post('/api/customer/orders/', {
    delivery_address: '36 Hàng Bạc, Hoàn Kiếm',
    delivery_phone: '0912 345 678',
  });
  expect(order.status).toBeLessThan(300);
  const orderId = (order.body as { data: { id: number } }).data.id;
  const pay = await post('/api/payment/order/pay/', { order_id: orderId });
  const paymentUrl = (pay.body as { data: { payment_url?: string } }).data.payment_url;
  expect(paymentUrl, 'an empty wallet pays through VNPay').toBeTruthy();
  await page.goto(paymentUrl!);
  await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await expect(page.getByRole('status').getByText(vi.paymentResult.success)).toBeVisible();
  return orderId;
}

test('staff who saw their orders and menu see them offline too', async ({
  page,
  context,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = await customerPage(browser, testInfo);
  await signInAsNewCustomer(customer, request, testInfo.testId);
  const orderId = await paidOrderAtColan(customer, await dishId(request, COM_TAM));
  await customer.context().close();

  await signInAsDemoOwner(page);
  await waitForControllingServiceWorker(page);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: vi.orders.staffTitle })).toBeVisible();
  const order = (p: Page) =>
    p.getByRole('link', { name: new RegExp(vi.orders.orderNumber(orderId)) });
  await expect(order(page)).toBeVisible();
  await expectPersisted(page, '"queryKey":["orders","list","staff","all"]');
  await page.goto('/staff/menu');
  const dishes = (p: Page) => p.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(dishes(page).first()).toBeVisible();
  const menu = await dishes(page).allTextContents();
  expect(menu.length).toBeGreaterThan(1);
  // The list's own key: a dish's name alone also shows in the dashboard's persisted figures,
  // which are saved before the menu's page is.
  await expectPersisted(page, '"queryKey":["staff","foods","list"', `"name":"${menu[0]}"`);

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/orders');
  await expect(offline.getByText(vi.offline.banner)).toBeVisible();
  await expect(offline.getByRole('heading', { name: vi.orders.staffTitle })).toBeVisible();
  await expect(order(offline)).toBeVisible();

  // The menu's chunk is not precached: the service worker kept it when it was first opened.
  const menuChunk = offline.waitForResponse((r) =>
    /\/assets\/staff-menu-page-[^/]+\.js$/.test(r.url()),
  );
  await offline.goto('/staff/menu');
  expect((await menuChunk).fromServiceWorker()).toBe(true);
  await expect(dishes(offline)).toHaveText(menu);
});
