import { test as base, expect, type BrowserContext } from '@playwright/test';

export { expect };

// Runs inside every page and frame before its own scripts. The e2e tsconfig has no DOM
// library, so the little of the browser API used is declared for this function only.
function reportViolations(): void {
  interface Violation {
    violatedDirective: string;
    blockedURI: string;
    sourceFile: string;
    lineNumber: number;
  }
  const page = globalThis as unknown as {
    document: { addEventListener(type: string, listener: (event: Violation) => void): void };
    location: { href: string };
    __mnCspViolation?: (text: string) => void;
  };
  page.document.addEventListener('securitypolicyviolation', (event) => {
    page.__mnCspViolation?.(
      `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ` +
        `(${event.sourceFile || page.location.href}:${event.lineNumber})`,
    );
  });
}

/**
 * Every journey's `test`: it fails when the browser reports a Content-Security-Policy
 * violation in any page of the test, in the test's own context or in one it opens itself, as
 * a `securitypolicyviolation` event or a console message (Chromium logs every refusal there).
 * A journey that provokes one on purpose reads and empties `cspViolations` itself.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser, playwright }, use) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) {
            violations.push(`console: ${message.text()}`);
          }
        });
        await watched.exposeBinding('__mnCspViolation', (_source, text: string) => {
          violations.push(`event: ${text}`);
        });
        await watched.addInitScript(reportViolations);
      };
      await watch(context);

      // Contexts a journey opens itself (a second person, an offline phone, a persistent
      // profile) are watched as well, for the length of the test.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watch(opened);
        return opened;
      };
      const chromium = playwright.chromium;
      const launchPersistentContext = chromium.launchPersistentContext.bind(chromium);
      chromium.launchPersistentContext = async (userDataDir, options) => {
        const opened = await launchPersistentContext(userDataDir, options);
        await watch(opened);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
        chromium.launchPersistentContext = launchPersistentContext;
      }
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});
