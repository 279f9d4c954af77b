import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Cart } from '../contract/cart';
import { vi } from '../src/i18n/vi';
import {
  apiAsUser,
  dishId,
  seeded,
  signInAsNewCustomer,
  waitForControllingServiceWorker,
} from './helpers';

// The ordering journey on the built app, the real server and the demo catalogue: dishes with
// toppings into the cart, a switch of restaurant (declined, then accepted), changes made while
// offline that survive a reload and reach the server when the network returns, a coupon, the
// order created and then cancelled by the customer.

test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

/** Both restaurants are open around the clock in the demo data, so the order is never refused. */
const PHO = { restaurant: 'Phở & Bún 24h Phố Cổ', name: 'Phở bò' };
const COM_TAM = { restaurant: 'Quán Cô Lan 24h', name: 'Cơm tấm sườn bì chả' };
const BANH_MI = { restaurant: 'Quán Cô Lan 24h', name: 'Bánh mì' };

const vnd = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const price = (amount: number) => `${vnd.format(amount)} ${vi.format.currency}`;

/** The server cart as the signed-in customer's app reads it. */
async function serverCart(page: Page): Promise<Cart> {
  const reply = await apiAsUser(page, '/api/customer/cart/');
  expect(reply.status).toBe(200);
  return (reply.body as { data: Cart }).data;
}

