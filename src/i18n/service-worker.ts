/**
 * The words the service worker shows by itself. A file of its own because the worker bundles
 * what it imports, and the whole catalogue would weigh on every visitor's worker install; the
 * catalogue (vi.ts) lists these under `push.serviceWorker`.
 */
export const serviceWorkerText = {
  /** A push whose data cannot be read still shows a notification (userVisibleOnly). */
  fallbackTitle: 'Bạn có thông báo mới',
  fallbackBody: 'Mở Món Ngon để xem chi tiết.',
} as const;
