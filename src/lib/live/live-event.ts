import type { LiveEventPayloads } from '#contract/events';
import type { PushPayload } from '#contract/push';
import type { SseMessage } from './sse-parser';

/** A stream event with its payload, as every tab's subscribers receive it. */
export type StreamEvent = {
  [K in keyof LiveEventPayloads]: { type: K; id: string; data: LiveEventPayloads[K] };
}[keyof LiveEventPayloads];

/**
 * What subscribers of the live connection receive: the stream's events, `resync` (what was
 * missed is gone, refetch what is shown) and `push`, a Web Push the service worker passed on
 * to an open window.
 */
export type LiveEvent =
  StreamEvent | { type: 'resync'; id: string } | { type: 'push'; payload: PushPayload };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown): value is number => Number.isInteger(value);

/** The fields each type's subscribers rely on; anything else (a newer server) is skipped. */
const CHECKS: Record<keyof LiveEventPayloads, (data: Record<string, unknown>) => boolean> = {
  'order.created': (d) => isInt(d.order_id) && typeof d.status === 'string',
  'order.updated': (d) => isInt(d.order_id) && typeof d.status === 'string',
  'wallet.updated': (d) => isInt(d.balance),
  'notification.created': (d) => isInt(d.id),
};

function isStreamType(type: string): type is keyof LiveEventPayloads {
  return Object.hasOwn(CHECKS, type);
}

/** A parsed SSE message as a live event; null for an unknown type or a malformed payload. */
export function toLiveEvent(message: SseMessage): LiveEvent | null {
  if (message.type === 'resync') return { type: 'resync', id: message.id };
  if (!isStreamType(message.type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (!isRecord(data) || !CHECKS[message.type](data)) return null;
  return { type: message.type, id: message.id, data } as StreamEvent;
}

/** The service worker's `{type: 'push', payload: {title, body, url, tag}}` window message. */
export function toPushEvent(message: unknown): LiveEvent | null {
  if (!isRecord(message) || message.type !== 'push' || !isRecord(message.payload)) return null;
  const { title, body, url, tag } = message.payload;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    type: 'push',
    payload: { title: text(title), body: text(body), url: text(url), tag: text(tag) },
  };
}
