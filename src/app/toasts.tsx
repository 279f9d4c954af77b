import { notificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { ToastContainer } from './toast-container';

type Container = typeof ToastContainer;

// docs/decisions/003: top-center, clear of the thumb zone and the bottom navigation.
const POSITION = 'top-center';
const LIMIT = 3;

/** Whether the store holds a toast, shown or waiting. */
function holdsToasts(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/**
 * Mantine's toast container, loaded after the first screen (decision 033). Its code (the
 * container, the transitions, the swipe to dismiss and the scroll-lock class names it borrows
 * from react-remove-scroll) is some 12 KB of gzip that the first screen never shows. The store
 * that `toast` and `notifications.show` write to stays in the first load, so a toast raised
 * before the container arrives waits in the store and appears with it.
 *
 * The code arrives at once, but the container is drawn only from the first toast on: mounting it
 * (its portal and transition group each render twice) is a task of some 100 ms on a slow phone,
 * in the middle of the first screen's start, for a container most visits never show.
 */
export function Toasts() {
  const [Loaded, setLoaded] = useState<Container | null>(null);
  const [needed, setNeeded] = useState(holdsToasts);
  useEffect(() => {
    if (needed) return undefined;
    // Once drawn it stays, so the last toast's exit is not cut short.
    const check = () => {
      if (holdsToasts()) setNeeded(true);
    };
    const unsubscribe = notificationsStore.subscribe(check);
    // A toast raised between the first render and this subscription.
    check();
    return unsubscribe;
  }, [needed]);
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
  return Loaded && needed ? <Loaded position={POSITION} limit={LIMIT} /> : null;
}
