import type { Kysely } from 'kysely';
import type {
  MarkNotificationsReadBody,
  Notification,
  NotificationList,
} from '#contract/notifications';
import type { DB } from '#server/db/schema';
import { offsetOf, pagination } from '#server/lib/pagination';
import { recordEvent } from '../events/events.service';
import { queuePushes } from '../push/push.service';
import { restaurantTeam } from '../workplace/workplace.service';
import type { NotificationMessage } from './notifications.messages';
import {
  countNotifications,
  countUnread,
  insertNotification,
  selectNotifications,
  updateNotificationsRead,
  type NotificationRow,
} from './notifications.queries';

export type { NotificationMessage } from './notifications.messages';

/**
 * Whom a notification is for: some users, or a restaurant's whole team (its owner and every
 * staff member), optionally but the one who made the change (they know already).
 */
export type NotificationAudience =
  readonly number[] | { restaurantId: number; except?: number | undefined };

/**
 * Writes a notification for each recipient in the transaction of the change it reports, so it
 * exists exactly when the change commits: the inbox row, one push delivery per subscribed
 * browser (sent by the push worker after commit), and a `notification.created` live event with
 * the unread count after it. The count is read inside this transaction: another notification
 * committing meanwhile is counted by the next one, and the client refetches the inbox anyway.
 */
export async function notify(
  trx: Kysely<DB>,
  audience: NotificationAudience,
  message: NotificationMessage,
): Promise<void> {
  // Outside a transaction a failure after this write would leave a notification of nothing.
  if (!trx.isTransaction) throw new Error('notify must run inside the transaction of its change');
  const recipients =
    'restaurantId' in audience
      ? (await restaurantTeam(trx, audience.restaurantId)).filter((id) => id !== audience.except)
      : audience;
  for (const userId of new Set(recipients)) {
    const id = await insertNotification(trx, { user_id: userId, ...message });
    await queuePushes(trx, { id, user_id: userId });
    await recordEvent(trx, { userId }, 'notification.created', {
      id,
      title: message.title,
      body: message.body,
      url: message.url,
      unread_count: await countUnread(trx, userId),
    });
  }
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    url: row.url,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /api/notifications/: the caller's inbox, newest first, with the unread count. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: number,
  query: { page: number; per_page: number },
): Promise<NotificationList> {
  const [rows, total, unread] = await Promise.all([
    selectNotifications(db, userId, query.per_page, offsetOf(query.page, query.per_page)),
    countNotifications(db, userId),
    countUnread(db, userId),
  ]);
  return {
    items: rows.map(toNotification),
    unread_count: unread,
    pagination: pagination(query.page, query.per_page, total),
  };
}

/**
 * PUT /api/notifications/read/: marks some of the caller's notifications read, or all of
 * them; ids that are not the caller's are ignored (no error: they reveal nothing). The
 * unread count left.
 */
export async function markNotificationsRead(
  db: Kysely<DB>,
  userId: number,
  body: MarkNotificationsReadBody,
): Promise<{ unread_count: number }> {
  await updateNotificationsRead(db, userId, 'ids' in body ? body.ids : 'all');
  return { unread_count: await countUnread(db, userId) };
}
