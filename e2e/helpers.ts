import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { vi } from '../src/i18n/vi';

// What several journeys share: a fresh customer signed in through the dev SMS outbox.

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
  const text = vi.auth.customer;
  const { phone, typedPhone } = uniquePhone(testId);
  await page.goto('/login');
  await page.getByLabel(text.phone).fill(typedPhone);
  await page.getByRole('button', { name: text.getCode }).click();
  await expect(page.getByText(text.codeSent)).toBeVisible();
  await page.getByLabel(text.code).fill(await codeFromOutbox(request, phone));
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(vi.auth.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  return phone;
}
