import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { codeFromOutbox, DEMO_OWNER, uniquePhone } from './helpers';

// Runs inside the page; the e2e tsconfig has no DOM library.
declare const localStorage: { getItem(key: string): string | null };
interface PageElement {
  value: string;
  querySelector(selector: string): PageElement | null;
  dispatchEvent(event: unknown): boolean;
  click(): void;
}
declare const document: { querySelector(selector: string): PageElement | null };
declare const window: { __monNgonEarlySignIn?: { handedOver: boolean } };

const customer = vi.auth.customer;
const staff = vi.auth.staff;

/**
 * Holds the app's entry script until the returned function is called, as a slow link does:
 * the prerendered form is on screen and only the sign-in script inlined in index.html runs.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function countRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

/** 'Gửi lại mã sau N giây', whatever N the clock is at. */
const resendWait = new RegExp(`^${customer.resendIn(0).replace('0', '\\d+')}$`);

/** /staff/login with the app held back and the demo owner's name typed; counts the sign-ins. */
async function openStaffLoginHeld(page: Page) {
  const release = await holdTheApp(page);
  const logins = countRequests(page, '/api/auth/staff/login/');
  await page.goto('/staff/login', { waitUntil: 'commit' });
  await page.getByLabel(staff.username).fill(DEMO_OWNER.username);
  return { release, logins };
}

/** /login with the app held back for a new phone; counts the POSTs to `path`. */
async function openLoginHeld(page: Page, testId: string, path: string) {
  const release = await holdTheApp(page);
  const posts = countRequests(page, path);
  const { phone, typedPhone } = uniquePhone(testId);
  // The page's load event waits for the held script; the screen is there long before.
  await page.goto('/login', { waitUntil: 'commit' });
  return { release, posts, phone, typedPhone };
}

const appReady = (page: Page) => page.locator('html[data-app-ready]');

