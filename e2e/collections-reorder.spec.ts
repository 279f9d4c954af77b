import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Cart } from '../contract/cart';
import { reorderReasons } from '../contract/reorder';
import { vi } from '../src/i18n/vi';
import {
  DEMO_OWNER,
  codeFromOutbox,
  dishId,
  payInSandbox,
  placeOrder,
  price,
  seeded,
  signInAsDemoOwner,
  signInAsNewCustomer,
  toast,
} from './helpers';

// Coming back to the app, on the built app and the real server: a customer saves a dish and a
// restaurant with the hearts on one device and finds both on /collections on another (a second
// browser context, signed in with a fresh code), an unsave and a heart pressed offline reaching
// the other device; a completed order of two dishes ordered again with 'Đặt lại' after the
// owner switched one of them off, over a cart of another restaurant, with the notice for the
// missing dish on the cart and the rest paid from the wallet; and the demo owner's dashboard on
// a fresh server, lived in: this month's revenue above zero and a chart of days with orders.
//
// The reorder switches a dish of the demo owner's restaurant off, one no other journey uses, and
// back on whatever happens, so this spec runs among the other journeys.

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

// The e2e tsconfig has no DOM library; the one browser global used in the page is declared.
declare const localStorage: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

/** Saved with the hearts; any restaurant would do, this one is open around the clock. */
const SAVED_DISH = { restaurant: 'Phở & Bún 24h Phố Cổ', name: 'Bún chả Hà Nội' };
/** Another dish of it, hearted offline. */
const OFFLINE_DISH = { restaurant: 'Phở & Bún 24h Phố Cổ', name: 'Phở bò' };
/** The order that comes back: two dishes of the demo owner's restaurant no other journey uses. */
const KEPT = { restaurant: 'Quán Cô Lan 24h', name: 'Cháo gà xé phay' };
const SWITCHED_OFF = { restaurant: 'Quán Cô Lan 24h', name: 'Gà rán giòn' };
/** In the cart when 'Đặt lại' is pressed: another restaurant's dish. */
const OTHER = { restaurant: 'Phở & Bún 24h Phố Cổ', name: 'Phở bò' };
const DEPOSIT = 200_000;

// The words and selectors of the screens this journey walks, in one place: the hearts, the
// collection screen, the order's 'Đặt lại' and the cart's notices.
const UI = {
  saveDish: 'Lưu món vào bộ sưu tập',
  saveRestaurant: 'Lưu quán vào bộ sưu tập',
  collectionsPath: '/collections',
  collectionsTitle: 'Bộ sưu tập',
  dishesTab: 'Món yêu thích',
  restaurantsTab: 'Quán yêu thích',
  reorder: 'Đặt lại',
  noticesTitle: 'Một số món đã thay đổi',
  switchRestaurant: vi.cart.switchRestaurant,
  switchConfirm: vi.cart.switchConfirm,
};

const DELIVERY = {
  delivery_address: '45 Lý Tự Trọng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  delivery_phone: '0912 345 678',
};

/** The order screen's status (its info list), not the progress step of the same name. */
const statusOf = (page: Page, status: string) =>
  page.getByRole('definition').filter({ hasText: new RegExp(`^${status}$`) });

/** A dish card in `scope` (the page, or a part of it), by its name. */
const dishCard = (scope: Page | Locator, name: string) =>
  scope
    .getByRole('article')
    .filter({
      has: ('page' in scope ? scope.page() : scope).getByRole('heading', { name, exact: true }),
    })
    .first();

/** The signed-in user's access token, as the app keeps it. */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('tokens') ?? '{}') as { access_token?: string })
        .access_token,
  );
  expect(token, 'a signed-in access token').toBeTruthy();
  return token!;
}

/** One API call with a bearer token; fails the test on anything but a success. */
async function call<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const reply = await request.fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await reply.json()) as { data: T; message?: string };
  expect(reply.ok(), `${method} ${path}: ${reply.status()} ${body.message ?? ''}`).toBe(true);
  return body.data;
}

/** The demo owner's access token, from the staff sign-in. */
async function ownerToken(request: APIRequestContext): Promise<string> {
  const reply = await call<{ tokens: { access_token: string } }>(
    request,
    null,
    'POST',
    '/api/auth/staff/login/',
    { username: DEMO_OWNER.username, password: DEMO_OWNER.password },
  );
  return reply.tokens.access_token;
}

/** Delivery near `spec`'s restaurant, stored as the address dialog would. */
async function deliverNear(page: Page, spec: { restaurant: string; name: string }) {
  const { restaurant } = seeded(spec);
  await page.evaluate(
    (location) => localStorage.setItem('userLocation', JSON.stringify(location)),
    { lat: restaurant.lat, lon: restaurant.lon, address: restaurant.address },
  );
}

