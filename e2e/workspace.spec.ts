import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  codeFromOutbox,
  newPage,
  openAroundTheClock,
  payInSandbox,
  price,
  registerOwner,
  signInAsStaff,
  toast,
  uniquePhone,
} from './helpers';

// The workspace journey on the built app and the real server: a new owner registers, creates a
// restaurant with a cover and a logo and opens it around the clock; an admin approves it; the
// owner adds a dish with a picture and a topping, and a staff account; a customer finds the dish
// by a search without diacritics and pays for it; the staff member takes the order through on
// a tablet; the owner's dashboard shows the month's figures and the chart.

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

const DEMO_ADMIN = { username: 'demo_admin', password: 'demo123456' };
const PASSWORD = 'Bun-cha-2026!';
const DISH_PRICE = 55_000;
const TOPPING = { name: 'Thêm chả viên', price: 15_000 };
/** Customers look around Hàng Bạc, a few hundred metres from the new restaurant. */
const TYPED_ADDRESS = '36 Hàng Bạc, Hoàn Kiếm';

/** A real picture, as a phone would upload it. */
async function png(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A text field by its label (required fields add a '*' that is not part of the name). */
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

/** Chooses a file for the file field `label` through the browser's own file picker. */
async function chooseFile(page: Page, label: string, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

test('an owner opens a restaurant, an admin approves it, a customer orders and staff serve it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { phone } = uniquePhone(testInfo.testId);
  const salt = `${phone.slice(4)}${Math.floor(Math.random() * 100)}`;
  const owner = { username: `chu_quan_${salt}`, email: `chu.quan.${salt}@example.com` };
  const restaurantName = `Bún Chả Hàng Mành ${salt}`;
  const dishName = `Bún chả que tre ${salt}`;
  const member = { username: `nhan_vien_${salt}`, first: 'Hoa', last: 'Nguyễn Thị' };

  // --- The owner registers and signs in; there is no restaurant yet ---
  await registerOwner(page, {
    ...owner,
    firstName: 'Minh',
    lastName: 'Trần Văn',
    phone,
    address: '25 Hàng Buồm, Hoàn Kiếm, Hà Nội',
    password: PASSWORD,
  });
  await signInAsStaff(page, owner.username, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: vi.dashboard.title })).toBeVisible();
  await expect(page.getByText(vi.dashboard.noRestaurant)).toBeVisible();
  await page.getByRole('link', { name: vi.dashboard.linkRestaurant }).click();
  await expect(page).toHaveURL(/\/staff\/restaurant$/);

  // --- The restaurant, with a cover and a logo ---
  const form = vi.staffRestaurant;
  await field(page, form.name).fill(restaurantName);
  await field(page, form.address).fill('12 Hàng Mành, Hoàn Kiếm, Hà Nội');
  await field(page, form.phone).fill('0243 826 1234');
  await field(page, form.email).fill(owner.email);
  await field(page, form.description).fill('Bún chả nướng than hoa, chả que tre.');
  await chooseFile(page, form.cover, 'bia.png', await png(1600, 900, '#b45309'));
  await chooseFile(page, form.logo, 'logo.png', await png(400, 400, '#166534'));
  await page.getByRole('button', { name: form.create }).click();
  await expect(toast(page, form.created)).toBeVisible();
  await expect(page.getByText(form.approvalStatus.pending).first()).toBeVisible();

  const created = await apiAsUser(page, '/api/staff/restaurant/');
  const restaurant = (
    created.body as {
      data: {
        id: number;
        cover_url: string | null;
        logo_url: string | null;
        lat: number;
        lon: number;
      };
    }
  ).data;
  expect(restaurant.cover_url).toMatch(/^\/uploads\/.+\.webp$/);
  expect(restaurant.logo_url).toMatch(/^\/uploads\/.+\.webp$/);
  // Geocoded from the address: Hoàn Kiếm, in the middle of Hà Nội.
  expect(restaurant.lat).toBeCloseTo(21.03, 1);
  expect(restaurant.lon).toBeCloseTo(105.85, 1);
  const cover = await request.get(restaurant.cover_url!);
  expect(cover.headers()['content-type']).toBe('image/webp');

  // --- Hours: open around the clock, every day ---
  await openAroundTheClock(page);

  // --- An admin approves it ---
  const signedIn = await request.post('/api/auth/staff/login/', { data: DEMO_ADMIN });
  expect(signedIn.ok()).toBe(true);
  const admin = (await signedIn.json()) as { data: { tokens: { access_token: string } } };
  const approved = await request.put(`/api/admin/restaurants/${restaurant.id}/approve/`, {
    headers: { authorization: `Bearer ${admin.data.tokens.access_token}` },
  });
  expect(approved.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(form.approvalStatus.approved).first()).toBeVisible();

  // --- A dish with a picture, a category and a topping ---
  await page.goto('/staff/menu');
  await page
    .getByRole('link', { name: vi.staffMenu.addDish })
    .or(page.getByRole('button', { name: vi.staffMenu.addDish }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/staff\/menu\/new$/);
  const dish = vi.dishForm;
  await field(page, dish.name).fill(dishName);
  await field(page, dish.price).fill(String(DISH_PRICE));
  await field(page, dish.description).fill('Chả que tre nướng than, bún lá.');
  await chooseFile(page, dish.fileLabel, 'bun-cha.png', await png(1200, 1200, '#92400e'));
  // A chip: its checkbox is visually hidden, the label is what a finger taps.
  await page
    .locator('label')
    .filter({ hasText: /^Món chính$/ })
    .click();
  await expect(page.getByRole('checkbox', { name: 'Món chính' })).toBeChecked();
  await page.getByRole('button', { name: dish.addTopping }).click();
  await page.getByLabel(dish.toppingName(1)).fill(TOPPING.name);
  await page.getByLabel(dish.toppingPrice(1)).fill(String(TOPPING.price));
  await page.getByRole('button', { name: dish.create }).click();
  await expect(toast(page, dish.created)).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/menu$/);
  await expect(page.getByText(dishName)).toBeVisible();
  await expect(page.getByText(price(DISH_PRICE)).first()).toBeVisible();

  // --- A staff account for the kitchen tablet ---
  await page.goto('/staff/restaurant');
  const team = vi.team;
  await page.getByRole('button', { name: team.add }).click();
  const memberForm = page.getByRole('form', { name: team.addTitle });
  await memberForm.getByRole('textbox', { name: team.username, exact: true }).fill(member.username);
  await memberForm.getByLabel(team.password).fill(PASSWORD);
  await memberForm.getByRole('textbox', { name: team.lastName, exact: true }).fill(member.last);
  await memberForm.getByRole('textbox', { name: team.firstName, exact: true }).fill(member.first);
  await memberForm.getByRole('button', { name: team.submit }).click();
  await expect(toast(page, team.added)).toBeVisible();
  await expect(page.getByText(team.usernameLine(member.username))).toBeVisible();

  // --- A customer finds it without diacritics and pays for it in the VNPay popup ---
  const customer = await newPage(browser, testInfo);
  const customerPhone = uniquePhone(`${testInfo.testId}-customer`);
  await customer.goto('/login');
  await customer.getByLabel(vi.auth.customer.phone).fill(customerPhone.typedPhone);
  await customer.getByRole('button', { name: vi.auth.customer.getCode }).click();
  await customer
    .getByLabel(vi.auth.customer.code)
    .fill(await codeFromOutbox(request, customerPhone.phone));
  await customer.getByRole('button', { name: vi.auth.customer.submit }).click();
  await expect(customer).toHaveURL(/\/$/);
  const addressDialog = customer.getByRole('dialog', { name: vi.address.title });
  await addressDialog.getByLabel(vi.address.search).fill(TYPED_ADDRESS);
  await addressDialog.getByLabel(vi.address.search).press('Enter');
  await addressDialog.getByRole('button', { name: vi.address.done }).click();

  const typed = `bun cha que tre ${salt}`;
  await customer.goto(`/search?q=${encodeURIComponent(typed)}`);
  const foods = customer.getByRole('list', { name: vi.search.matchingFoods(restaurantName) });
  await expect(foods.getByText(dishName)).toBeVisible();
  await foods.getByRole('button', { name: vi.cart.addNamed(dishName) }).click();
  const toppings = customer.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await toppings.getByRole('checkbox', { name: new RegExp(TOPPING.name) }).check();
  await toppings.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toast(customer, vi.cart.added)).toBeVisible();

  const total = DISH_PRICE + TOPPING.price;
  await customer.goto('/checkout');
  await customer
    .getByRole('textbox', { name: vi.checkout.address })
    .fill('36 Hàng Bạc, Hoàn Kiếm, Hà Nội');
  await customer.getByRole('textbox', { name: vi.checkout.phone }).fill('0912 345 678');
  const popupOpened = customer.waitForEvent('popup');
  await customer.getByRole('button', { name: vi.checkout.placeOrder }).click();
  await payInSandbox(await popupOpened, total);
  await expect(toast(customer, vi.payment.paid)).toBeVisible();
  await expect(customer).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(customer.url())![1]);

  // --- The staff member, on a tablet, takes the order through ---
  const tablet = await newPage(browser, testInfo, { width: 820, height: 1180 });
  await signInAsStaff(tablet, member.username, PASSWORD);
  await expect(tablet).toHaveURL(/\/$/);
  await tablet.goto('/orders');
  await tablet.getByRole('link', { name: new RegExp(vi.orders.orderNumber(orderId)) }).click();
  await expect(tablet).toHaveURL(new RegExp(`/orders/${orderId}$`));
  for (const [button, done] of [
    [vi.orders.accept, vi.orders.accepted],
    [vi.orders.markDone, vi.orders.markedDone],
    [vi.orders.complete, vi.orders.completed],
  ] as const) {
    await tablet.getByRole('button', { name: button, exact: true }).click();
    await expect(toast(tablet, done)).toBeVisible();
  }

  // --- The owner's dashboard: this month's figures and the chart ---
  await page.goto('/');
  await expect(page.getByRole('heading', { name: vi.dashboard.title })).toBeVisible();
  await expect(page.getByText(vi.dashboard.active).first()).toBeVisible();
  await expect(page.getByText(price(total)).first()).toBeVisible();
  const chart = page.getByRole('region', { name: vi.dashboard.chartTitle });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByText(vi.dashboard.orderNumber(orderId))).toBeVisible();
});
