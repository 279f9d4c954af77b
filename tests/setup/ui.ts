// Setup of the 'ui' vitest project (jsdom): what the browser has and jsdom lacks.
import '@testing-library/jest-dom/vitest';
// IndexedDB for the query persister (idb-keyval).
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});
