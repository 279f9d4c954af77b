import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Cart } from '../contract/cart';
import { WEEKDAYS } from '../contract/catalogue';
import { reorderReasons } from '../contract/reorder';
import type { RevenueSummary } from '../contract/revenue';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  dishId,
  payInSandbox,
  placeOrder,
  price,
  seeded,
  signInAsDemoOwner,
  signInAsNewCustomer,
  signInWithPhone,
  toast,
  uniquePhone,
} from './helpers';

// Coming back to the app, on the built app and the real server, as one customer's journey: they
// save a dish and a restaurant with the hearts (one of them pressed offline); the demo owner's
// dashboard on the fresh server is lived in (this month's revenue, a chart of days with orders);
// the customer's completed order of two dishes, one of which the kitchen has switched off
// since, comes back with 'Đặt lại' over a cart of another restaurant, the cart names the
// missing dish and the rest is paid from the wallet; then a second browser context (another
// device, signed in with a fresh code) finds the collection on /collections, and an unsave
// there shows on the first device after a reload.
//
// One test, because the server sends a phone a new code only 60 seconds after the last one:
// the hearts, the dashboard and the reorder fill that minute before the second device signs in.
//
// The order is made at a new restaurant, registered and approved through the API, far from the
// others: completing it at the demo owner's would pay into a wallet the money journey checks to
// the đồng, and switching a dish off there would change a menu other journeys order from. The
// demo owner's dashboard is only read.

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
/** The order that comes back: two dishes of the new restaurant; the kitchen switches one off. */
const KEPT = { name: 'Cơm gà xối mỡ', price: 55_000 };
const SWITCHED_OFF = { name: 'Canh chua cá lóc', price: 60_000 };
/**
 * The new restaurant's place, and the customer's delivery address: Ninh Kiều, Cần Thơ, a city
 * the demo data and the other journeys leave alone, so its dishes join no one's home grid.
 */
const PLACE = {
  address: '12 Hai Bà Trưng, Tân An, Ninh Kiều, Cần Thơ',
  lat: 10.0341,
  lon: 105.788,
};
const ALL_DAY = Object.fromEntries(
  WEEKDAYS.map((day) => [day, [{ open: '00:00', close: '24:00' }]]),
);
/** In the cart when 'Đặt lại' is pressed: another restaurant's dish. */
const OTHER = { restaurant: 'Phở & Bún 24h Phố Cổ', name: 'Phở bò' };
/** The new restaurant's owner, and the admin of the demo data who approves it. */
const PASSWORD = 'Com-nha-2026!';
const DEMO_ADMIN = { username: 'demo_admin', password: 'demo123456' };
const DEPOSIT = 200_000;
/** The server's wait between two codes sent to one phone (OTP_RESEND_SECONDS), and a margin. */
const RESEND_WAIT_MS = 61_000;

// The words and selectors of the screens this journey walks, in one place: the hearts, the
// collection screen, the order's 'Đặt lại' and the cart's notices.
const UI = {
  saveDish: vi.favorites.saveFood,
  saveRestaurant: vi.favorites.saveRestaurant,
  collectionsPath: '/collections',
  collectionsTitle: vi.collections.title,
  dishesTab: vi.collections.foodsTab,
  restaurantsTab: vi.collections.restaurantsTab,
  reorder: vi.orders.reorder,
  noticesTitle: vi.cart.reorderNotices,
  switchRestaurant: vi.cart.switchRestaurant,
  switchConfirm: vi.cart.switchConfirm,
};

const DELIVERY = { delivery_address: PLACE.address, delivery_phone: '0912 345 678' };

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

/** 'YYYY-MM-DD' in Asia/Ho_Chi_Minh, the restaurant's calendar. */
const isoDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(at);

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

/** A staff account's access token, from the staff sign-in. */
async function staffToken(
  request: APIRequestContext,
  account: { username: string; password: string },
): Promise<string> {
  const reply = await call<{ tokens: { access_token: string } }>(
    request,
    null,
    'POST',
    '/api/auth/staff/login/',
    account,
  );
  return reply.tokens.access_token;
}

/**
 * A new owner's restaurant open around the clock at PLACE, approved by the demo admin, with the
 * two dishes of the order: the owner's token and the dishes' ids.
 */
async function newRestaurant(request: APIRequestContext, testId: string) {
  const { phone } = uniquePhone(`${testId}-owner`);
  const salt = `${phone.slice(4)}${Math.floor(Math.random() * 100)}`;
  const account = { username: `quan_ve_lai_${salt}`, password: PASSWORD };
  const email = `quan.ve.lai.${salt}@example.com`;
  await call(request, null, 'POST', '/api/auth/staff/register/', {
    ...account,
    first_name: 'Lan',
    last_name: 'Phạm Thị',
    email,
    phone,
    address: PLACE.address,
  });
  const owner = await staffToken(request, account);
  const restaurant = await call<{ id: number }>(
    request,
    owner,
    'POST',
    '/api/staff/restaurant/create/',
    {
      name: `Cơm Nhà Về Lại ${salt}`,
      address: PLACE.address,
      phone: '0283 822 1234',
      email,
      opening_hours: ALL_DAY,
      lat: PLACE.lat,
      lon: PLACE.lon,
    },
  );
  const admin = await staffToken(request, DEMO_ADMIN);
  await call(request, admin, 'PUT', `/api/admin/restaurants/${restaurant.id}/approve/`);
  const dish = (food: { name: string; price: number }) =>
    call<{ id: number }>(request, owner, 'POST', '/api/staff/foods/', food);
  const kept = await dish(KEPT);
  const off = await dish(SWITCHED_OFF);
  return { owner, keptId: kept.id, offId: off.id };
}

