import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { paths } from '../src/config/paths';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  newPage,
  openAroundTheClock,
  payInSandbox,
  price,
  registerOwner,
  signInAsNewCustomer,
  signInAsStaff,
  toast,
  uniquePhone,
} from './helpers';

// Running the platform from the admin console, on the built app and the real server: a new
// owner registers and creates a restaurant, which customers do not see until demo_admin
// approves it in the console; the owner makes a coupon 'GIAM20K' in 'Khuyến mãi' and a new
// customer pays with it from a wallet topped up in the VNPay popup; the owner takes the order
// through, withdraws the settlement, and the admin marks the withdrawal paid with the bank's
// reference; last, the admin locks the customer, whose next request ends on the sign-in screen
// with the Vietnamese message.
//
// Everything it changes is its own: a restaurant in Huế (a city the demo data and the other
// journeys leave alone, so it joins no one's search or home grid), an owner, a customer with a
// phone of its own (it is locked at the end), one coupon and one withdrawal. demo_admin acts on
// these alone.

// The e2e tsconfig has no DOM library; the one browser global used in the page is declared.
declare const localStorage: { getItem(key: string): string | null };

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

const DEMO_ADMIN = { username: 'demo_admin', password: 'demo123456' };
const PASSWORD = 'Bun-bo-Hue-2026!';
/** The restaurant by Đông Ba market; the customer a few hundred metres away, by Trường Tiền. */
const RESTAURANT_ADDRESS = 'Chợ Đông Ba, 2 Trần Hưng Đạo, Huế';
const CUSTOMER_PLACE = 'Cầu Trường Tiền, Huế';
const DELIVERY = { address: '5 Lê Lợi, Vĩnh Ninh, Huế', phone: '0912 345 678' };
const DISH_PRICE = 65_000;
const DISCOUNT = 20_000;
const TOTAL = DISH_PRICE - DISCOUNT;
const DEPOSIT = 100_000;
const BANK_REFERENCE = 'FT26331987654';

/** The server's message on an approval, which the console shows as its toast. */
const APPROVED = 'Đã duyệt nhà hàng';

/** A text field by its label (required fields add a '*' that is not part of the name). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });

/** A link of the desktop top bar (the phone's bottom bar repeats some of them, hidden here). */
const navLink = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: vi.layout.mainNav })
    .getByRole('link', { name, exact: true });

/** A browser context of its own for each person. */
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

/** The signed-in user's wallet balance, as the API tells it. */
async function walletBalance(page: Page): Promise<number> {
  const reply = await apiAsUser(page, '/api/payment/wallet/balance/');
  expect(reply.status).toBe(200);
  return (reply.body as { data: { balance: number } }).data.balance;
}

