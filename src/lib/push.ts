// The browser's side of Web Push: whether this device can receive it, the app's worker
// registration and its subscription. The server's side is src/api/push.ts.

/** What the push setting can offer on this device. */
export type PushAvailability = 'available' | 'unsupported' | 'ios-home-screen';

/** iPhone, iPad and iPod, including an iPad that presents itself as a Mac. */
export function isIos(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/** Opened from the home screen (iOS's `navigator.standalone`) or as an installed app. */
export function isStandalone(): boolean {
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false;
}

/**
 * iOS gives Web Push only to an app added to the home screen, so a Safari tab is told how to
 * get it rather than that it cannot; elsewhere the service worker, PushManager and
 * Notification must all be there.
 */
export function pushAvailability(): PushAvailability {
  if (isIos() && !isStandalone()) return 'ios-home-screen';
  const supported =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return supported ? 'available' : 'unsupported';
}

/**
 * The app's worker registration once it is active; null when no worker is registered (the dev
 * server, which runs without one), rather than waiting forever on `ready`.
 */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (pushAvailability() !== 'available') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? navigator.serviceWorker.ready : null;
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The server's VAPID key (base64url) as the bytes `PushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const OWNER_KEY = 'push-subscription-user';

/**
 * Who turned push on on this device. A session that ended without signing out (a refused
 * token refresh) leaves the subscription behind; the next user must not inherit it.
 */
export function pushOwner(): string | null {
  return localStorage.getItem(OWNER_KEY);
}

export function setPushOwner(userId: string | number | null): void {
  if (userId === null) localStorage.removeItem(OWNER_KEY);
  else localStorage.setItem(OWNER_KEY, String(userId));
}
