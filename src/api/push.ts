import { http, type ApiReply } from '../lib/http';
import {
  applicationServerKey,
  currentPushSubscription,
  pushOwner,
  setPushOwner,
  workerRegistration,
} from '../lib/push';

/** GET /api/push/key/: the server's VAPID public key, base64url. */
export async function getPushKey(): Promise<string> {
  const reply = await http.get('push/key/').json<ApiReply<{ public_key: string }>>();
  if (!reply.data?.public_key) throw new Error('Push key reply without public_key');
  return reply.data.public_key;
}

/** POST /api/push/subscriptions/ with `PushSubscription.toJSON()`. */
export async function registerPushSubscription(subscription: PushSubscription): Promise<void> {
  await http.post('push/subscriptions/', {
    json: subscription.toJSON(),
  });
}

/**
 * DELETE /api/push/subscriptions/ `{endpoint}`. `accessToken` signs the call when the session
 * is being cleared while it is on its way (sign-out).
 */
export async function removePushSubscription(
  endpoint: string,
  accessToken?: string,
): Promise<void> {
  await http.delete('push/subscriptions/', {
    json: { endpoint },
    ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });
}

export type EnablePushResult = 'enabled' | 'denied' | 'dismissed';

/**
 * Turns push on for the signed-in user: asks the browser's permission (only ever from a press
 * on the setting), subscribes with the server's key and registers the subscription. A
 * subscription the server refused is dropped again, so the device and the server agree.
 */
export async function enablePush(userId: string | number): Promise<EnablePushResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await workerRegistration();
  if (!registration) throw new Error('No service worker to receive push');
  const key = await getPushKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    }));
  try {
    await registerPushSubscription(subscription);
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  setPushOwner(userId);
  return 'enabled';
}

/**
 * Turns push off on this device: the server forgets the endpoint and the browser drops the
 * subscription. The browser's unsubscribe happens even when the server cannot be told
 * (offline): the endpoint is then dead, and the push service's 404/410 removes it server-side.
 */
export async function disablePush(accessToken?: string): Promise<void> {
  const subscription = await currentPushSubscription();
  setPushOwner(null);
  if (!subscription) return;
  try {
    await removePushSubscription(subscription.endpoint, accessToken);
  } finally {
    await subscription.unsubscribe();
  }
}

/**
 * On each start of a signed-in app: the subscription of the user who turned push on is
 * registered again (the worker renews an expired one but cannot sign the call); one left by
 * someone else is dropped.
 */
export async function syncPushSubscription(userId: string | number): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  if (pushOwner() === String(userId)) await registerPushSubscription(subscription);
  else await subscription.unsubscribe();
}
