import type { PushPayload } from '#contract/push';
import { serviceWorkerText } from '#src/i18n/service-worker';

// The pure part of the worker's push handling: what a push message shows and where its click
// leads. No worker globals here, so it is unit-tested in Node (tests/unit/sw/).

/** Where a notification without a usable link leads: the inbox. */
export const INBOX_PATH = '/notifications';
export const NOTIFICATION_ICON = '/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar. */
export const NOTIFICATION_BADGE = '/maskable-192.png';

/** A tag of one order ('order-42'): its newer notification must ring again, not replace silently. */
const ORDER_TAG = /^order-/;

/** What the worker passes to `showNotification`: the lib's options plus `renotify`. */
export interface NoticeOptions {
  body: string;
  tag?: string;
  renotify?: boolean;
  icon: string;
  badge: string;
  data: { url: string };
}

export interface Notice {
  title: string;
  options: NoticeOptions;
}

/** The message each open window of the app receives when a push arrives. */
export interface PushClientMessage {
  type: 'push';
  payload: PushPayload;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The push message's text as a payload, each missing or unreadable field replaced: a generic
 * title and body, the inbox as link, no tag. Never throws: the browser requires every push to
 * show a notification (userVisibleOnly), whatever arrived.
 */
export function readPushPayload(data: string | null | undefined): PushPayload {
  let parsed: unknown = null;
  try {
    parsed = data ? JSON.parse(data) : null;
  } catch {
    parsed = null;
  }
  const fields: Record<string, unknown> =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  return {
    title: text(fields.title) ?? serviceWorkerText.fallbackTitle,
    body: text(fields.body) ?? serviceWorkerText.fallbackBody,
    url: text(fields.url) ?? INBOX_PATH,
    tag: text(fields.tag) ?? '',
  };
}

/** The notification a payload shows. */
export function noticeFor(payload: PushPayload): Notice {
  const options: NoticeOptions = {
    body: payload.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: payload.url },
  };
  // renotify without a tag is a TypeError in the browser; an empty tag means none.
  if (payload.tag !== '') {
    options.tag = payload.tag;
    if (ORDER_TAG.test(payload.tag)) options.renotify = true;
  }
  return { title: payload.title, options };
}

/**
 * The absolute address a click opens: the notification's in-app path on the worker's origin.
 * Anything else (another site, `javascript:`, no data at all) opens the inbox instead, so a
 * push can never send the user off the app.
 */
export function clickTarget(data: unknown, origin: string): string {
  const url =
    typeof data === 'object' && data !== null && 'url' in data ? text(data.url) : undefined;
  const inbox = new URL(INBOX_PATH, origin).href;
  if (!url?.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return inbox;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === new URL(origin).origin ? resolved.href : inbox;
  } catch {
    return inbox;
  }
}

/** An open window as the click handler sees it. */
export interface WindowLike {
  url: string;
  focused: boolean;
}

/**
 * Which open window a click uses, and whether it must be navigated: one already showing the
 * target as it is; else the focused window, else the first one, sent to the target. `null`: no
 * window of the app is open, so a new one opens.
 */
export function pickWindow<T extends WindowLike>(
  windows: readonly T[],
  target: string,
): { window: T; navigate: boolean } | null {
  const showing = windows.find((candidate) => candidate.url === target);
  if (showing) return { window: showing, navigate: false };
  const chosen = windows.find((candidate) => candidate.focused) ?? windows[0];
  return chosen ? { window: chosen, navigate: true } : null;
}
