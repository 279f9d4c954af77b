import { isHTTPError } from 'ky';
import { getErrorReply } from './http';

/**
 * A fresh Idempotency-Key (design.md section 4). crypto.randomUUID exists only in secure
 * contexts, and the app may be opened over plain http on a local network, so random bytes
 * (available everywhere) stand in for it there. Shared by checkout (creating the order) and
 * the pay flow (components/payment), which features cannot share otherwise.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server settled this request. Without a reply (connection lost, timeout) the
 * request may have taken effect; a 5xx released the key on the server; 408 and 429 were not
 * processed; a 409 IDEMPOTENCY_IN_PROGRESS means the first send still runs. A retry must then
 * carry the same key, so it gets the first send's outcome rather than a second one.
 */
export function isSettled(error: unknown): boolean {
  if (!isHTTPError(error)) return false;
  const { status } = error.response;
  if (status >= 500 || status === 408 || status === 429) return false;
  return getErrorReply(error)?.code !== 'IDEMPOTENCY_IN_PROGRESS';
}
