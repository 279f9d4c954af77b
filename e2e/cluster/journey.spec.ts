import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { vi } from '../../src/i18n/vi';
import {
  DEMO_OWNER,
  dishId,
  payInSandbox,
  placeOrderToPopup,
  seeded,
  signInAsNewCustomer,
  toast,
  uniquePhone,
} from '../helpers';

// The journey through the cluster (`npm run cluster`): nginx round-robin in front of two
// instances on one PostgreSQL. Every step works whichever instance answers it: a customer signs
// in (the code asked through one instance, checked by either), uploads an avatar that both
// instances serve, browses and fills a cart, pays the order in the VNPay sandbox's popup (its
// page, its form and its IPN each on any instance), watches the order move live while the
// restaurant's steps are taken on each instance directly (so one of them is the instance not
// holding the stream), and is refused codes past a per-address limit counted across both.

interface ClusterInfo {
  url: string;
  instances: { name: string; base: string }[];
}

const cluster = (): ClusterInfo =>
  JSON.parse(readFileSync(process.env.CLUSTER_INFO_FILE!, 'utf8')) as ClusterInfo;

/** Quán Cô Lan 24h belongs to the demo owner and is open around the clock in the demo data. */
const BANH_MI = { restaurant: 'Quán Cô Lan 24h', name: 'Bánh mì' };
/** OTP_SENDS_PER_IP_PER_HOUR of playwright.cluster.config.ts. */
const SENDS_PER_ADDRESS = 6;

// The smallest valid PNG (1 × 1), as a phone's gallery would hand it over.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The order screen's status (its info list), not the progress step of the same name. */
const statusOf = (page: Page, status: string) =>
  page.getByRole('definition').filter({ hasText: new RegExp(`^${status}$`) });

declare const localStorage: { getItem(key: string): string | null };
const accessToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('tokens') ?? '{}') as { access_token?: string })
        .access_token ?? '',
  );

async function ownerToken(request: APIRequestContext, base: string): Promise<string> {
  const reply = await request.post(`${base}/api/auth/staff/login/`, {
    data: { username: DEMO_OWNER.username, password: DEMO_OWNER.password },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { tokens: { access_token: string } } }).data.tokens
    .access_token;
}

test('a customer signs in, uploads, browses, pays and sees live news through either instance', async ({
  page,
  request,
}, testInfo) => {
  const { instances } = cluster();
  expect(instances).toHaveLength(2);
  const [a, b] = instances as [ClusterInfo['instances'][0], ClusterInfo['instances'][0]];

  // --- Sign-in: one address, either instance ---
  await signInAsNewCustomer(page, request, testInfo.testId);
  const token = await accessToken(page);
  expect(token).not.toBe('');

  // --- An avatar uploaded through nginx is served by both instances, the same bytes ---
  const updated = await request.put('/api/customer/profile/', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      full_name: 'Nguyễn Thị Cụm',
      avatar: { name: 'avatar.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const avatar = ((await updated.json()) as { data: { avatar: string } }).data.avatar;
  expect(avatar).toMatch(/^\/uploads\//);
  const etags = new Set<string>();
  for (const instance of instances) {
    const file = await request.get(`${instance.base}${avatar}`);
    expect(file.status(), `${avatar} on instance ${instance.name}`).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    etags.add(file.headers().etag ?? '');
  }
  expect(etags.size).toBe(1);

  // --- Browse: the home and a dish's page ---
  const foodId = await dishId(request, BANH_MI);
  const banhMi = seeded(BANH_MI).dish;
  await page.goto(`/food/${foodId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BANH_MI.name);

  // --- Cart and order, paid in the VNPay sandbox's popup ---
  await page.getByRole('button', { name: vi.cart.addToCart }).click();
  const dialog = page.getByRole('dialog', { name: vi.food.toppingDialog.title });
  await dialog.getByRole('button', { name: vi.food.toppingDialog.confirm }).click();
  await expect(toast(page, vi.cart.added)).toBeVisible();
  const { popup, orderId } = await placeOrderToPopup(page);
  await payInSandbox(popup, banhMi.price);
  await expect(statusOf(page, vi.orders.status.paid)).toBeVisible();

  // --- The restaurant's steps, one on each instance: the open page shows both, live ---
  const accept = await request.put(`${a.base}/api/staff/orders/${orderId}/accept/`, {
    headers: { authorization: `Bearer ${await ownerToken(request, a.base)}` },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  await expect(statusOf(page, vi.orders.status.accepted)).toBeVisible({ timeout: 5_000 });
  const done = await request.put(`${b.base}/api/staff/orders/${orderId}/done/`, {
    headers: { authorization: `Bearer ${await ownerToken(request, b.base)}` },
  });
  expect(done.status(), await done.text()).toBe(200);
  await expect(statusOf(page, vi.orders.status.done)).toBeVisible({ timeout: 5_000 });

  // --- A limit per address holds across both instances: the sign-in took one code ---
  const statuses: number[] = [];
  for (let i = 0; i < SENDS_PER_ADDRESS; i += 1) {
    const reply = await request.post('/api/auth/customer/send-otp/', {
      data: { phone: uniquePhone(`${testInfo.testId}-limit-${i}`).phone },
    });
    statuses.push(reply.status());
    if (reply.status() === 429) {
      expect(((await reply.json()) as { message: string }).message).toMatch(
        /^Bạn đã yêu cầu quá nhiều mã OTP\. Vui lòng thử lại sau /,
      );
    }
  }
  // Round-robin spread these over both instances; counted per instance, none would be refused.
  expect(statuses).toEqual([...Array<number>(SENDS_PER_ADDRESS - 1).fill(200), 429]);
});
