import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { orderQueries } from '#src/api/orders';
import { useStaffOrderAction } from '#src/api/staff-orders';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/staff-home';
import { enableChime, playChime, useChime } from '#src/lib/live/chime';
import { useLiveStatus } from '#src/lib/live/live';
import { stopRinging, useRingingOrders } from '#src/lib/live/ringing-orders';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';

const text = vi.live;

/** Loud enough to hear over a kitchen, sparse enough not to drown the one who answers. */
export const RING_EVERY_MS = 4000;

const orderPath = (id: number) => paths.order.replace(':id', String(id));

/** Paid orders nobody has accepted yet: the count in the title and on the app icon. */
function useWaitingCount(): number | undefined {
  const live = useLiveStatus();
  // Read while the stream is open, whose events keep it current; otherwise the last known
  // count shows and the orders list's fallback poll does the fetching.
  const query = useInfiniteQuery({
    ...orderQueries.list('staff', 'paid'),
    enabled: live === 'live',
  });
  return query.data?.pages[0]?.pagination.total;
}

/** '(2) Món Ngon – …' and the installed app's icon badge while orders wait. */
function useWaitingIndicators(count: number) {
  useEffect(() => {
    const base = document.title;
    if (count > 0) document.title = text.waitingTitle(count, base);
    const nav = navigator as Navigator & {
      setAppBadge?: (count?: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    const badge = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    badge?.catch(() => {
      // Not installed or not allowed: the title still counts.
    });
    return () => {
      document.title = base;
    };
  }, [count]);
}

/** Keeps the tablet's screen on while it is ready to ring; the lock is lost when hidden. */
function useScreenAwake(active: boolean) {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (stopped) void lock.release();
          else sentinel = lock;
        })
        .catch(() => {
          // Battery saver or a browser policy said no: the screen may sleep.
        });
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      sentinel?.release().catch(() => {});
    };
  }, [active]);
}

/** Rings now and every few seconds while a new order waits and the sound may play. */
function useRinging(on: boolean) {
  useEffect(() => {
    if (!on) return;
    playChime();
    const timer = setInterval(playChime, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [on]);
}

function notificationState(): string {
  if (typeof Notification === 'undefined') return text.notificationsUnsupported;
  return Notification.permission === 'granted' ? text.notificationsOn : text.notificationsOff;
}

/** Live / reconnecting / offline, the sound and the notifications, in one row. */
function StatusRow({ soundReady }: { soundReady: boolean }) {
  const live = useLiveStatus();
  const color = live === 'live' ? 'green' : live === 'offline' ? 'red' : 'yellow';
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label={text.connection}>
      <Text size="sm" c={color} fw={600}>
        {text.status[live]}
      </Text>
      {soundReady ? (
        <Text size="sm">{text.soundOn}</Text>
      ) : (
        // A browser plays sound only after a tap on the page: this is that tap, again after
        // every reload even though the choice is remembered.
        <Button size="xs" variant="light" onClick={() => void enableChime()}>
          {text.enableSound}
        </Button>
      )}
      <Text size="sm" c="dimmed">
        {notificationState()}
      </Text>
    </Group>
  );
}

/** 'Đơn mới #57' with 'Nhận đơn' (the order screen's accept and its toasts) and a link. */
function NewOrderBanner({ orderId, others }: { orderId: number; others: number }) {
  // Said from the hook: the accepted order's own event often ends the banner before the reply.
  const accept = useStaffOrderAction(orderId, {
    onSuccess: () => {
      stopRinging(orderId);
      toast.success(vi.orders.accepted);
    },
    onError: () => toast.error(vi.orders.actionFailed),
  });
  const online = useOnline();
  return (
    <Alert color="orange" variant="filled" title={text.newOrder(orderId)} role="alert">
      <Group gap="sm" mt="xs" wrap="wrap">
        <Button
          size="lg"
          color="dark"
          loading={accept.isPending}
          disabled={!online}
          onClick={() => accept.mutate({ action: 'accept' })}
        >
          {vi.orders.accept}
        </Button>
        <Button size="lg" variant="white" component={Link} to={orderPath(orderId)}>
          {text.openOrder}
        </Button>
        {others > 0 ? <Text>{text.moreNewOrders(others)}</Text> : null}
      </Group>
    </Alert>
  );
}

/**
 * The staff tablet's new-order ringer (docs/decisions/019), on the orders list and the
 * dashboard: a banner for the newest waiting order, a chime every few seconds until it is
 * opened or accepted, the screen kept awake while the sound is on, and the count of paid
 * orders waiting in the title and on the app icon.
 */
export function NewOrderAlerts() {
  const ringing = useRingingOrders();
  const chime = useChime();
  const waiting = useWaitingCount() ?? 0;
  useWaitingIndicators(Math.max(waiting, ringing.length));
  useScreenAwake(chime.ready);
  useRinging(chime.ready && ringing.length > 0);
  const newest = ringing[0];
  return (
    <>
      <StatusRow soundReady={chime.ready} />
      {newest === undefined ? null : (
        <NewOrderBanner key={newest} orderId={newest} others={ringing.length - 1} />
      )}
    </>
  );
}
