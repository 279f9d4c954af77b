import { notifications, useNotifications } from '@mantine/notifications';
import { vi } from '../i18n/first-screen';

// Spec section 8, 'General'. Position, auto-close and the 3-visible limit are set once on
// <Notifications> in app/provider.tsx.

function text(value: string | undefined | null): string | undefined {
  return value != null && value.trim() !== '' ? value : undefined;
}

export const toast = {
  /** The reply message when there is one, else 'Thành công'. */
  success(message?: string | null): void {
    notifications.show({ color: 'green', message: text(message) ?? vi.toast.success });
  },
  error(message: string): void {
    notifications.show({ color: 'red', message });
  },
  /** News rather than the result of the user's own action (an order moved on by the kitchen). */
  info(title: string, message: string): void {
    notifications.show({ color: 'blue', title, message });
  },
  /** The message as the headline; the description falls back to 'Cảnh báo'. */
  warning(message?: string | null, description?: string | null): void {
    notifications.show({
      color: 'yellow',
      title: text(message),
      message: text(description) ?? vi.toast.warning,
    });
  },
};

/**
 * Whether a toast that closes by itself is on screen or waiting for room. One that stays until
 * closed (the update prompt) does not count: nothing should wait for it.
 */
export function useTimedToastShowing(): boolean {
  const { notifications: shown, queue } = useNotifications();
  return [...shown, ...queue].some((item) => item.autoClose !== false);
}
