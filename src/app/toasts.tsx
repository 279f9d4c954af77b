import { notificationsStore } from '@mantine/notifications';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';
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
 * Its code is asked for when the page is idle after its load, or at the first toast if that
 * comes sooner; the container is drawn only from the first toast on. On a slow phone, asking
 * for the code during the start (the preload links of its six files) and mounting the container
 * (its portal and transition group each render twice) were two tasks of some 50 and 100 ms in
 * the middle of the first screen's, for a container most visits never show. Its first drawing
 * is a transition, which React does in slices: the first toast of a visit is often the worker's
 * 'ready offline' one, which on a slow phone came at the end of the first screen's start as a
 * task of 150 to 200 ms.
 */
export function Toasts() {
  const [Loaded, setLoaded] = useState<Container | null>(null);
  const [needed, setNeeded] = useState(holdsToasts);
  useEffect(() => {
    // What the container tells the store once mounted, told now: a toast raised before it has
    // arrived already waits behind the three shown, at the top.
    notificationsStore.updateState((state) => ({
      ...state,
      limit: LIMIT,
      defaultPosition: POSITION,
    }));
    let mounted = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import('./toast-container').then(
        (loaded) => {
          if (mounted) startTransition(() => setLoaded(() => loaded.ToastContainer));
        },
        () => {
          // Not reachable (offline before the service worker held it): the next toast asks
          // again, the first moment one is needed.
          loading = false;
        },
      );
    };
    const check = () => {
      if (!holdsToasts()) return;
      // Once drawn it stays, so the last toast's exit is not cut short.
      startTransition(() => setNeeded(true));
      load();
    };
    const unsubscribe = notificationsStore.subscribe(check);
    // A toast raised between the first render and this subscription.
    check();
    const cancelIdle = whenIdle(load);
    return () => {
      mounted = false;
      unsubscribe();
      cancelIdle();
    };
  }, []);
  return Loaded && needed ? <Loaded position={POSITION} limit={LIMIT} /> : null;
}
