import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  dishId,
  payInSandbox,
  placeOrderToPopup,
  seeded,
  signInAsDemoOwner,
  signInAsNewCustomer,
  toast,
  waitForControllingServiceWorker,
} from './helpers';

// The live journey on the built app and the real server: the demo owner's tablet waits on the
// orders list with its ringer on; a customer pays in the VNPay popup; the tablet shows the new
// order and rings without a reload; the owner accepts and the customer's open order page moves
// on by itself; the customer's bell counts the news and the inbox lists it; a push delivered to
// the service worker through the DevTools protocol shows a notification.

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

/** Quán Cô Lan 24h belongs to the demo owner and is open around the clock in the demo data. */
const BANH_MI = { restaurant: 'Quán Cô Lan 24h', name: 'Bánh mì' };

/** The order screen's status (its info list), not the progress step of the same name. */
const statusOf = (page: Page, status: string) =>
  page.getByRole('definition').filter({ hasText: new RegExp(`^${status}$`) });

// The page's globals the scripts below touch (this file compiles without the DOM library).
declare const window: { chimes?: number; pushTags?: string[] };
declare const AudioBufferSourceNode: {
  prototype: { start(this: unknown, ...args: unknown[]): void };
};
declare const navigator: {
  serviceWorker: {
    ready: Promise<{ getNotifications(): Promise<{ tag: string; title: string }[]> }>;
    addEventListener(
      type: 'message',
      listener: (event: { data?: { type?: string; payload?: { tag?: string } } }) => void,
    ): void;
  };
};

/** Counts every sound the page starts: the ringer plays its chime through Web Audio. */
function countChimes() {
  window.chimes = 0;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: unknown, ...args: unknown[]) {
    window.chimes = (window.chimes ?? 0) + 1;
    return start.apply(this, args);
  };
}

const chimes = (page: Page) => page.evaluate(() => window.chimes ?? 0);

test('a paid order rings the tablet, its acceptance reaches the customer live, the inbox and a push tell of it', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const banhMi = seeded(BANH_MI).dish;
  const foodId = await dishId(request, BANH_MI);

  // --- The demo owner's tablet: the orders list, live, with the sound on ---
  const ownerContext = await browser.newContext({
    baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport: { width: 1024, height: 768 },
  });
  await ownerContext.addInitScript(countChimes);
  const owner = await ownerContext.newPage();
  await signInAsDemoOwner(owner);
  await owner.getByRole('link', { name: vi.layout.orders }).first().click();
  await expect(owner).toHaveURL(/\/orders$/);
  const ringer = owner.getByRole('group', { name: vi.live.connection });
  await expect(ringer.getByText(vi.live.status.live)).toBeVisible();
  await ringer.getByRole('button', { name: vi.live.enableSound }).click();
  await expect(ringer.getByText(vi.live.soundOn)).toBeVisible();
  // Turning the sound on plays the chime once, so the kitchen hears how loud it is.
  await expect.poll(() => chimes(owner)).toBeGreaterThanOrEqual(1);

  // --- A new customer orders a Bánh mì and pays it in the VNPay popup ---
  await signInAsNewCustomer(page, request, testInfo.testId);
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  const dialog = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await dialog.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toast(page, vi.cart.added)).toBeVisible();
  const { popup, orderId } = await placeOrderToPopup(page);
  const chimesBeforePaid = await chimes(owner);
  await payInSandbox(popup, banhMi.price);
  await expect(statusOf(page, vi.orders.status.paid)).toBeVisible();

  // --- The tablet, never reloaded: the order is listed, a banner calls it, the chime rings ---
  const card = owner.getByRole('link').filter({ hasText: vi.orders.orderNumber(orderId) });
  await expect(card).toBeVisible();
  // Other journeys pay at this restaurant too, so the banner may name a newer order.
  await expect(owner.getByRole('alert').filter({ hasText: /Đơn mới #\d+/ })).toBeVisible();
  await expect.poll(() => chimes(owner)).toBeGreaterThan(chimesBeforePaid);
  await expect(owner).toHaveTitle(/^\(\d+\) /);

  // --- The owner opens it and accepts: the customer's page says so within 2 s ---
  await card.click();
  await expect(owner).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await owner.getByRole('button', { name: vi.orders.accept, exact: true }).click();
  await expect(toast(owner, vi.orders.accepted)).toBeVisible();
  await expect(statusOf(page, vi.orders.status.accepted)).toBeVisible({ timeout: 2_000 });
  await expect(
    toast(page, vi.live.orderToastTitle(orderId, vi.orders.status.accepted)),
  ).toBeVisible();
  await ownerContext.close();

  // --- The customer's bell counts the news; the inbox lists it and opens the order ---
  const accepted = `Quán đã nhận đơn #${orderId}`;
  const bell = page.getByRole('link', { name: vi.layout.notifications('1') });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: vi.inbox.title })).toBeVisible();
  const item = page.getByRole('link').filter({ hasText: accepted });
  await expect(item).toBeVisible();
  await expect(item.getByText(vi.inbox.unread)).toHaveCount(1);

  // --- A push for that notification, delivered to the service worker, is shown ---
  const inbox = await apiAsUser(page, '/api/notifications/?page=1&per_page=1');
  const latest = (inbox.body as { data: { items: { title: string; body: string; url: string }[] } })
    .data.items[0]!;
  expect(latest.title).toBe(accepted);
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await waitForControllingServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // The worker tells open windows of each push it handles: a failure below then says whether
  // the push reached the worker or only its notification is missing.
  await page.evaluate(() => {
    window.pushTags = [];
    navigator.serviceWorker.addEventListener('message', ({ data }) => {
      if (data?.type === 'push') window.pushTags!.push(data.payload?.tag ?? '');
    });
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: latest.title,
      body: latest.body,
      url: latest.url,
      tag: `order-${orderId}`,
    }),
  });
  await expect.poll(() => page.evaluate(() => window.pushTags)).toContain(`order-${orderId}`);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => `${n.tag}: ${n.title}`);
      }),
    )
    .toContain(`order-${orderId}: ${accepted}`);

  // The item opens its order, which is then read.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole('link', { name: vi.layout.notifications('1') })).toHaveCount(0);
});
