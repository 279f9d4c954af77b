import {
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
import { WEEKDAYS } from '../contract/catalogue';
import { DEMO_RESTAURANTS } from '../server/seed/catalogue-data';
import { vi } from '../src/i18n/vi';

// What several journeys share: a fresh customer signed in through the dev SMS outbox, the
// service worker in control, a call of the API as the signed-in user.

// These functions run inside the page. The e2e tsconfig has no DOM library, so the little of the
// browser API they use is declared here, for this module only.
declare const navigator: {
  serviceWorker: {
    ready: Promise<unknown>;
    controller: { scriptURL: string; state: string } | null;
  };
};
declare const localStorage: { getItem(key: string): string | null };
declare function fetch(
  url: string,
  init: { method?: string; headers: Record<string, string> },
): Promise<{ status: number; json(): Promise<unknown> }>;

/**
 * Waits until the service worker is installed, active and controls the page. In prompt mode
 * without clientsClaim the first load is not controlled; one reload makes it so.
 */
export async function waitForControllingServiceWorker(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'))
    .toBe('activated');
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** GET an API path from inside the page with the signed-in user's access token. */
export async function apiAsUser(
  page: Page,
  path: string,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const tokens = JSON.parse(localStorage.getItem('tokens') ?? '{}') as { access_token?: string };
    const res = await fetch(url, {
      headers: { accept: 'application/json', authorization: `Bearer ${tokens.access_token}` },
    });
    return { status: res.status, body: await res.json() };
  }, path);
}

/**
 * A phone no other test (or earlier run against the same server) uses: codes are limited per
 * phone. 10 digits starting 09, plus the way people type it ('09xx xxx xxx').
 */
export function uniquePhone(testId: string): { phone: string; typedPhone: string } {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) % 10_000;
  const digits = `${String(hash).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  return {
    phone: `09${digits}`,
    typedPhone: `09${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
  };
}

/** The 6-digit code of the newest SMS sent to `phone`, from the development outbox. */
export async function codeFromOutbox(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
        if (!reply.ok()) return undefined;
        const body = (await reply.json()) as { data?: { items?: { text: string }[] } };
        code = /\b(\d{6})\b/.exec(body.data?.items?.[0]?.text ?? '')?.[1];
        return code;
      },
      { message: `an SMS with a 6-digit code for ${phone} in the dev outbox` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Signs a new customer in at /login with a phone and the code from the outbox; ends on / with
 * the success toast shown. Returns the phone used.
 */
export async function signInAsNewCustomer(
  page: Page,
  request: APIRequestContext,
  testId: string,
): Promise<string> {
  const { phone, typedPhone } = uniquePhone(testId);
  await signInWithPhone(page, request, phone, typedPhone);
  return phone;
}

/**
 * Signs the customer of `phone` in at /login (typed as `typedPhone`) with a fresh code from the
 * outbox, as on another device; ends on / with the success toast shown.
 */
export async function signInWithPhone(
  page: Page,
  request: APIRequestContext,
  phone: string,
  typedPhone = phone,
): Promise<void> {
  const text = vi.auth.customer;
  await page.goto('/login');
  await page.getByLabel(text.phone).fill(typedPhone);
  await page.getByRole('button', { name: text.getCode }).click();
  await expect(page.getByText(text.codeSent)).toBeVisible();
  await page.getByLabel(text.code).fill(await codeFromOutbox(request, phone));
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** The demo owner of the development seed (README, development only); owns Quán Cô Lan 24h. */
export const DEMO_OWNER = { username: 'demo_owner', password: 'demo123456', phone: '0900000002' };

/** Another person on another device: a browser context of its own, in Vietnam's locale and time. */
export async function newPage(
  browser: Browser,
  testInfo: TestInfo,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    ...(viewport ? { viewport } : {}),
  });
  return context.newPage();
}

