import { notificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { ToastContainer } from './toast-container';

type Container = typeof ToastContainer;

// docs/decisions/003: top-center, clear of the thumb zone and the bottom navigation.
const POSITION = 'top-center';
const LIMIT = 3;

/**
 * Mantine's toast container, loaded after the first screen (decision 033). Its code (the
 * container, the transitions, the swipe to dismiss and the scroll-lock class names it borrows
 * from react-remove-scroll) is some 12 KB of gzip that the first screen never shows. The store
 * that `toast` and `notifications.show` write to stays in the first load, so a toast raised
 * before the container arrives waits in the store and appears with it.
 */
export function Toasts() {
  const [Loaded, setLoaded] = useState<Container | null>(null);
  useEffect(() => {
    // What the container tells the store once mounted, told now: a toast raised before it has
    // arrived already waits behind the three shown, at the top.
    notificationsStore.updateState((state) => ({
      ...state,
      limit: LIMIT,
      defaultPosition: POSITION,
    }));
    let mounted = true;
    let unsubscribe: (() => void) | undefined;
    const load = () => {
      import('./toast-container').then(
        (loaded) => {
          if (mounted) setLoaded(() => loaded.ToastContainer);
        },
        () => {
          // Not reachable (offline before the service worker held it): try again when the
          // next toast is raised, the first moment one is needed.
          unsubscribe ??= notificationsStore.subscribe(() => {
            unsubscribe?.();
            unsubscribe = undefined;
            load();
          });
        },
      );
    };
    load();
    return () => {
      mounted = false;
      unsubscribe?.();
    };
  }, []);
  return Loaded ? <Loaded position={POSITION} limit={LIMIT} /> : null;
}
