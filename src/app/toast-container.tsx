import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** How long a toast stays before it closes by itself (spec section 8, 'General'). */
const AUTO_CLOSE_MS = 4000;

/**
 * Mantine's toast container, in a module of its own for Toasts (toasts.tsx) to load after the
 * first screen. A dynamic import of '@mantine/notifications' itself would keep every export of
 * that package, the container with them, in the first load, where its store already is.
 */
export function ToastContainer(props: Pick<NotificationsProps, 'position' | 'limit'>) {
  return <Notifications autoClose={AUTO_CLOSE_MS} {...props} />;
}
