import { isHTTPError } from 'ky';
import { getErrorReply } from '#src/lib/http';

/**
 * Spec section 8 for deposit and withdraw: when the server refused (a 4xx: the amount range,
 * the balance, the role) its own sentence tells the user what to change; anything else (no
 * reply, a 5xx, a reply without a link) gets the screen's fixed failure sentence.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isHTTPError(error) && error.response.status < 500) {
    const message = getErrorReply(error)?.message?.trim();
    if (message) return message;
  }
  return fallback;
}
