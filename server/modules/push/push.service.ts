import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Kysely } from 'kysely';
import {
  PUSH_ENDPOINT_INVALID_MESSAGE,
  PUSH_KEYS_INVALID_MESSAGE,
  type PushSubscriptionBody,
} from '#contract/push';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import {
  deleteDeliveriesOfOtherUsers,
  deleteOldestSubscriptions,
  deleteSubscriptionOfUser,
  insertDeliveriesForUser,
  upsertSubscription,
} from './push.queries';

/** Browsers a user keeps subscribed at once; registering one more drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

// Addresses no real push service has: the server would otherwise be talked into POSTing to
// its own network (loopback, private ranges, link-local, carrier-grade NAT, unspecified,
// multicast and reserved, and every IPv4-mapped IPv6 literal, which no push service uses).
// Two lists: a BlockList also matches an IPv4 address against IPv4-mapped IPv6 rules.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC_V4.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(prefix, bits, 'ipv6');
}

/**
 * Whether production may send to `endpoint`: https, and a host that is a public name or
 * address. Names are not resolved here: a push service's name is public, and what a name
 * resolves to is the network's business (an egress firewall).
 */
export function isAllowedProductionEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  // IPv6 literals come bracketed; a trailing dot names the same host as without.
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = isIP(host);
  if (family === 4) return !NOT_PUBLIC_V4.check(host, 'ipv4');
  if (family === 6) return !NOT_PUBLIC_V6.check(host, 'ipv6');
  // A single label ('localhost', an intranet name) is never a public push service.
  return host.includes('.') && !host.endsWith('.localhost');
}

/**
 * The subscription's keys as a browser makes them: p256dh a P-256 point (65 bytes starting
 * 0x04, on the curve) and auth 16 random bytes. A bad pair would fail every push later.
 */
export function arePushKeysValid(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    // Refuses a point that is not on the curve, which encryption would refuse at send time.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', { message, errors: [{ path, message }] });
}

/**
 * Registers the caller's browser for pushes (or moves the endpoint to them), keeping their
 * newest MAX_SUBSCRIPTIONS_PER_USER.
 */
export async function subscribe(
  db: Kysely<DB>,
  userId: number,
  body: PushSubscriptionBody,
  options: { production: boolean },
): Promise<void> {
  if (options.production && !isAllowedProductionEndpoint(body.endpoint)) {
    refuse('endpoint', PUSH_ENDPOINT_INVALID_MESSAGE);
  }
  if (!arePushKeysValid(body.keys)) refuse('keys', PUSH_KEYS_INVALID_MESSAGE);
  await db.transaction().execute(async (trx) => {
    const id = await upsertSubscription(trx, {
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    await deleteDeliveriesOfOtherUsers(trx, id, userId);
    await deleteOldestSubscriptions(trx, userId, MAX_SUBSCRIPTIONS_PER_USER);
  });
}

/** Removes the caller's endpoint; someone else's or an unknown one is left alone, quietly. */
export function unsubscribe(db: Kysely<DB>, userId: number, endpoint: string): Promise<void> {
  return deleteSubscriptionOfUser(db, userId, endpoint);
}

/**
 * Queues a notification's pushes, one per browser of its user, inside the transaction that
 * writes the notification: they exist exactly when it commits, and the push worker (woken by
 * its `notification.created` event) sends them after. Returns how many were queued.
 */
export function queuePushes(
  trx: Kysely<DB>,
  notification: { id: number; user_id: number },
): Promise<number> {
  return insertDeliveriesForUser(trx, notification.id, notification.user_id);
}
