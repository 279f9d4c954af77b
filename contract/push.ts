import { z } from 'zod';
import { okReply } from './envelope';

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292): the server's public key for
 * `PushManager.subscribe`, and the browser's subscription registered and removed.
 */

export const PushKeyReplySchema = okReply(
  z.object({
    /** The VAPID application server key, base64url (an uncompressed P-256 point). */
    public_key: z.string(),
  }),
);

export const PUSH_ENDPOINT_INVALID_MESSAGE = 'Địa chỉ nhận thông báo không hợp lệ';
export const PUSH_KEYS_INVALID_MESSAGE = 'Khóa nhận thông báo không hợp lệ';

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (max: number) =>
  z
    .string({ error: PUSH_KEYS_INVALID_MESSAGE })
    .min(1, PUSH_KEYS_INVALID_MESSAGE)
    .max(max, PUSH_KEYS_INVALID_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_KEYS_INVALID_MESSAGE);

/**
 * A push service URL: http(s) only (never `javascript:` or `data:`), at most 2,048 characters.
 * Production further requires https and a public host; the server checks that.
 */
export const PushEndpointSchema = z
  .string({ error: PUSH_ENDPOINT_INVALID_MESSAGE })
  .max(2048, PUSH_ENDPOINT_INVALID_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, PUSH_ENDPOINT_INVALID_MESSAGE);

/** `PushSubscription.toJSON()`: the endpoint and the two keys the payload is encrypted with. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // A P-256 public key is 65 bytes (87 base64url characters); auth is 16 bytes (22).
      p256dh: base64url(200),
      auth: base64url(100),
    },
    { error: PUSH_KEYS_INVALID_MESSAGE },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });

/** What the service worker receives in a push message's data (JSON). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One per subject ('order-42'): a newer notification replaces the older one. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
