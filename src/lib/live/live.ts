import { useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';
import { noteLockedReply, renewAccessToken } from '../http';
import { session } from '../session';
import { createLiveClient, type LiveListener, type LiveStatus } from './live-client';
import { toPushEvent } from './live-event';

const client = createLiveClient({
  // Read at call time: tests and the browser's extensions may replace the global. A locked
  // account's stream is refused like its other requests: that ends the session here too, so an
  // idle screen does not retry it for ever.
  fetch: async (url, init) => {
    const response = await globalThis.fetch(url, init);
    await noteLockedReply(response);
    return response;
  },
  locks:
    typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function'
      ? navigator.locks
      : null,
  openChannel: (name) =>
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null,
  isOnline: () => navigator.onLine,
  accessToken: () => session.tokens?.access_token ?? null,
  renewAccessToken,
});

/** Who the stream is for: a new user (or a sign-out) closes it and opens another. */
function identity(): string | null {
  const { user, tokens, userType } = session;
  if (!user || !tokens?.access_token) return null;
  return `${userType}:${String(user.id ?? user.name ?? '')}`;
}

function follow() {
  const who = identity();
  if (who) client.start(who);
  else client.stop();
}

const onOnline = () => client.nudge();
const onOffline = () => client.wentOffline();
const onVisibility = () => {
  if (document.visibilityState === 'visible') client.nudge();
};
const onWorkerMessage = (message: MessageEvent) => {
  const push = toPushEvent(message.data);
  if (!push) return;
  client.deliverPush(push);
  client.nudge();
};

let users = 0;
let unfollow: (() => void) | null = null;

/**
 * Keeps the device's live connection open while someone is signed in, and closes it on
 * sign-out; mounted once by the app. Returns the function that lets go of it.
 */
export function startLive(): () => void {
  users += 1;
  if (users === 1) {
    unfollow = subscribe(session, follow);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisibility);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    follow();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users > 0) return;
    unfollow?.();
    unfollow = null;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    client.stop();
  };
}

/** Every live event (the stream's, `resync` and service worker `push`es) until unsubscribed. */
export function subscribeLive(listener: LiveListener): () => void {
  return client.subscribe(listener);
}

export function liveStatus(): LiveStatus {
  return client.status();
}

/** 'live' while the stream is open, 'connecting' while (re)opening it, 'offline' without network. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => client.subscribeStatus(listener),
    () => client.status(),
    () => 'connecting',
  );
}
