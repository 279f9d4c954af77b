import type { Kysely } from 'kysely';
import type { LiveEventPayloads, LiveEventType } from '#contract/events';
import type { DB, OrderStatus, Role } from '#server/db/schema';
import type { ExclusivelyFn } from '#server/db/database';
import { JOB_LOCKS, runPeriodicallyAlone } from '#server/db/exclusive-jobs';
import type { Periodic } from '#server/lib/periodic';
import { findRestaurantIdOfStaff } from '../workplace/workplace.service';
import {
  deleteEventsBefore,
  insertEvent,
  selectAudienceEventsAfter,
  selectEventIdRange,
  type EventRow,
} from './events.queries';

export type { EventRow } from './events.queries';

/** Whom an event is for: one user, or every staff member of one restaurant. */
export type EventAudience = { userId: number } | { restaurantId: number };

/** Whose events a stream receives: the user's own and, for staff, their restaurant's. */
export interface StreamAudience {
  userId: number;
  restaurantId: number | null;
}

/** How long events stay replayable (design.md section 9). */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A reconnect replays at most this many events; past it the client is told to resync. */
export const MAX_REPLAY = 500;

/**
 * Writes one event in the caller's transaction: it exists, and is announced, exactly when the
 * change it reports commits.
 */
export async function recordEvent<T extends LiveEventType>(
  trx: Kysely<DB>,
  audience: EventAudience,
  type: T,
  payload: LiveEventPayloads[T],
): Promise<void> {
  await insertEvent(trx, {
    type,
    user_id: 'userId' in audience ? audience.userId : null,
    restaurant_id: 'restaurantId' in audience ? audience.restaurantId : null,
    payload,
  });
}

interface OrderFacts {
  id: number;
  customer_id: number;
  restaurant_id: number;
  status: OrderStatus;
  total_amount: number;
}

/**
 * An order's status changed: its customer and its restaurant's staff are told; a change to
 * paid is also a new order for the kitchen.
 */
export async function recordOrderStatus(trx: Kysely<DB>, order: OrderFacts): Promise<void> {
  const updated = { order_id: order.id, restaurant_id: order.restaurant_id, status: order.status };
  if (order.status === 'paid') {
    await recordEvent(trx, { restaurantId: order.restaurant_id }, 'order.created', {
      ...updated,
      total_amount: order.total_amount,
    });
  }
  await recordEvent(trx, { userId: order.customer_id }, 'order.updated', updated);
  await recordEvent(trx, { restaurantId: order.restaurant_id }, 'order.updated', updated);
}

/** A wallet's balance after a movement, to its owner. */
export function recordWalletBalance(
  trx: Kysely<DB>,
  userId: number,
  balance: number,
): Promise<void> {
  return recordEvent(trx, { userId }, 'wallet.updated', { balance });
}

export async function streamAudience(
  db: Kysely<DB>,
  user: { id: number; role: Role },
): Promise<StreamAudience> {
  return { userId: user.id, restaurantId: await findRestaurantIdOfStaff(db, user) };
}

/**
 * A Last-Event-ID as the client sent it: a positive safe integer, or null (absent, garbage,
 * zero or negative all mean 'no replay').
 */
export function parseLastEventId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * What a reconnecting stream missed: the audience's events after `lastEventId`, or 'resync'
 * when they can no longer be told: older events were pruned past it, the id is ahead of
 * anything kept (a restored database), or more were missed than a replay sends.
 */
export async function eventsToReplay(
  db: Kysely<DB>,
  audience: StreamAudience,
  lastEventId: number,
): Promise<EventRow[] | { resync: true; newest: number }> {
  const { oldest, newest } = await selectEventIdRange(db);
  // Ids have gaps (rolled-back transactions), so a gap before the oldest kept one may be
  // harmless; a resync is then only a refetch too many, never an event lost.
  if (lastEventId > newest || lastEventId < oldest - 1) return { resync: true, newest };
  const events = await selectAudienceEventsAfter(db, audience, lastEventId, MAX_REPLAY + 1);
  return events.length > MAX_REPLAY ? { resync: true, newest } : events;
}

/** Removes the events past retention; the number removed. */
export function pruneEvents(db: Kysely<DB>, now = new Date()): Promise<number> {
  return deleteEventsBefore(db, new Date(now.getTime() - EVENT_RETENTION_MS));
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Prunes expired events every hour (and once at start), on one instance at a time: deleting
 * is idempotent, but several instances scanning the table at once only repeat each other.
 */
export function startEventPruning(
  deps: {
    db: Kysely<DB>;
    exclusively: ExclusivelyFn;
    log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
  everyMs = PRUNE_EVERY_MS,
): Periodic {
  return runPeriodicallyAlone(
    deps.exclusively,
    JOB_LOCKS.eventPruning,
    async () => {
      const removed = await pruneEvents(deps.db);
      if (removed) deps.log?.info({ removed }, 'expired events pruned');
    },
    everyMs,
    { runNow: true, onError: (error) => deps.log?.error({ err: error }, 'event pruning failed') },
  );
}
