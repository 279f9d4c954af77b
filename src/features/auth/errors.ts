import { isHTTPError } from 'ky';
import { getErrorReply } from '#src/lib/http';

// What the screens need to know about a failed auth call. lib/http.ts already reads the error
// envelope ({success:false, message, code, errors?}); these pick the parts the forms show.

function nonEmpty(value: string | undefined | null): string | undefined {
  return value != null && value.trim() !== '' ? value : undefined;
}

/** The HTTP status of a failed call; undefined when no answer came at all (offline, timeout). */
export function statusOf(error: unknown): number | undefined {
  return isHTTPError(error) ? error.response.status : undefined;
}

/** The Vietnamese message the server sent with the error, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return nonEmpty(getErrorReply(error)?.message);
}

export function errorCode(error: unknown): string | undefined {
  return nonEmpty(getErrorReply(error)?.code);
}

/** The server's message for one request field (`errors[{path, message}]`). */
export function fieldMessage(error: unknown, path: string): string | undefined {
  return nonEmpty(getErrorReply(error)?.errors?.find((item) => item.path === path)?.message);
}

/** The first field the server found fault with (`errors[{path, message}]`). */
export function firstFieldError(error: unknown): { path: string; message: string } | undefined {
  const first = getErrorReply(error)?.errors?.find((item) => nonEmpty(item.message));
  return first ? { path: first.path, message: first.message } : undefined;
}

/** A non-empty message of a 2xx reply that still says `success: false`. */
export function replyMessage(reply: { message?: string | null } | undefined): string | undefined {
  return nonEmpty(reply?.message);
}

/**
 * Seconds to wait from a 429's Retry-After header (delta-seconds or an HTTP date), or
 * undefined when the reply is not a 429 or has no usable header.
 */
export function retryAfterSeconds(error: unknown, now = Date.now()): number | undefined {
  if (!isHTTPError(error) || error.response.status !== 429) return undefined;
  const header = error.response.headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
