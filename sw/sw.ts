import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  clickTarget,
  noticeFor,
  pickWindow,
  readPushPayload,
  type PushClientMessage,
} from './push';

declare const self: ServiceWorkerGlobalScope & {
  // Replaced at build time by vite-plugin-pwa (injectManifest) with the list of files to precache.
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

// Prompt mode: a new version installs, then waits. It takes over only when the page asks,
// after the user pressed 'Tải lại' (src/app/pwa.tsx). No clientsClaim()/skipWaiting() here,
// so one page never runs against two versions of the app.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The app shell, the customer's route chunks, icons and the /bg images. The staff screens' chunks
// are left out at build time (build/staff-only-assets.ts) and cached by the route below when
// first opened.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route is the same index.html, so a reload or a deep link works offline.
// The API and the payment sandbox are real server pages and must never get the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/sandbox\//],
  }),
);

// Staff-only chunks (dashboard and charts, menu, restaurant, reviews): a staff tablet that opened
// them once keeps working offline. Names carry a content hash, so a cached copy never goes
// stale; the expiry only drops the chunks of versions that are long gone.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' ||
      request.destination === 'style' ||
      /\.(?:js|css)$/.test(url.pathname)),
  new CacheFirst({
    cacheName: 'staff-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 80,
        maxAgeSeconds: 60 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Dish and restaurant photos: shown from cache at once and kept for a month. Status 0 admits
// opaque replies from other hosts; purgeOnQuotaError drops this cache before the app's data.
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 200,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Web Push (sw/push.ts holds the pure part). Every push shows a notification, even one whose
// data cannot be read: the subscription promised the browser userVisibleOnly, and a silent push
// gets the site's permission revoked by some browsers.
self.addEventListener('push', (event) => {
  const payload = readPushPayload(readPushText(event.data));
  const { title, options } = noticeFor(payload);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // An open window hears of it at once (a staff tablet rings for a new order).
      tellOpenWindows({ type: 'push', payload }),
    ]),
  );
});

function readPushText(data: PushMessageData | null): string | null {
  try {
    return data?.text() ?? null;
  } catch {
    return null;
  }
}

async function tellOpenWindows(message: PushClientMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(clickTarget(event.notification.data, self.location.origin)));
});

async function openTarget(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const picked = pickWindow(windows, target);
  if (!picked) {
    await self.clients.openWindow(target);
    return;
  }
  let client: WindowClient = picked.window;
  if (picked.navigate) {
    try {
      // navigate() refuses a window this worker does not control (null or a rejection).
      client = (await client.navigate(target)) ?? client;
    } catch {
      await self.clients.openWindow(target);
      return;
    }
  }
  await client.focus();
}

// The push service replaced or expired the subscription: subscribe again with the same server
// key. The worker holds no sign-in, so the app registers the new endpoint with the server the
// next time it opens (src/api/push.ts, syncPushSubscription).
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  };
  const key = change.oldSubscription?.options.applicationServerKey;
  if (change.newSubscription || !key) return;
  change.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .then(() => undefined)
      .catch(() => {
        // Permission withdrawn or the service refuses: the app's switch shows it off.
      }),
  );
});
