import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders';
import { orderQueries, type OrderKind } from '../api/orders';
import { walletBalanceQuery } from '../api/wallet';
import { revenueQueries } from '../features/dashboard/api/get-revenue';
import { startLive, subscribeLive } from '../lib/live/live';
import type { LiveEvent } from '../lib/live/live-event';
import { ringFor, stopRinging } from '../lib/live/ringing-orders';
import { isStaffLevel, session } from '../lib/session';

/** The inbox's queries (another screen's) all start with this key. */
const NOTIFICATIONS_KEY = ['notifications'] as const;

const KINDS: readonly OrderKind[] = ['customer', 'staff'];

/** The order a push is about, from its tag ('order-57') or its link ('/orders/57'). */
function pushedOrderId(payload: { tag: string; url: string }): number | null {
  const match =
    /^order-(\d+)$/.exec(payload.tag) ?? /\/orders\/(\d+)\/?(?:[?#]|$)/.exec(payload.url);
  return match ? Number(match[1]) : null;
}

/**
 * Points the cached server data at what the live stream says changed: the order's copy takes
 * its new status at once (the progress moves without waiting for the refetch that follows),
 * every order list (both roles', the dashboard's latest) and the revenue are refetched where
 * shown, the balance is the event's own figure.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'order.created':
    case 'order.updated': {
      const { order_id: id, status } = event.data;
      for (const kind of KINDS) {
        const { queryKey } = orderQueries.detail(kind, id);
        queryClient.setQueryData(queryKey, (order: Order | undefined) =>
          order ? { ...order, status } : order,
        );
        void queryClient.invalidateQueries({ queryKey });
      }
      void queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: revenueQueries.all() });
      // A new paid order rings the staff tablet until someone opens or accepts it.
      if (status === 'paid' && event.type === 'order.created') ringFor(id);
      else if (status !== 'paid') stopRinging(id);
      break;
    }
    case 'wallet.updated':
      queryClient.setQueryData(walletBalanceQuery.queryKey, event.data.balance);
      break;
    case 'notification.created':
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      break;
    case 'resync':
      // What was missed is gone from the server's log: everything shown is read again.
      void queryClient.invalidateQueries();
      break;
    case 'push': {
      // The stream may have been down when the push came: the orders are read again, and a
      // staff tablet rings if the order it names is a new one still waiting.
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      const id = pushedOrderId(event.payload);
      if (id === null || !isStaffLevel(session.user?.role)) break;
      queryClient
        .fetchQuery({ ...orderQueries.detail('staff', id), staleTime: 0 })
        .then((order) => {
          if (order.status === 'paid') ringFor(id);
        })
        .catch(() => {
          // Not this restaurant's, or unreachable: the stream will tell when it is back.
        });
      break;
    }
  }
}

/**
 * The device's live connection while someone is signed in (lib/live/live.ts follows the
 * session), and the query cache following its events. Started once, by the app provider;
 * the function returned stops both.
 */
export function connectLiveSync(queryClient: QueryClient): () => void {
  const stopLive = startLive();
  const unsubscribe = subscribeLive((event) => applyLiveEvent(queryClient, event));
  return () => {
    unsubscribe();
    stopLive();
  };
}
