import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { codeFromOutbox, DEMO_OWNER, uniquePhone } from './helpers';

// Runs inside the page. The e2e tsconfig has no DOM library, so the little it uses is declared.
declare const localStorage: { getItem(key: string): string | null };

// The sign-in journeys on the built app and the real server: phone + SMS code for customers
// (the code read back from the dev SMS outbox), username + password for owners, owner
// registration, and the guards of spec 2.1 around them.

const customer = vi.auth.customer;
const staff = vi.auth.staff;
const register = vi.auth.register;

/**
 * A phone, username and email no other test (or earlier run against the same server) uses:
 * codes are limited per phone, and usernames, phones and emails are unique.
 */
function unique(testId: string) {
  const { phone, typedPhone } = uniquePhone(testId);
  const salt = `${phone.slice(2)}${Math.floor(Math.random() * 1000)}`;
  return {
    phone,
    typedPhone,
    username: `owner_${salt}`,
    email: `owner.${salt}@example.com`,
  };
}

/** The visible navigation (desktop top bar or mobile bottom bar) links to `href`. */
function navLink(page: Page, href: string) {
  return page
    .getByRole('navigation')
    .locator(`a[href="${href}"]`)
    .filter({ visible: true })
    .first();
}

async function signInAsNewCustomer(page: Page, request: APIRequestContext, testId: string) {
  const { phone, typedPhone } = unique(testId);
  await page.goto('/login');
  await page.getByLabel(customer.phone).fill(typedPhone);
  await page.getByRole('button', { name: customer.getCode }).click();
  await expect(page.getByText(customer.codeSent)).toBeVisible();

  const codeField = page.getByLabel(customer.code);
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('maxlength', '6');
  await expect(page.getByLabel(customer.phone)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('link', { name: customer.staffLink })).toHaveAttribute(
    'href',
    '/staff/login',
  );

  await codeField.fill(await codeFromOutbox(request, phone));
  await page.getByRole('button', { name: customer.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signInAsStaff(page: Page, username: string, password: string) {
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { name: staff.title })).toBeVisible();
  await page.getByLabel(staff.username).fill(username);
  await page.getByLabel(staff.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: staff.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('customer sign-in with a phone code', () => {
  test('a new customer signs in with the code from the SMS and lands on / with the customer navigation', async ({
    page,
    request,
  }, testInfo) => {
    await signInAsNewCustomer(page, request, testInfo.testId);
    await expect(navLink(page, '/orders')).toBeVisible();
    // Staff entries are not a customer's.
    await expect(navLink(page, '/staff/menu')).toHaveCount(0);
  });

  test('a signed-in customer is sent from /staff/menu to / and from /login to /', async ({
    page,
    request,
  }, testInfo) => {
    await signInAsNewCustomer(page, request, testInfo.testId);

    // Full page loads: the session comes back from storage and the guards apply to it.
    await page.goto('/staff/menu');
    await expect(page).toHaveURL(/\/$/);
    await expect(navLink(page, '/orders')).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel(customer.phone)).toHaveCount(0);
  });

  test('a wrong code is refused with the Vietnamese message and keeps the visitor on /login', async ({
    page,
    request,
  }, testInfo) => {
    const { phone } = unique(testInfo.testId);
    await page.goto('/login');
    await page.getByLabel(customer.phone).fill(phone);
    await page.getByRole('button', { name: customer.getCode }).click();
    const code = await codeFromOutbox(request, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(customer.code).fill(wrong);
    await page.getByRole('button', { name: customer.submit }).click();
    await expect(page.getByText(customer.verifyFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('owner sign-in and registration', () => {
  test('the demo owner signs in at /staff/login and lands on / with the staff navigation', async ({
    page,
  }) => {
    await signInAsStaff(page, DEMO_OWNER.username, DEMO_OWNER.password);
    await expect(navLink(page, '/staff/menu')).toBeVisible();
  });

  test('a wrong password is refused and nobody is signed in', async ({ page }) => {
    await page.goto('/staff/login');
    await page.getByLabel(staff.username).fill(DEMO_OWNER.username);
    await page.getByLabel(staff.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: staff.submit }).click();
    await expect(page.getByText(staff.failed)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a new owner registers, is sent to /staff/login after 3 s and signs in', async ({
    page,
  }, testInfo) => {
    const { phone, username, email } = unique(testInfo.testId);
    const password = 'Pho-bo-2026!';
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: register.title })).toBeVisible();
    for (const note of register.notes) await expect(page.getByText(note)).toBeVisible();

    // The first problem of spec section 5 shows on an empty submit.
    await page.getByRole('button', { name: register.submit }).click();
    await expect(page.getByText(vi.auth.validation.usernameRequired)).toBeVisible();

    await page.getByLabel(register.username).fill(username);
    await page.getByLabel(register.firstName, { exact: true }).fill('Minh');
    await page.getByLabel(register.lastName, { exact: true }).fill('Trần Văn');
    await page.getByLabel(register.email).fill(email);
    await page.getByLabel(register.phone).fill(phone);
    await page.getByLabel(register.address).fill('25 Hàng Buồm, Hoàn Kiếm, Hà Nội');
    await page.getByLabel(register.password, { exact: true }).fill(password);
    await page.getByLabel(register.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('radio', { name: register.genders.other }).check();
    await page.getByRole('button', { name: register.submit }).click();

    await expect(page.getByText(register.redirecting)).toBeVisible();
    await expect(page.getByLabel(register.username)).toHaveValue('');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page).toHaveURL(/\/staff\/login$/, { timeout: 6000 });

    await signInAsStaff(page, username, password);
    await expect(navLink(page, '/staff/menu')).toBeVisible();
  });
});

test.describe('guards around the visitor screens', () => {
  test('a visitor is sent from /orders to /login', async ({ page }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: customer.title, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('the visitor screens link to each other', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: customer.staffLink }).click();
    await expect(page).toHaveURL(/\/staff\/login$/);
    await page.getByRole('link', { name: staff.registerLink }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('link', { name: register.loginLink }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
