import { Button, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { Notification } from '#contract/notifications';
import { notificationQueries } from '#src/api/notifications';
import { IconBell } from '#src/components/icons';
import { InfiniteListFooter } from '#src/components/infinite-list-footer';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import { uniqueById } from '#src/lib/unique-by-id';
import { useOnline } from '#src/lib/use-online';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import classes from '../components/notifications.module.css';

const text = vi.inbox;

function Empty() {
  return <ScreenEmpty icon={<IconBell size={48} />} title={text.empty} hint={text.emptyHint} />;
}

/**
 * /notifications: the signed-in user's inbox, newest first, the next page loading near the
 * bottom. Kept in the persisted cache, so it reads offline (the frame's banner says so); marking
 * read needs the network.
 */
export function NotificationsPage() {
  const query = useInfiniteQuery(notificationQueries.list());
  const { data, error, isPending, refetch } = query;
  const items = useMemo(() => uniqueById(data?.pages ?? []), [data]);
  const unreadCount = data?.pages[0]?.unread_count ?? 0;
  const online = useOnline();
  const markRead = useMarkNotificationsRead();
  const noteId = useId();

  const open = (notification: Notification) => {
    // Offline the mark would only fail and be rolled back; the item stays unread until later.
    if (!notification.read && online) markRead.mutate({ ids: [notification.id] });
  };

  let content;
  if (isPending) {
    content = <ScreenLoading label={text.loading} />;
  } else if (!data) {
    // A copy kept from an earlier visit still shows when the refresh fails (offline).
    content = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (items.length === 0) {
    content = <Empty />;
  } else {
    content = (
      <>
        <ul className={classes.list}>
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onOpen={open} />
            </li>
          ))}
        </ul>
        <InfiniteListFooter
          query={query}
          itemCount={items.length}
          loadingLabel={text.loading}
          endText={text.end}
        />
      </>
    );
  }

  return (
    <Stack gap="md" maw={800} mx="auto">
      <div className={classes.head}>
        <Title order={1} size="h2">
          {text.title}
        </Title>
        {items.length > 0 ? (
          <Button
            variant="light"
            size="sm"
            disabled={!online || unreadCount === 0}
            aria-describedby={online ? undefined : noteId}
            onClick={() => markRead.mutate({ all: true })}
          >
            {text.markAllRead}
          </Button>
        ) : null}
      </div>
      {online ? null : (
        <Text id={noteId} size="sm" c="dimmed">
          {text.markReadNeedsNetwork}
        </Text>
      )}
      {content}
    </Stack>
  );
}