test.describe('the sign-in forms before the app has arrived', () => {
  test('a customer gets the code step at once, and the app goes on from what was typed', async ({
    page,
    request,
  }, testInfo) => {
    const {
      release,
      posts: sends,
      phone,
      typedPhone,
    } = await openLoginHeld(page, testInfo.testId, '/api/auth/customer/send-otp/');
    await page.getByRole('textbox', { name: customer.phone }).fill(typedPhone);
    const getCode = page.getByRole('button', { name: customer.getCode });
    await getCode.click();
    // A second press while the first is on its way asks for nothing more.
    await getCode.click({ timeout: 1000 }).catch(() => undefined);

    const code = page.getByRole('textbox', { name: customer.code });
    await expect(code).toBeVisible();
    await expect(page.getByText(customer.codeSent)).toBeVisible();
    await expect(page.getByRole('textbox', { name: customer.phone })).toHaveValue(typedPhone);
    await expect(page.getByRole('button', { name: resendWait })).toBeDisabled();
    await expect(appReady(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);

    // A code of the wrong shape is refused in the form, as the screen does.
    await code.fill('123');
    await page.getByRole('button', { name: customer.submit }).click();
    await expect(page.getByText(vi.fieldRules.otpInvalid)).toBeVisible();

    // The app takes the form over where it stands: the number, the code typed, the message.
    await code.fill('12345');
    release();
    await expect(appReady(page)).toBeAttached();
    await expect(page.getByRole('textbox', { name: customer.phone })).toHaveValue(typedPhone);
    await expect(code).toHaveValue('12345');
    await expect(page.getByText(vi.fieldRules.otpInvalid)).toHaveCount(1);
    await expect(page.getByRole('button', { name: resendWait })).toBeDisabled();
    expect(sends).toHaveLength(1);

    // And signs in with the code that was sent.
    await code.fill(await codeFromOutbox(request, phone));
    await page.getByRole('button', { name: customer.submit }).click();
    await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(sends).toHaveLength(1);
  });

  test('an invalid phone gets its message once and sends nothing', async ({ page }) => {
    const release = await holdTheApp(page);
    const sends = countRequests(page, '/api/auth/customer/send-otp/');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: customer.phone }).fill('0912');
    await page.getByRole('button', { name: customer.getCode }).click();
    await expect(page.getByText(vi.fieldRules.phoneInvalid)).toBeVisible();
    await expect(page.getByRole('textbox', { name: customer.phone })).toBeFocused();

    release();
    await expect(appReady(page)).toBeAttached();
    await expect(page.getByText(vi.fieldRules.phoneInvalid)).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: customer.phone })).toHaveValue('0912');
    expect(sends).toHaveLength(0);
  });

  test('a code request that gets no answer says so within 8 s and lets the button be pressed again', async ({
    page,
  }) => {
    await holdTheApp(page);
    // Connected, but the request goes nowhere (a network that looks up and lets nothing through).
    await page.route('**/api/auth/customer/send-otp/', () => undefined);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: customer.phone }).fill('0912345678');
    const getCode = page.getByRole('button', { name: customer.getCode });
    await getCode.click();
    await expect(getCode).toBeDisabled();
    await expect(page.getByText(customer.sendFailed)).toBeVisible({ timeout: 9_000 });
    await expect(getCode).toBeEnabled();
    await expect(page.getByRole('textbox', { name: customer.phone })).toHaveValue('0912345678');
  });

  test('a customer signs in before the app has arrived and the home opens a second later', async ({
    page,
    request,
  }, testInfo) => {
    const { posts: verifies, phone } = await openLoginHeld(
      page,
      testInfo.testId,
      '/api/auth/customer/verify-otp/',
    );
    await page.getByRole('textbox', { name: customer.phone }).fill(phone);
    await page.getByRole('button', { name: customer.getCode }).click();
    const code = page.getByRole('textbox', { name: customer.code });
    await code.fill(await codeFromOutbox(request, phone));
    await page.getByRole('button', { name: customer.submit }).click();
    await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The session is kept as the app keeps it, the home opens, and the app starts there.
    await page.unrouteAll();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: vi.layout.mainNav })).toBeAttached();
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { phone?: string } | null,
      userType: localStorage.getItem('userType'),
    }));
    expect(stored.user?.phone).toBe(phone);
    expect(stored.userType).toBe('customer');
    expect(verifies).toHaveLength(1);
  });

  test('a code typed and sent while the app draws the form again is carried over and signs in', async ({
    page,
    request,
  }, testInfo) => {
    const {
      release,
      posts: verifies,
      phone,
    } = await openLoginHeld(page, testInfo.testId, '/api/auth/customer/verify-otp/');
    await page.getByRole('textbox', { name: customer.phone }).fill(phone);
    await page.getByRole('button', { name: customer.getCode }).click();
    const code = page.getByRole('textbox', { name: customer.code });
    await expect(code).toBeVisible();
    // The code typed and 'Đăng nhập' pressed the moment the app takes the form over from the
    // script, before its first render draws the form again: a slow phone's window, made certain.
    await page.evaluate(
      (typed) => {
        const state = window.__monNgonEarlySignIn!;
        let handedOver = state.handedOver;
        Object.defineProperty(state, 'handedOver', {
          get: () => handedOver,
          set: (next: boolean) => {
            handedOver = next;
            if (!next) return;
            queueMicrotask(() => {
              const form = document.querySelector('form[data-early-sign-in="customer"]')!;
              const field = form.querySelector('input[name="code"]')!;
              field.value = typed;
              field.dispatchEvent(new Event('input', { bubbles: true }));
              form.querySelector('button[type="submit"]')!.click();
            });
          },
        });
      },
      await codeFromOutbox(request, phone),
    );
    release();
    await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(verifies).toHaveLength(1);
  });

  test('the staff form signs in before the app has arrived, and refuses a wrong password', async ({
    page,
  }) => {
    const { release, logins } = await openStaffLoginHeld(page);
    const password = page.getByLabel(staff.password, { exact: true });
    await password.fill('not-the-password');
    await page.getByRole('button', { name: staff.submit }).click();
    await expect(page.getByText(staff.failed)).toBeVisible();
    await expect(password).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await password.fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: staff.submit }).click();
    await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: vi.layout.mainNav })).toBeAttached();
    expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('staff');
    expect(logins).toHaveLength(2);
  });

  test('a staff form that breaks a rule waits for the app, which shows the rule in its place', async ({
    page,
  }) => {
    const { release, logins } = await openStaffLoginHeld(page);
    await page.getByLabel(staff.password, { exact: true }).fill('123');
    await page.getByRole('button', { name: staff.submit }).click();
    release();
    await expect(page.getByText(vi.auth.validation.passwordTooShort)).toBeVisible();
    expect(logins).toHaveLength(0);
  });
});
