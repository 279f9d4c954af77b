import { vi } from '../src/i18n/vi';
import { expect, test } from './fixtures';

// The Content-Security-Policy as the browser applies it to the built app: index.html's own
// inline scripts run, a script added to the page does not, and the guard every journey carries
// (e2e/fixtures.ts) hears of the refusal.

// These functions run inside the page. The e2e tsconfig has no DOM library, so the little of the
// browser API they use is declared here, for this module only.
declare const document: {
  documentElement: { getAttribute(name: string): string | null };
  createElement(tag: 'script'): { textContent: string };
  head: { append(node: unknown): void };
};
declare const window: { __mnInjected?: boolean };

test('index.html runs its inline scripts; a script added later is refused and reported', async ({
  page,
  cspViolations,
}) => {
  const reply = await page.goto('/login');
  const policy = reply?.headers()['content-security-policy'] ?? '';
  // index.html's four: the sign-in before the app, the theme, the home's early dishes and the
  // entry's loader.
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){4};/);
  expect(policy).not.toContain('unsafe-eval');
  // The theme script, admitted by its hash, has set the colour scheme before the app.
  expect(
    await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
  ).toMatch(/^(light|dark)$/);
  await expect(page.getByRole('button', { name: vi.auth.customer.getCode })).toBeVisible();
  expect(cspViolations).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__mnInjected = true;';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__mnInjected ?? false)).toBe(false);
  expect(cspViolations.join('\n')).toContain('script-src');
  // Provoked on purpose: the guard's own check at the end must not fail this journey.
  cspViolations.length = 0;
});
