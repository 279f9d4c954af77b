import { z } from 'zod';
import { OrderStatusSchema } from './orders';

/**
 * The live stream, `GET /api/events/` (design.md section 9 'Events'): Server-Sent Events whose
 * `id:` is the event's global id, `event:` its type and `data:` one of the JSON payloads below.
 * A client reconnects with that id as `Last-Event-ID` (or `?last_event_id=`) and is sent what
 * it missed; `resync` means the missed events are gone and everything should be fetched again.
 */

/** An order became paid: new for the restaurant's kitchen. */
export const OrderCreatedEventSchema = z.object({
  order_id: z.number().int(),
  restaurant_id: z.number().int(),
  status: OrderStatusSchema,
  total_amount: z.number().int(),
});

/** Any status change of an order, to its customer and its restaurant's staff. */
export const OrderUpdatedEventSchema = z.object({
  order_id: z.number().int(),
  restaurant_id: z.number().int(),
  status: OrderStatusSchema,
});

/** The owner's wallet balance after a movement, in đồng. */
export const WalletUpdatedEventSchema = z.object({ balance: z.number().int() });

/** A new notification in the user's inbox, with the inbox's unread count after it. */
export const NotificationCreatedEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  unread_count: z.number().int(),
});

/** The replayed events are no longer kept: refetch everything shown. */
export const ResyncEventSchema = z.object({});

export const LIVE_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'wallet.updated',
  'notification.created',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type OrderCreatedEvent = z.infer<typeof OrderCreatedEventSchema>;
export type OrderUpdatedEvent = z.infer<typeof OrderUpdatedEventSchema>;
export type WalletUpdatedEvent = z.infer<typeof WalletUpdatedEventSchema>;
export type NotificationCreatedEvent = z.infer<typeof NotificationCreatedEventSchema>;

/** Each type with its payload. */
export interface LiveEventPayloads {
  'order.created': OrderCreatedEvent;
  'order.updated': OrderUpdatedEvent;
  'wallet.updated': WalletUpdatedEvent;
  'notification.created': NotificationCreatedEvent;
}

export const EventStreamQuerySchema = z.object({
  // Read leniently: a garbage id is treated as none rather than refused, so a client with a
  // corrupted id still gets its stream (and nothing of anyone else's).
  last_event_id: z.string().max(40).optional(),
});
