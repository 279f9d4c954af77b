import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { DEMO_OWNER, signInAsDemoOwner } from './helpers';

// Runs inside the page; the e2e tsconfig has no DOM library.
declare const localStorage: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

interface StoredTokens {
  access_token: string;
  refresh_token: string;
}

const storedTokens = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('tokens') ?? 'null') as StoredTokens | null);

test.describe('the session (spec section 4)', () => {
  test('an access token the server no longer accepts is refreshed transparently', async ({
    page,
  }) => {
    await signInAsDemoOwner(page);
    const before = await storedTokens(page);
    expect(before?.refresh_token).toMatch(/^rt_/);

    // As if the 15 minutes had passed: the server answers 401 to this access token.
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('tokens')!) as StoredTokens;
      localStorage.setItem(
        'tokens',
        JSON.stringify({ ...tokens, access_token: 'expired.access.token' }),
      );
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh/'));
    await page.goto('/profile');
    expect((await refreshed).status()).toBe(200);

    await expect(page.getByText(DEMO_OWNER.phone)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    const after = await storedTokens(page);
    expect(after?.access_token).not.toBe('expired.access.token');
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
  });

  test('logout clears the session, ends it on the server and returns to /login', async ({
    page,
    request,
  }) => {
    await signInAsDemoOwner(page);
    const tokens = await storedTokens(page);
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout/'));
    await page.getByRole('banner').getByRole('button', { name: vi.layout.logout }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeNull();
    const refresh = await request.post('/api/auth/refresh/', {
      headers: { authorization: `Bearer ${tokens!.refresh_token}` },
    });
    expect(refresh.status()).toBe(401);
    // The guard now keeps the visitor out.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});