test('an admin approves a new restaurant, pays out its owner and locks a customer who used its coupon', async ({
  page: owner,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { phone } = uniquePhone(testInfo.testId);
  const salt = `${phone.slice(4)}${Math.floor(Math.random() * 100)}`;
  const account = { username: `chu_quan_hue_${salt}`, email: `quan.hue.${salt}@example.com` };
  const restaurantName = `Bún Bò Đông Ba ${salt}`;
  const dishName = `Bún bò giò heo ${salt}`;
  // Codes are unique on the server: a retry against the same server needs another one.
  const couponCode = testInfo.retry === 0 ? 'GIAM20K' : `GIAM20K${testInfo.retry}`;

  // --- A new owner registers and creates a restaurant, open around the clock, with a dish ---
  await registerOwner(owner, {
    ...account,
    firstName: 'Hương',
    lastName: 'Lê Thị',
    phone,
    address: '10 Chi Lăng, Phú Hiệp, Huế',
    password: PASSWORD,
  });
  await signInAsStaff(owner, account.username, PASSWORD);
  await owner.getByRole('link', { name: vi.dashboard.linkRestaurant }).click();
  await expect(owner).toHaveURL(/\/staff\/restaurant$/);

  const form = vi.staffRestaurant;
  await field(owner, form.name).fill(restaurantName);
  await field(owner, form.address).fill(RESTAURANT_ADDRESS);
  await field(owner, form.phone).fill('0234 352 1234');
  await field(owner, form.email).fill(account.email);
  await owner.getByRole('button', { name: form.create }).click();
  await expect(toast(owner, form.created)).toBeVisible();
  await expect(owner.getByText(form.approvalStatus.pending).first()).toBeVisible();

  await openAroundTheClock(owner);

  await owner.goto(paths.staffMenu);
  await owner
    .getByRole('link', { name: vi.staffMenu.addDish })
    .or(owner.getByRole('button', { name: vi.staffMenu.addDish }))
    .first()
    .click();
  await field(owner, vi.dishForm.name).fill(dishName);
  await field(owner, vi.dishForm.price).fill(String(DISH_PRICE));
  await owner.getByRole('button', { name: vi.dishForm.create }).click();
  await expect(toast(owner, vi.dishForm.created)).toBeVisible();
  await expect(owner).toHaveURL(/\/staff\/menu$/);

  // --- A new customer by Trường Tiền bridge does not find it while it is pending ---
  const customer = await newPage(browser, testInfo);
  const customerPhone = await signInAsNewCustomer(customer, request, `${testInfo.testId}-customer`);
  const addressDialog = customer.getByRole('dialog', { name: vi.address.title });
  await addressDialog.getByLabel(vi.address.search).fill(CUSTOMER_PLACE);
  await addressDialog.getByLabel(vi.address.search).press('Enter');
  await addressDialog.getByRole('button', { name: vi.address.done }).click();
  await expect(addressDialog).toBeHidden();
  const searchPath = `/search?q=${encodeURIComponent(dishName)}`;
  await customer.goto(searchPath);
  await expect(customer.getByText(vi.search.empty)).toBeVisible();

  // --- demo_admin lands on the console and approves it from the queue ---
  const admin = await newPage(browser, testInfo);
  await signInAsStaff(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(new RegExp(`${paths.admin}$`));
  await expect(admin.getByRole('heading', { name: vi.adminConsole.home.title })).toBeVisible();
  await navLink(admin, vi.adminConsole.restaurants.title).click();
  await admin.getByRole('tab', { name: vi.adminConsole.restaurants.pending }).click();
  await admin
    .getByRole('searchbox', { name: vi.adminConsole.restaurants.search })
    .fill(restaurantName);
  const pendingCard = admin.getByRole('article').filter({ hasText: restaurantName });
  await expect(pendingCard).toHaveCount(1);
  await pendingCard
    .getByRole('button', { name: vi.adminConsole.restaurants.approve, exact: true })
    .click();
  await expect(toast(admin, APPROVED)).toBeVisible();
  // The queue refreshes without it.
  await expect(pendingCard).toHaveCount(0);

  // Customers find it now.
  await customer.goto(searchPath);
  const foods = customer.getByRole('list', { name: vi.search.matchingFoods(restaurantName) });
  await expect(foods.getByText(dishName)).toBeVisible();

  // --- The owner makes a coupon in 'Khuyến mãi' ---
  const coupons = vi.coupons;
  await navLink(owner, coupons.staffTitle).click();
  await expect(owner).toHaveURL(new RegExp(`${paths.staffCoupons}$`));
  await owner.getByRole('button', { name: coupons.create }).click();
  const couponForm = owner.getByRole('dialog');
  await field(couponForm, coupons.code).fill(couponCode.toLowerCase());
  // Upper-cased as typed.
  await expect(field(couponForm, coupons.code)).toHaveValue(couponCode);
  await couponForm.getByText(coupons.fixed, { exact: true }).click();
  await field(couponForm, coupons.value).fill(String(DISCOUNT));
  await couponForm.getByRole('button', { name: coupons.submit }).click();
  await expect(toast(owner, coupons.created)).toBeVisible();
  await expect(couponForm).toBeHidden();
  const coupon = owner
    .getByRole('list', { name: coupons.list })
    .getByRole('listitem')
    .filter({ hasText: couponCode });
  await expect(coupon.getByText(coupons.fixedValue(price(DISCOUNT)))).toBeVisible();
  await expect(coupon.getByText(coupons.states.running)).toBeVisible();

  // --- The customer tops up in the VNPay popup and pays with the coupon from the wallet ---
  await customer.goto(paths.deposit);
  await customer.getByLabel(vi.wallet.amount).fill(String(DEPOSIT));
  const depositPopup = customer.waitForEvent('popup');
  await customer.getByRole('button', { name: vi.wallet.createDeposit }).click();
  await payInSandbox(await depositPopup, DEPOSIT);
  await expect(toast(customer, vi.wallet.deposited)).toBeVisible();

  await customer.goto(searchPath);
  await foods.getByRole('button', { name: vi.cart.addNamed(dishName) }).click();
  await expect(toast(customer, vi.cart.added)).toBeVisible();
  await customer.goto(paths.checkout);
  await customer.getByRole('textbox', { name: vi.checkout.address }).fill(DELIVERY.address);
  await customer.getByRole('textbox', { name: vi.checkout.phone }).fill(DELIVERY.phone);
  await customer.getByRole('textbox', { name: vi.checkout.coupon }).fill(couponCode);
  await customer.getByRole('button', { name: vi.checkout.applyCoupon }).click();
  await expect(toast(customer, vi.checkout.couponApplied)).toBeVisible();
  await expect(
    customer.getByText(vi.checkout.couponInUse(couponCode, price(DISCOUNT))),
  ).toBeVisible();
  const summary = customer.getByRole('region', { name: vi.checkout.summary });
  await expect(summary.getByText(vi.checkout.discountAmount(price(DISCOUNT)))).toBeVisible();
  await expect(summary.getByText(price(TOTAL), { exact: true })).toBeVisible();
  await customer.getByRole('button', { name: vi.checkout.placeOrder }).click();
  await expect(toast(customer, vi.payment.paid)).toBeVisible();
  await expect(customer).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(customer.url())![1]);
  expect(await walletBalance(customer)).toBe(DEPOSIT - TOTAL);

  // --- The owner takes it through and withdraws what it paid them ---
  await owner.goto(`/orders/${orderId}`);
  for (const [button, done] of [
    [vi.orders.accept, vi.orders.accepted],
    [vi.orders.markDone, vi.orders.markedDone],
    [vi.orders.complete, vi.orders.completed],
  ] as const) {
    await owner.getByRole('button', { name: button, exact: true }).click();
    await expect(toast(owner, done)).toBeVisible();
  }
  // COMMISSION_PERCENT is 0 here: the whole total, the coupon being the restaurant's.
  expect(await walletBalance(owner)).toBe(TOTAL);
  // The coupon's usage so far, in 'Khuyến mãi'.
  await navLink(owner, coupons.staffTitle).click();
  await expect(coupon.getByText(coupons.used(1), { exact: true })).toBeVisible();
  await expect(coupon.getByText(coupons.customers(1), { exact: true })).toBeVisible();
  await expect(coupon.getByText(coupons.discountGiven(price(DISCOUNT)))).toBeVisible();
  await owner.goto(paths.withdraw);
  await owner.getByLabel(vi.wallet.amount).fill(String(TOTAL));
  await owner.getByRole('button', { name: vi.wallet.withdrawSubmit }).click();
  await expect(toast(owner, vi.wallet.withdrawn)).toBeVisible();

  // --- The admin marks the withdrawal paid with the bank's reference ---
  await navLink(admin, vi.adminConsole.withdrawals.title).click();
  await admin.getByRole('tab', { name: vi.adminConsole.withdrawals.pending }).click();
  const pendingRow = admin.getByRole('article').filter({ hasText: restaurantName });
  await expect(pendingRow.getByText(price(TOTAL)).first()).toBeVisible();
  await pendingRow.getByRole('button', { name: vi.adminConsole.withdrawals.markPaid }).click();
  const paidDialog = admin.getByRole('dialog');
  await paidDialog
    .getByRole('textbox', { name: vi.adminConsole.withdrawals.referenceLabel })
    .fill(BANK_REFERENCE);
  await paidDialog.getByRole('button', { name: vi.adminConsole.withdrawals.confirmPaid }).click();
  await expect(paidDialog).toBeHidden();
  await expect(admin.getByText(restaurantName)).toHaveCount(0);
  await admin.getByRole('tab', { name: vi.adminConsole.withdrawals.paid }).click();
  const paidRow = admin.getByRole('article').filter({ hasText: restaurantName });
  await expect(paidRow.getByText(BANK_REFERENCE)).toBeVisible();
  await expect(paidRow.getByText(price(TOTAL)).first()).toBeVisible();

  // --- The admin finds the customer by phone and locks them ---
  const customerToken = await accessToken(customer);
  await navLink(admin, vi.adminUsers.title).click();
  await admin.getByLabel(vi.adminUsers.search, { exact: true }).fill(customerPhone);
  const found = admin
    .getByRole('list', { name: vi.adminUsers.list })
    .getByRole('listitem')
    .filter({ hasText: customerPhone });
  await expect(found).toHaveCount(1);
  await found.getByRole('link').click();
  await expect(admin).toHaveURL(/\/admin\/users\/\d+$/);
  await admin.getByRole('button', { name: vi.adminUsers.lock, exact: true }).click();
  const lockDialog = admin.getByRole('dialog');
  await lockDialog.getByRole('button', { name: vi.adminUsers.confirmLock }).click();
  await expect(toast(admin, vi.adminUsers.lockedDone)).toBeVisible();
  await expect(lockDialog).toBeHidden();
  await expect(admin.getByText(vi.adminUsers.locked, { exact: true }).first()).toBeVisible();

  // --- The customer's next request is refused, and their app says why ---
  // The lock closes the customer's live stream, and the app's reconnect is its next request:
  // refused, it ends the session on the phone and lands on the sign-in screen with the reason.
  await expect(customer).toHaveURL(/\/login$/);
  await expect(customer.getByRole('alert').filter({ hasText: vi.auth.locked })).toBeVisible();
  // Any other request of that session gets the same refusal, though its token has not expired.
  const refused = await request.get('/api/customer/orders/', {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: vi.auth.locked });
});