/** The same customer on another device: /login with the phone and a fresh code. */
async function signInAgain(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  const text = vi.auth.customer;
  await page.goto('/login');
  await page.getByLabel(text.phone).fill(phone);
  await page.getByRole('button', { name: text.getCode }).click();
  await expect(page.getByText(text.codeSent)).toBeVisible();
  await page.getByLabel(text.code).fill(await codeFromOutbox(request, phone));
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens /collections on `tab`; the panel shown. */
async function collectionTab(page: Page, tab: string): Promise<Locator> {
  await expect(page.getByRole('heading', { name: UI.collectionsTitle, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** The dish the reorder journey switched off, until it is switched back on after the tests. */
let switchedOff: number | null = null;

// The demo owner's menu as it was, for the journeys after this one: in a hook of its own, so a
// journey that failed or ran out of time still leaves the dish on sale.
test.afterAll(async ({ playwright }, testInfo) => {
  if (switchedOff === null) return;
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const owner = await ownerToken(api);
    const food = await call<{ available: boolean }>(
      api,
      owner,
      'GET',
      `/api/staff/foods/${switchedOff}/`,
    );
    if (!food.available) {
      const back = await call<{ available: boolean }>(
        api,
        owner,
        'PUT',
        `/api/staff/foods/${switchedOff}/toggle/`,
      );
      expect(back.available).toBe(true);
    }
    switchedOff = null;
  } finally {
    await api.dispose();
  }
});

test('hearts saved on one device are the collection on another, online and offline', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { restaurant } = seeded(SAVED_DISH);
  const foodId = await dishId(request, SAVED_DISH);
  const food = await call<{ restaurant: { id: number } }>(
    request,
    null,
    'GET',
    `/api/food/${foodId}/`,
  );

  // --- The first device: a dish and its restaurant saved on the restaurant's page ---
  const phone = await signInAsNewCustomer(page, request, testInfo.testId);
  await deliverNear(page, SAVED_DISH);
  await page.goto(`/restaurant/${food.restaurant.id}`);
  const dishHeart = dishCard(page, SAVED_DISH.name).getByRole('button', { name: UI.saveDish });
  await expect(dishHeart).toHaveAttribute('aria-pressed', 'false');
  await dishHeart.click();
  await expect(dishHeart).toHaveAttribute('aria-pressed', 'true');
  const restaurantHeart = page.getByRole('button', { name: UI.saveRestaurant });
  await expect(restaurantHeart).toHaveAttribute('aria-pressed', 'false');
  await restaurantHeart.click();
  await expect(restaurantHeart).toHaveAttribute('aria-pressed', 'true');

  // --- Another device, nothing shared with the first but the account ---
  const otherContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  try {
    const other = await otherContext.newPage();
    await signInAgain(other, request, phone);
    await deliverNear(other, SAVED_DISH);
    await other.goto(UI.collectionsPath);
    let panel = await collectionTab(other, UI.dishesTab);
    await expect(dishCard(panel, SAVED_DISH.name)).toBeVisible();
    await expect(
      dishCard(panel, SAVED_DISH.name).getByRole('button', { name: UI.saveDish }),
    ).toHaveAttribute('aria-pressed', 'true');
    panel = await collectionTab(other, UI.restaurantsTab);
    await expect(panel.getByText(restaurant.name).first()).toBeVisible();

    // --- Unsaved on the first device: gone from the other after a reload ---
    await restaurantHeart.click();
    await expect(restaurantHeart).toHaveAttribute('aria-pressed', 'false');
    await other.reload();
    panel = await collectionTab(other, UI.restaurantsTab);
    await expect(panel.getByText(restaurant.name)).toHaveCount(0);
    panel = await collectionTab(other, UI.dishesTab);
    await expect(dishCard(panel, SAVED_DISH.name)).toBeVisible();

    // --- A heart pressed without network shows pressed, and reaches the server once online ---
    await context.setOffline(true);
    const offlineHeart = dishCard(page, OFFLINE_DISH.name).getByRole('button', {
      name: UI.saveDish,
    });
    await expect(offlineHeart).toHaveAttribute('aria-pressed', 'false');
    await offlineHeart.click();
    await expect(offlineHeart).toHaveAttribute('aria-pressed', 'true');
    await context.setOffline(false);
    await expect(async () => {
      await other.reload();
      const dishes = await collectionTab(other, UI.dishesTab);
      await expect(dishCard(dishes, OFFLINE_DISH.name)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(offlineHeart).toHaveAttribute('aria-pressed', 'true');

    // Saved once: the replay did not add it twice.
    const token = await accessToken(other);
    const favorites = await call<{ foods: { name: string }[]; restaurants: unknown[] }>(
      request,
      token,
      'GET',
      '/api/customer/favorites/',
    );
    expect(favorites.foods.map((f) => f.name)).toEqual([OFFLINE_DISH.name, SAVED_DISH.name]);
    expect(favorites.restaurants).toEqual([]);
  } finally {
    await otherContext.close();
  }
});

test("'Đặt lại' brings a completed order back over another restaurant's cart, with a notice for the dish switched off, and the rest is paid", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const kept = seeded(KEPT).dish;
  const [keptId, offId, otherId] = await Promise.all([
    dishId(request, KEPT),
    dishId(request, SWITCHED_OFF),
    dishId(request, OTHER),
  ]);

  // --- A customer with money in the wallet (a top-up in the VNPay popup) ---
  await signInAsNewCustomer(page, request, testInfo.testId);
  await deliverNear(page, KEPT);
  await page.goto('/payment/deposit');
  await page.getByLabel(vi.wallet.amount).fill(String(DEPOSIT));
  const depositPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: vi.wallet.createDeposit }).click();
  await payInSandbox(await depositPopup, DEPOSIT);
  await expect(toast(page, vi.wallet.deposited)).toBeVisible();
  const customer = await accessToken(page);

  // --- Their first order, of the two dishes, paid from the wallet and completed by the owner ---
  for (const food_id of [keptId, offId]) {
    await call(request, customer, 'POST', '/api/customer/cart/add/', { food_id, quantity: 1 });
  }
  const { id: orderId } = await call<{ id: number }>(
    request,
    customer,
    'POST',
    '/api/customer/orders/',
    DELIVERY,
  );
  const pay = { order_id: orderId };
  const paid = await call<{ status: string }>(
    request,
    customer,
    'POST',
    '/api/payment/order/pay/',
    pay,
  );
  expect(paid.status).toBe('paid');
  const owner = await ownerToken(request);
  for (const step of ['accept', 'done', 'complete']) {
    await call(request, owner, 'PUT', `/api/staff/orders/${orderId}/${step}/`);
  }

  // --- Meanwhile the kitchen switches one of the two dishes off ---
  const switched = await call<{ available: boolean }>(
    request,
    owner,
    'PUT',
    `/api/staff/foods/${offId}/toggle/`,
  );
  switchedOff = offId;
  expect(switched.available).toBe(false);
  // The cart holds another restaurant's dish when 'Đặt lại' is pressed.
  await call(request, customer, 'POST', '/api/customer/cart/add/', {
    food_id: otherId,
    quantity: 1,
  });

  await page.goto(`/orders/${orderId}`);
  await expect(statusOf(page, vi.orders.status.completed)).toBeVisible();
  await page.getByRole('button', { name: UI.reorder, exact: true }).click();
  const question = page.getByRole('dialog').filter({ hasText: UI.switchRestaurant });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: UI.switchConfirm }).click();

  // --- The cart: the notice for the dish switched off, the other dish alone in it ---
  await expect(page).toHaveURL(/\/cart$/);
  const notices = page.getByRole('alert').filter({ hasText: UI.noticesTitle });
  await expect(notices).toBeVisible();
  await expect(
    notices.getByText(reorderReasons.gone(SWITCHED_OFF.name), { exact: true }),
  ).toBeVisible();
  await expect(notices).not.toContainText(KEPT.name);
  await expect(
    page.getByRole('status', { name: vi.cart.quantityOf(KEPT.name), exact: true }),
  ).toHaveText('1');
  await expect(page.getByRole('button', { name: vi.cart.remove(OTHER.name) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: vi.cart.remove(SWITCHED_OFF.name) })).toHaveCount(
    0,
  );
  const cart = await call<Cart>(request, customer, 'GET', '/api/customer/cart/');
  expect(cart.items.map((i) => [i.food_name, i.quantity])).toEqual([[KEPT.name, 1]]);
  expect(cart.subtotal).toBe(kept.price);

  // --- The rest paid from the wallet: the new order's page ---
  await placeOrder(page);
  await expect(toast(page, vi.payment.paid)).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const secondId = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
  expect(secondId).not.toBe(orderId);
  await expect(statusOf(page, vi.orders.status.paid)).toBeVisible();
  await expect(page.getByText(price(kept.price)).first()).toBeVisible();
  const second = await call<{ status: string; items: { food_name: string }[] }>(
    request,
    customer,
    'GET',
    `/api/customer/orders/${secondId}/`,
  );
  expect(second.status).toBe('paid');
  expect(second.items.map((i) => i.food_name)).toEqual([KEPT.name]);
});

test("the demo owner's dashboard on a fresh server shows this month's revenue and days of orders", async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  await expect(page.getByRole('heading', { name: vi.dashboard.title })).toBeVisible();

  const revenue = page.getByRole('group', { name: vi.dashboard.revenue });
  await expect(revenue).toContainText(/\d[\d.]* ₫/);
  const figure = (await revenue.innerText()).replace(vi.dashboard.revenue, '').trim();
  expect(figure).not.toBe(price(0));
  expect(Number(figure.replace(/\D/g, ''))).toBeGreaterThan(0);

  // The chart's order bars: recharts draws a bar only for a day with orders. The month so far
  // (today aside, whose orders may not have come yet) has at least 20 such days.
  const chart = page.getByRole('region', { name: vi.dashboard.chartTitle });
  const dayOfMonth = Number(
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' }).format(
      new Date(),
    ),
  );
  const bars = chart.locator('.recharts-bar-rectangle path.recharts-rectangle');
  await expect
    .poll(() => bars.count(), { message: 'bars of days with orders in the chart' })
    .toBeGreaterThanOrEqual(Math.min(20, dayOfMonth - 1));
});
