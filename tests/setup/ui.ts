// Setup of the 'ui' vitest project (jsdom): what the browser has and jsdom lacks.
import '@testing-library/jest-dom/vitest';
// IndexedDB for the query persister (idb-keyval).
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearAllOutboxes } from '#src/lib/cart/outbox-store';
import { clearPersistedQueries } from '#src/lib/query-client';
import { logout } from '#src/lib/session';

// Mantine reads prefers-color-scheme and breakpoints through matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// The app calls '/api/...' relative to the page, as a browser resolves it against the document.
// Node's fetch (undici) has no document; it reads its base URL from this global, the one its
// setGlobalOrigin() sets (Node does not expose that function itself).
(globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = new URL(
  window.location.origin,
);

// No UI test reaches a real server (a dev server on the same port would answer, and a 401 would
// end the session mid-test). A test that expects calls stubs fetch itself with vi.stubGlobal.
beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    return Promise.reject(new TypeError(`No fetch stub in this test: ${url}`));
  });
});

window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });

// What navigator has of its own before any test: a test may add one (onLine, geolocation).
const navigatorKeys = new Set(Reflect.ownKeys(navigator));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// The files of a worker share one jsdom and one module graph (isolate: false in
// vitest.config.ts), so everything a test can leave behind in them is reset here, after every
// test, whatever its file does: the DOM, timers, toasts, the session, storage and IndexedDB.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  notifications.clean();
  notifications.cleanQueue();
  logout();
  localStorage.clear();
  sessionStorage.clear();
  await Promise.all([clearPersistedQueries(), clearAllOutboxes()]);
  for (const key of Reflect.ownKeys(navigator)) {
    if (!navigatorKeys.has(key)) Reflect.deleteProperty(navigator, key);
  }
  document.documentElement.className = '';
});
