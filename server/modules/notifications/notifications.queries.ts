import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, NotificationsTable } from '#server/db/schema';

export type NotificationRow = Pick<
  Selectable<NotificationsTable>,
  'id' | 'title' | 'body' | 'url' | 'read_at' | 'created_at'
>;

export async function insertNotification(
  db: Kysely<DB>,
  values: { user_id: number; kind: string; title: string; body: string; url: string; tag: string },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bell's count (the partial index on unread rows). */
export async function countUnread(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function countNotifications(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Newest first: ids grow with time, and (user_id, id desc) is indexed. */
export function selectNotifications(
  db: Kysely<DB>,
  userId: number,
  limit: number,
  offset: number,
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'body', 'url', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Marks the user's unread notifications read: those of `ids`, or all of them. The user
 * condition makes another user's ids match nothing, so they are neither touched nor reported.
 */
export async function updateNotificationsRead(
  db: Kysely<DB>,
  userId: number,
  ids: readonly number[] | 'all',
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}
