import { Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Notification } from '#contract/notifications';
import { vi } from '#src/i18n/vi';
import { inAppPath } from '../in-app-path';
import { timeAgo } from '../time-ago';
import classes from './notifications.module.css';

interface NotificationItemProps {
  notification: Notification;
  /** Called as the link is followed. */
  onOpen: (notification: Notification) => void;
}

/** One notification: its link, in bold with a dot and 'Chưa đọc' while unread. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = !notification.read;
  return (
    <Link
      to={inAppPath(notification.url)}
      className={`${classes.item} ${unread ? classes.unread : ''}`}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
    >
      <span className={classes.dotSlot} aria-hidden="true">
        {unread ? <span className={classes.dot} /> : null}
      </span>
      <span className={classes.text}>
        <Text component="span" fw={unread ? 700 : 500}>
          {notification.title}
        </Text>
        {unread ? <VisuallyHidden>{vi.inbox.unread}</VisuallyHidden> : null}
        <Text component="span" size="sm" c="dimmed">
          {notification.body}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={notification.created_at}>
          {timeAgo(notification.created_at)}
        </Text>
      </span>
    </Link>
  );
}