test('a customer fills the cart, edits it offline, orders with a coupon and cancels', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const toast = (message: string) =>
    page.getByRole('alert').filter({ hasText: message }).or(page.getByText(message)).first();

  /** A cart line's quantity (an output named after the dish). */
  const quantity = (name: string) =>
    page.getByRole('status', { name: vi.cart.quantityOf(name), exact: true });

  await signInAsNewCustomer(page, request, testInfo.testId);
  const [phoId, comTamId, banhMiId] = await Promise.all(
    [PHO, COM_TAM, BANH_MI].map((spec) => dishId(request, spec)),
  );
  const comTam = seeded(COM_TAM).dish;
  const detail = (await (await request.get(`/api/food/${comTamId}/`)).json()) as {
    data: { toppings: { id: number; name: string; price: number }[] };
  };
  const egg = detail.data.toppings.find((t) => t.name === 'Thêm trứng ốp la')!;

  // --- Phở bò with two toppings, from the dish screen ---
  await page.goto(`/food/${phoId}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  let dialog = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await dialog.getByRole('checkbox', { name: /Thêm thịt bò tái/ }).check();
  await dialog.getByRole('checkbox', { name: /Quẩy/ }).check();
  await dialog.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toast(vi.cart.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  // --- Another restaurant's dish: the question, declined, then accepted ---
  await page.goto(`/food/${comTamId}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  const question = page.getByRole('dialog').filter({ hasText: vi.cart.switchRestaurant });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: vi.cart.cancel }).click();
  await expect(question).toBeHidden();
  expect((await serverCart(page)).restaurant_name).toBe(PHO.restaurant);

  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  await question.getByRole('button', { name: vi.cart.switchConfirm }).click();
  dialog = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await dialog.getByRole('checkbox', { name: new RegExp(egg.name) }).check();
  await dialog.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(dialog).toBeHidden();

  // A second dish of the same restaurant: no question, its toppings left out.
  await page.goto(`/food/${banhMiId}`);
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  dialog = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await dialog.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(dialog).toBeHidden();

  const switched = await serverCart(page);
  expect(switched.restaurant_name).toBe(COM_TAM.restaurant);
  expect(switched.items.map((i) => [i.food_name, i.quantity])).toEqual([
    [COM_TAM.name, 1],
    [BANH_MI.name, 1],
  ]);

  // --- The cart, then offline: one more Cơm tấm, Bánh mì removed, a reload ---
  await page.goto('/cart');
  await waitForControllingServiceWorker(page);
  await expect(page.getByRole('heading', { name: vi.cart.title })).toBeVisible();
  await expect(page.getByText(COM_TAM.restaurant).first()).toBeVisible();
  await expect(quantity(COM_TAM.name)).toHaveText('1');

  await context.setOffline(true);
  await page.getByRole('button', { name: vi.cart.increase(COM_TAM.name) }).click();
  await page.getByRole('button', { name: vi.cart.remove(BANH_MI.name) }).click();
  await expect(quantity(COM_TAM.name)).toHaveText('2');
  await expect(page.getByRole('button', { name: vi.cart.remove(BANH_MI.name) })).toBeHidden();
  await expect(page.getByText(vi.cart.pendingSync).first()).toBeVisible();

  const offlineReload = await page.reload();
  expect(offlineReload?.fromServiceWorker(), 'the service worker served the page').toBe(true);
  await expect(quantity(COM_TAM.name)).toHaveText('2');
  await expect(page.getByRole('button', { name: vi.cart.remove(BANH_MI.name) })).toBeHidden();
  await expect(page.getByText(vi.cart.pendingSync).first()).toBeVisible();

  // --- Back online: the outbox drains and the server holds what the customer sees ---
  await context.setOffline(false);
  await expect(page.getByText(vi.cart.pendingSync)).toHaveCount(0, { timeout: 20_000 });
  const synced = await serverCart(page);
  expect(synced.items).toEqual([
    expect.objectContaining({ food_name: COM_TAM.name, quantity: 2, topping_ids: [egg.id] }),
  ]);
  const subtotal = (comTam.price + egg.price) * 2;
  expect(synced.subtotal).toBe(subtotal);

  // --- Checkout with CHAOBAN (20 %, at most 30.000 ₫, from 50.000 ₫), typed carelessly ---
  await page
    .getByRole('button', { name: vi.cart.checkout })
    .or(page.getByRole('link', { name: vi.cart.checkout }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const discount = Math.min(Math.floor((subtotal * 20) / 100), 30_000);
  await page.getByRole('textbox', { name: vi.checkout.coupon }).fill('  chaoban ');
  await page.getByRole('button', { name: vi.checkout.applyCoupon }).click();
  await expect(toast(vi.checkout.couponApplied)).toBeVisible();
  await expect(page.getByText(vi.checkout.discountAmount(price(discount))).first()).toBeVisible();
  await expect(page.getByText(price(subtotal - discount)).first()).toBeVisible();

  await page
    .getByRole('textbox', { name: vi.checkout.address })
    .fill('36 Hàng Bạc, Hoàn Kiếm, Hà Nội');
  await page.getByRole('textbox', { name: vi.checkout.phone }).fill('0912 345 678');
  await page.getByRole('button', { name: vi.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText(vi.orders.status.pending).first()).toBeVisible();
  await expect(page.getByText(vi.orders.freeShip).first()).toBeVisible();

  expect((await serverCart(page)).items).toEqual([]);

  // --- The order in /orders, pending, then cancelled by the customer ---
  await page.goto('/orders');
  const card = page.getByRole('link', { name: new RegExp(vi.orders.orderNumber(orderId)) });
  await expect(card).toBeVisible();
  await expect(card.getByText(vi.orders.status.pending)).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));

  await page.getByRole('button', { name: vi.orders.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: vi.orders.confirmCancel }).click();
  await expect(toast(vi.orders.cancelled)).toBeVisible();
  // In the page itself: the live update of the same order may raise a toast of the same words.
  await expect(page.getByRole('main').getByText(vi.orders.cancelledBanner)).toBeVisible();
  await expect(
    page.getByText(vi.orders.cancelReason(vi.orders.customerCancelReason)),
  ).toBeVisible();

  const order = await apiAsUser(page, `/api/customer/orders/${orderId}/`);
  expect((order.body as { data: unknown }).data).toMatchObject({
    status: 'cancelled',
    cancel_reason: vi.orders.customerCancelReason,
  });
});