/** Delivery to PLACE, stored as the address dialog would. */
async function deliverToPlace(page: Page) {
  await page.evaluate(
    (location) => localStorage.setItem('userLocation', JSON.stringify(location)),
    PLACE,
  );
}

/** /collections' tab `tab`, selected; the panel it shows. */
async function collectionTab(page: Page, tab: string): Promise<Locator> {
  await expect(page.getByRole('heading', { name: UI.collectionsTitle, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

test("a customer's collection on two devices, a reorder with a dish switched off and paid, and the demo dashboard lived in", async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const newDevice = () =>
    browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
  const { restaurant: savedRestaurant } = seeded(SAVED_DISH);
  const [savedId, otherId] = await Promise.all([
    dishId(request, SAVED_DISH),
    dishId(request, OTHER),
  ]);
  const saved = await call<{ restaurant: { id: number } }>(
    request,
    null,
    'GET',
    `/api/food/${savedId}/`,
  );

  // The first device signs in: the second may ask its own code a minute after this one.
  const phone = await signInAsNewCustomer(page, request, testInfo.testId);
  const secondCodeFrom = Date.now() + RESEND_WAIT_MS;
  await deliverToPlace(page);

  await test.step('hearts on a restaurant page: a dish, the restaurant, a dish offline', async () => {
    await page.goto(`/restaurant/${saved.restaurant.id}`);
    const dishHeart = dishCard(page, SAVED_DISH.name).getByRole('button', { name: UI.saveDish });
    await expect(dishHeart).toHaveAttribute('aria-pressed', 'false');
    await dishHeart.click();
    await expect(dishHeart).toHaveAttribute('aria-pressed', 'true');
    const restaurantHeart = page.getByRole('button', { name: UI.saveRestaurant });
    await expect(restaurantHeart).toHaveAttribute('aria-pressed', 'false');
    await restaurantHeart.click();
    await expect(restaurantHeart).toHaveAttribute('aria-pressed', 'true');

    // Without network the heart shows pressed at once; the press waits in the outbox.
    await context.setOffline(true);
    const offlineHeart = dishCard(page, OFFLINE_DISH.name).getByRole('button', {
      name: UI.saveDish,
    });
    await offlineHeart.click();
    await expect(offlineHeart).toHaveAttribute('aria-pressed', 'true');
    await context.setOffline(false);
    await expect(offlineHeart).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step("the demo owner's dashboard on the fresh server: revenue and days with orders", async () => {
    const ownerContext = await newDevice();
    try {
      const owner = await ownerContext.newPage();
      await signInAsDemoOwner(owner);
      await expect(owner.getByRole('heading', { name: vi.dashboard.title })).toBeVisible();

      // What the demo history gave the month and the last 30 days, today left out (journeys
      // running beside this one complete orders today).
      const now = new Date();
      const today = isoDay(now);
      const monthStart = `${today.slice(0, 8)}01`;
      const from30 = isoDay(new Date(now.getTime() - 30 * 24 * 3600 * 1000));
      const revenueOf = async (start: string) => {
        const reply = await apiAsUser(
          owner,
          `/api/staff/revenue/?start_date=${start}&end_date=${today}`,
        );
        expect(reply.status).toBe(200);
        const summary = (reply.body as { data: RevenueSummary }).data;
        return summary.daily_revenue.filter((d) => d.date !== today && d.orders > 0).length;
      };
      const monthDays = await revenueOf(monthStart);
      const lastDays = await revenueOf(from30);
      expect(lastDays, 'days with orders in the last 30 days').toBeGreaterThanOrEqual(20);
      // Three weeks into the month its chart has 20 days with orders; before, the days so far
      // (the history has a quiet day now and then).
      const dayOfMonth = Number(today.slice(8));
      expect(monthDays, 'days with orders this month').toBeGreaterThanOrEqual(
        Math.min(20, dayOfMonth - 4),
      );

      if (monthDays > 0) {
        const revenue = owner.getByRole('group', { name: vi.dashboard.revenue });
        await expect(revenue).toContainText(/\d ₫/);
        const figure = (await revenue.innerText()).replace(vi.dashboard.revenue, '').trim();
        expect(figure).not.toBe(price(0));
        expect(Number(figure.replace(/\D/g, ''))).toBeGreaterThan(0);
      }
      // The chart's order bars: recharts draws a bar for a day with orders, none for a day
      // without.
      const bars = owner
        .getByRole('region', { name: vi.dashboard.chartTitle })
        .locator('.recharts-bar-rectangle path.recharts-rectangle');
      await expect
        .poll(() => bars.count(), { message: 'bars of days with orders in the chart' })
        .toBeGreaterThanOrEqual(monthDays);
    } finally {
      await ownerContext.close();
    }
  });

  await test.step("'Đặt lại' over another restaurant's cart: the notice of the dish switched off, the rest paid", async () => {
    // Money in the wallet: a top-up in the VNPay popup.
    await page.goto('/payment/deposit');
    await page.getByLabel(vi.wallet.amount).fill(String(DEPOSIT));
    const depositPopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: vi.wallet.createDeposit }).click();
    await payInSandbox(await depositPopup, DEPOSIT);
    await expect(toast(page, vi.wallet.deposited)).toBeVisible();
    const customer = await accessToken(page);

    const { owner, keptId, offId } = await newRestaurant(request, testInfo.testId);

    // The first order, of the two dishes, paid from the wallet and completed by the kitchen.
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
    for (const step of ['accept', 'done', 'complete']) {
      await call(request, owner, 'PUT', `/api/staff/orders/${orderId}/${step}/`);
    }

    // Since then the kitchen switched one of the two dishes off.
    const switched = await call<{ available: boolean }>(
      request,
      owner,
      'PUT',
      `/api/staff/foods/${offId}/toggle/`,
    );
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

    // The cart: the notice of the dish switched off, the other dish alone in it.
    await expect(page).toHaveURL(/\/cart$/);
    const notices = page.getByRole('alert').filter({ hasText: UI.noticesTitle });
    await expect(notices).toBeVisible();
    await expect(notices.getByRole('listitem')).toHaveText([
      reorderReasons.gone(SWITCHED_OFF.name),
    ]);
    await expect(
      page.getByRole('status', { name: vi.cart.quantityOf(KEPT.name), exact: true }),
    ).toHaveText('1');
    await expect(page.getByRole('button', { name: vi.cart.remove(OTHER.name) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: vi.cart.remove(SWITCHED_OFF.name) })).toHaveCount(
      0,
    );
    const cart = await call<Cart>(request, customer, 'GET', '/api/customer/cart/');
    expect(cart.items.map((i) => [i.food_name, i.quantity])).toEqual([[KEPT.name, 1]]);
    expect(cart.subtotal).toBe(KEPT.price);

    // The rest paid from the wallet: the new order's page.
    await placeOrder(page);
    await expect(toast(page, vi.payment.paid)).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    const secondId = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
    expect(secondId).not.toBe(orderId);
    await expect(statusOf(page, vi.orders.status.paid)).toBeVisible();
    const second = await call<{ status: string; items: { food_name: string }[] }>(
      request,
      customer,
      'GET',
      `/api/customer/orders/${secondId}/`,
    );
    expect(second.status).toBe('paid');
    expect(second.items.map((i) => i.food_name)).toEqual([KEPT.name]);
  });

  await test.step('another device finds the collection; an unsave there shows on the first after a reload', async () => {
    // The server's 60-second rule between two codes to one phone: wait out what is left of it.
    const left = secondCodeFrom - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const otherContext = await newDevice();
    try {
      const other = await otherContext.newPage();
      await signInWithPhone(other, request, phone);
      await deliverToPlace(other);
      await other.goto(UI.collectionsPath);
      const dishes = await collectionTab(other, UI.dishesTab);
      for (const name of [SAVED_DISH.name, OFFLINE_DISH.name]) {
        await expect(
          dishCard(dishes, name).getByRole('button', { name: UI.saveDish }),
        ).toHaveAttribute('aria-pressed', 'true');
      }
      const restaurants = await collectionTab(other, UI.restaurantsTab);
      const card = restaurants.getByRole('article', { name: savedRestaurant.name });
      const heart = card.getByRole('button', { name: UI.saveRestaurant });
      await expect(heart).toHaveAttribute('aria-pressed', 'true');

      // Saved once each, the offline press replayed once, the newest first.
      const token = await accessToken(other);
      const before = await call<{ foods: { name: string }[]; restaurants: { name: string }[] }>(
        request,
        token,
        'GET',
        '/api/customer/favorites/',
      );
      expect(before.foods.map((f) => f.name)).toEqual([OFFLINE_DISH.name, SAVED_DISH.name]);
      expect(before.restaurants.map((r) => r.name)).toEqual([savedRestaurant.name]);

      await heart.click();
      await expect(
        restaurants.getByRole('button', { name: UI.saveRestaurant, pressed: true }),
      ).toHaveCount(0);
      await expect
        .poll(async () => {
          const after = await call<{ restaurants: unknown[] }>(
            request,
            token,
            'GET',
            '/api/customer/favorites/',
          );
          return after.restaurants.length;
        })
        .toBe(0);
    } finally {
      await otherContext.close();
    }
    await page.goto(`/restaurant/${saved.restaurant.id}`);
    await expect(page.getByRole('button', { name: UI.saveRestaurant })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(
      dishCard(page, SAVED_DISH.name).getByRole('button', { name: UI.saveDish }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
