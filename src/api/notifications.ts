import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  MarkNotificationsReadBody,
  Notification,
  NotificationList,
} from '#contract/notifications';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** A phone screen and then some; the server allows up to 50. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications/: one page, newest first, with what is unread in all. */
export async function getNotifications(
  { page, perPage = NOTIFICATIONS_PAGE_SIZE }: { page: number; perPage?: number },
  signal?: AbortSignal,
): Promise<NotificationList> {
  const reply = await http
    .get('notifications/', { searchParams: { page, per_page: perPage }, signal })
    .json<ApiReply<NotificationList>>();
  if (!reply.data) throw new Error('Notification list reply without data');
  return reply.data;
}

/** PUT /api/notifications/read/ with some ids or all: what is left unread. */
export async function markNotificationsRead(body: MarkNotificationsReadBody): Promise<number> {
  const reply = await http
    .put('notifications/read/', { json: body })
    .json<ApiReply<{ unread_count: number }>>();
  if (typeof reply.data?.unread_count !== 'number') {
    throw new Error('Mark-read reply without unread_count');
  }
  return reply.data.unread_count;
}

export const notificationQueries = {
  /**
   * Every notification query lives under this prefix: a new notification arriving on the live
   * connection invalidates it, refreshing the bell and the inbox together.
   */
  all: () => ['notifications'] as const,
  /**
   * The inbox, newest first. Each page also carries the unread count, which is copied to the
   * bell's query so the two never disagree. Persisted (design.md section 6): it reads offline.
   */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: async ({ pageParam, signal, client }) => {
        const page = await getNotifications({ page: pageParam }, signal);
        client.setQueryData(notificationQueries.unread().queryKey, page.unread_count);
        return page;
      },
      initialPageParam: 1,
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        lastPage.pagination.has_next ? lastPageParam + 1 : undefined,
      // Notifications arrive behind the reader's back: read again whenever the inbox opens.
      staleTime: 0,
      ...persistedQuery,
    }),
  /**
   * The bell's count: the smallest page the server gives, for its unread_count. Persisted, so
   * the last known count shows offline and while the new one is on its way.
   */
  unread: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread'] as const,
      queryFn: async ({ signal }) =>
        (await getNotifications({ page: 1, perPage: 1 }, signal)).unread_count,
      staleTime: 0,
      ...persistedQuery,
    }),
};

type ListData = InfiniteData<NotificationList, number>;

/** What the cache holds before a mark-read, to put back when the server refuses it. */
export interface NotificationsSnapshot {
  list: ListData | undefined;
  unread: number | undefined;
}

/**
 * Marks notifications read in the cache at once (the inbox and the bell), before the server
 * answers: `ids` or every one. Returns what was there, for `restoreNotifications`.
 */
export async function markReadInCache(
  client: QueryClient,
  body: MarkNotificationsReadBody,
): Promise<NotificationsSnapshot> {
  const listKey = notificationQueries.list().queryKey;
  const unreadKey = notificationQueries.unread().queryKey;
  // A list or count on its way would overwrite the optimistic state with the old one.
  await client.cancelQueries({ queryKey: notificationQueries.all() });
  const snapshot: NotificationsSnapshot = {
    list: client.getQueryData<ListData>(listKey),
    unread: client.getQueryData<number>(unreadKey),
  };
  const marked = 'ids' in body ? new Set(body.ids) : null;
  const marks = (item: Notification) => !item.read && (marked === null || marked.has(item.id));
  const newlyRead = new Set<number>();
  for (const page of snapshot.list?.pages ?? []) {
    for (const item of page.items) if (marks(item)) newlyRead.add(item.id);
  }
  const left = (count: number) => (marked === null ? 0 : Math.max(0, count - newlyRead.size));

  if (snapshot.list) {
    client.setQueryData<ListData>(listKey, {
      ...snapshot.list,
      pages: snapshot.list.pages.map((page) => ({
        ...page,
        unread_count: left(page.unread_count),
        items: page.items.map((item) => (marks(item) ? { ...item, read: true } : item)),
      })),
    });
  }
  if (snapshot.unread !== undefined) client.setQueryData(unreadKey, left(snapshot.unread));
  return snapshot;
}

/** Puts back what `markReadInCache` changed (setting undefined leaves an absent query absent). */
export function restoreNotifications(client: QueryClient, snapshot: NotificationsSnapshot): void {
  client.setQueryData(notificationQueries.list().queryKey, snapshot.list);
  client.setQueryData(notificationQueries.unread().queryKey, snapshot.unread);
}
