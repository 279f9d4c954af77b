import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { vi } from '../src/i18n/vi';
import { signInAsDemoOwner, signInAsNewCustomer } from './helpers';

// What only a real browser's layout shows, on a phone (390×844) and a desktop (1280×900): the
// top bar's user and theme toggle, the sign-in toast against the address dialog, the profile's
// restaurant card and the dashboard chart's legend.

// Instant transitions: a box is measured where it ends up, not halfway through fading in.
test.use({ reducedMotion: 'reduce', trace: { mode: 'retain-on-failure', snapshots: false } });

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Drawn large enough to read, inside the window: not squeezed into a screen reader's 1 px. */
async function expectReadable(page: Page, locator: Locator): Promise<void> {
  const box = await boxOf(locator);
  expect.soft(box.width).toBeGreaterThanOrEqual(24);
  expect.soft(box.height).toBeGreaterThanOrEqual(10);
  expect.soft(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The one icon of the theme toggle that is drawn (Playwright's :visible: a non-empty box). */
const drawnIcons = (toggle: Locator) => toggle.locator('svg:visible');

/**
 * Clicks a top-bar button once no toast lies over it. A toast may come at any moment (the
 * service worker's 'ready offline' one comes when the worker is installed, late on a busy
 * machine) and covers the bar at phone size until it closes by itself: a click it takes is
 * not made, so the click is tried again after the toasts are gone.
 */
async function clickPastToasts(page: Page, button: Locator): Promise<void> {
  const toasts = page.locator('.mantine-Notifications-root [role="alert"]');
  await expect(async () => {
    await expect(toasts).toHaveCount(0, { timeout: 10_000 });
    await button.click({ timeout: 2_000 });
  }).toPass({ timeout: 25_000 });
}

for (const [size, options] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);

    test('a new customer: the sign-in toast covers nothing of the address dialog, the top bar shows name and role, the theme toggle one icon', async ({
      page,
      request,
    }, testInfo) => {
      // Room for the toggle's clicks to wait out a toast that lands on the bar.
      test.setTimeout(60_000);
      const phone = await signInAsNewCustomer(page, request, testInfo.testId);

      await test.step('the address dialog opens with no toast over it', async () => {
        const dialog = page.getByRole('dialog', { name: vi.address.title });
        await expect(dialog).toBeVisible();
        const toasts = page.locator('.mantine-Notifications-root [role="alert"]');
        for (const shown of await toasts.all()) {
          if (!(await shown.isVisible())) continue;
          expect.soft(overlaps(await boxOf(shown), await boxOf(dialog))).toBe(false);
        }
        await dialog.getByRole('button', { name: vi.address.cancel }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step("the top bar shows the customer's name and role", async () => {
        const bar = page.getByRole('banner');
        await expectReadable(page, bar.getByText(phone, { exact: true }));
        await expectReadable(page, bar.getByText(vi.roles.customer, { exact: true }));
        // Everything else of the bar still fits: the logout button is inside the window.
        await expectReadable(page, bar.getByRole('button', { name: vi.layout.logout }));
      });

      await test.step('the theme toggle draws the one icon of the mode it leads to', async () => {
        const toDark = page.getByRole('button', { name: vi.layout.toDark });
        await expect.soft(drawnIcons(toDark)).toHaveCount(1);
        const lightIcon = await drawnIcons(toDark).first().innerHTML();
        await clickPastToasts(page, toDark);
        const toLight = page.getByRole('button', { name: vi.layout.toLight });
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await expect.soft(drawnIcons(toLight)).toHaveCount(1);
        expect.soft(await drawnIcons(toLight).first().innerHTML()).not.toBe(lightIcon);
        await clickPastToasts(page, toLight);
        await expect(page.locator('html')).toHaveClass(/\blight\b/);
      });
    });
  });
}

test.describe('the demo owner on a phone', () => {
  test.use(SIZES.phone);

  test("the dashboard legend's colours, the profile's restaurant card whole and legible in light and dark", async ({
    page,
  }) => {
    await signInAsDemoOwner(page);

    await test.step('the chart legend shows a colour beside each series', async () => {
      const swatches = page.locator('.mantine-ChartLegend-legendItemColor');
      await expect(swatches).toHaveCount(2);
      for (const swatch of await swatches.all()) {
        const box = await boxOf(swatch);
        expect.soft(box.width).toBeGreaterThanOrEqual(8);
        expect.soft(box.height).toBeGreaterThanOrEqual(8);
      }
    });

    await page.goto('/profile');
    const card = page.getByRole('region', { name: vi.restaurantCard.title });
    await expect(card.getByText(vi.restaurantCard.approved)).toBeVisible();

    await test.step('both buttons show their whole label', async () => {
      for (const name of [vi.restaurantCard.manageRestaurant, vi.restaurantCard.manageMenu]) {
        const label = card.getByRole('link', { name }).locator('.mantine-Button-label');
        const clipped = await label.evaluate(
          (element) => element.scrollWidth > element.clientWidth,
        );
        expect.soft(clipped, `'${name}' is cut off`).toBe(false);
      }
    });

    for (const scheme of ['light', 'dark'] as const) {
      await test.step(`the card's text has enough contrast (${scheme})`, async () => {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
        const { violations } = await new AxeBuilder({ page })
          .include('section[aria-labelledby="profile-restaurant"]')
          .withRules(['color-contrast'])
          .analyze();
        const report = violations
          .flatMap((violation) => violation.nodes.map((node) => node.failureSummary ?? ''))
          .join('\n');
        expect.soft(report).toBe('');
      });
    }
  });
});