/** Signs a staff-level account in at /staff/login and waits for the signed-in toast. */
export async function signInAsStaff(page: Page, username: string, password: string) {
  await page.goto('/staff/login');
  await page.getByLabel(vi.auth.staff.username).fill(username);
  await page.getByLabel(vi.auth.staff.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: vi.auth.staff.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
}

/** Signs the demo owner in at /staff/login; ends on the staff home. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto('/staff/login');
  await page.getByLabel(vi.auth.staff.username).fill(DEMO_OWNER.username);
  await page.getByLabel(vi.auth.staff.password, { exact: true }).fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: vi.auth.staff.submit }).click();
  await expect(page).toHaveURL(/\/$/);
}

export interface SeededDish {
  restaurant: string;
  name: string;
}

/** A dish of the demo catalogue and its restaurant, as seeded. */
export function seeded(spec: SeededDish) {
  const restaurant = DEMO_RESTAURANTS.find((r) => r.name === spec.restaurant);
  const dish = restaurant?.dishes.find((d) => d.name === spec.name);
  if (!restaurant || !dish) throw new Error(`${spec.restaurant} / ${spec.name} is not seeded`);
  return { restaurant, dish };
}

/** The dish's id, found the way a customer near the restaurant would: a search from there. */
export async function dishId(request: APIRequestContext, spec: SeededDish): Promise<number> {
  const { restaurant } = seeded(spec);
  const query = new URLSearchParams({
    q: spec.name,
    lat: String(restaurant.lat),
    lon: String(restaurant.lon),
    per_page: '10',
  });
  const reply = await request.get(`/api/search/?${query.toString()}`);
  expect(reply.ok()).toBe(true);
  const body = (await reply.json()) as {
    data: { items: { name: string; searched_foods: { id: number; name: string }[] }[] };
  };
  const food = body.data.items
    .find((r) => r.name === spec.restaurant)
    ?.searched_foods.find((f) => f.name === spec.name);
  if (!food) throw new Error(`no search result for ${spec.name} at ${spec.restaurant}`);
  return food.id;
}

const vnd = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
/** A price as the app shows it: '25.000 ₫'. */
export const price = (amount: number) => `${vnd.format(amount)} ${vi.format.currency}`;

/** A toast (or the same text shown in place) with `message`. */
export const toast = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).or(page.getByText(message)).first();

/** Fills the delivery form of /checkout and presses 'Đặt hàng và thanh toán'. */
export async function placeOrder(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page
    .getByRole('textbox', { name: vi.checkout.address })
    .fill('18 Lý Tự Trọng, Bến Nghé, Quận 1, TP. Hồ Chí Minh');
  await page.getByRole('textbox', { name: vi.checkout.phone }).fill('0912 345 678');
  await page.getByRole('button', { name: vi.checkout.placeOrder }).click();
}

/**
 * placeOrder with a wallet that cannot pay it all: the VNPay popup it opens, and the id of the
 * order page it leaves open.
 */
export async function placeOrderToPopup(page: Page): Promise<{ popup: Page; orderId: number }> {
  const popupOpened = page.waitForEvent('popup');
  await placeOrder(page);
  const popup = await popupOpened;
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  return { popup, orderId: Number(/\/orders\/(\d+)$/.exec(page.url())![1]) };
}

/**
 * The built-in VNPay sandbox in the payment popup: the amount shown, the success card (the
 * page's default) paid, our result page in the same window saying so, and the window closing
 * itself.
 */
export async function payInSandbox(popup: Page, amount: number): Promise<void> {
  await expect(popup.getByText(price(amount)).first()).toBeVisible();
  await popup.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await expect(popup).toHaveURL(/\/api\/payment\/vnpay\/return\/\?/);
  await expect(popup.getByRole('status').getByText(vi.paymentResult.success)).toBeVisible();
  await expect(popup.getByText(vi.paymentResult.amount(price(amount)))).toBeVisible();
  await popup.waitForEvent('close', { timeout: 15_000 });
}

/** The live stream stays open as long as someone is signed in: it never counts as loading. */
const isLiveStream = (url: string) => new URL(url).pathname === '/api/events/';

/**
 * Waits until the page has made no request for `quietMs`, the live stream aside. Playwright's
 * 'networkidle' never comes while a signed-in page holds its event stream open.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  const open = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (isLiveStream(request.url())) return;
    open.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(() => open.size === 0 && Date.now() - lastChange >= quietMs, { intervals: [100] })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** A new owner account through /register, as a restaurant owner fills it in; ends on /staff/login. */
export async function registerOwner(
  page: Page,
  account: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    password: string;
  },
): Promise<void> {
  const register = vi.auth.register;
  await page.goto('/register');
  await page.getByLabel(register.username).fill(account.username);
  await page.getByLabel(register.firstName, { exact: true }).fill(account.firstName);
  await page.getByLabel(register.lastName, { exact: true }).fill(account.lastName);
  await page.getByLabel(register.email).fill(account.email);
  await page.getByLabel(register.phone).fill(account.phone);
  await page.getByLabel(register.address).fill(account.address);
  await page.getByLabel(register.password, { exact: true }).fill(account.password);
  await page.getByLabel(register.confirmPassword, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: register.submit }).click();
  await expect(page).toHaveURL(/\/staff\/login$/, { timeout: 6000 });
}

/** On /staff/restaurant: every day 00:00 to 00:00 ('Cả ngày'), saved. */
export async function openAroundTheClock(page: Page): Promise<void> {
  const hours = vi.hoursEditor;
  for (const day of WEEKDAYS) {
    const name = vi.openingHours.weekdays[day];
    await page.getByLabel(hours.openLabel(name, 1)).fill('00:00');
    await page.getByLabel(hours.closeLabel(name, 1)).fill('00:00');
  }
  await expect(page.getByText(hours.allDay, { exact: true })).toHaveCount(7);
  await page.getByRole('button', { name: hours.save }).click();
  await expect(toast(page, hours.saved)).toBeVisible();
}
