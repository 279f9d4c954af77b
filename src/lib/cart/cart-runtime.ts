import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '#contract/cart';
import { CART_QUERY_KEY, cartQuery } from '#src/api/cart';
import { http } from '../http';
import { persistedQuery } from '../query-client';
import { session } from '../session';
import { toast } from '../toast';
import { provideCartRuntime, useCartOwnerId } from './cart-session';
import { CartSyncEngine } from './sync-engine';

/**
 * The app's wiring of the cart outbox: one engine per query client and signed-in customer,
 * its base cart in the persisted query cache, its notices as toasts, and the moments it
 * replays (app start, `online`, the tab becoming visible; the engine adds its own timer).
 * Loaded after the first screen, or with the first screen that changes the cart; it tells
 * cart-session.ts, which the first load has, that it is here.
 */

const engines = new WeakMap<QueryClient, Map<string, CartSyncEngine>>();
/** Every engine made, with what takes it out of `engines` again. */
const live = new Map<CartSyncEngine, () => void>();

function createEngine(queryClient: QueryClient, userId: string): CartSyncEngine {
  const { queryKey } = cartQuery(userId);
  // A cart written by the engine before any screen asked for it is persisted all the same.
  queryClient.setQueryDefaults(CART_QUERY_KEY, persistedQuery);
  return new CartSyncEngine({
    userId,
    http,
    base: {
      get: () => queryClient.getQueryData<Cart>(queryKey),
      set: (cart) => queryClient.setQueryData(queryKey, cart),
      // A fetch started before this reply would land after it with the older cart.
      beforeSet: () => queryClient.cancelQueries({ queryKey }),
    },
    notify: (message, tone) => (tone === 'error' ? toast.error(message) : toast.warning(message)),
    isSignedIn: () => session.user !== null,
    batch: (run) => notifyManager.batch(run),
    schedule: (notify) => notifyManager.schedule(notify),
  });
}

/** The engine of this customer in this query client, made on first use. */
export function cartEngineFor(queryClient: QueryClient, userId: string): CartSyncEngine {
  let byUser = engines.get(queryClient);
  if (!byUser) {
    byUser = new Map();
    engines.set(queryClient, byUser);
  }
  let engine = byUser.get(userId);
  if (!engine) {
    engine = createEngine(queryClient, userId);
    byUser.set(userId, engine);
    const registry = byUser;
    live.set(engine, () => registry.delete(userId));
  }
  return engine;
}

/** The signed-in customer's engine; null for staff-level users and when signed out. */
export function useCartEngine(): CartSyncEngine | null {
  const userId = useCartOwnerId();
  const queryClient = useQueryClient();
  // The server renders without the outbox (it lives in the browser's IndexedDB) and must not
  // keep an engine per request it renders.
  if (typeof window === 'undefined') return null;
  return userId === null ? null : cartEngineFor(queryClient, userId);
}

/** Replays the customer's outbox now, when the network returns and when the tab is shown again. */
function startCartSync(queryClient: QueryClient, userId: string): () => void {
  const engine = cartEngineFor(queryClient, userId);
  const replay = () => void engine.sync();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') replay();
  };
  window.addEventListener('online', replay);
  document.addEventListener('visibilitychange', onVisibility);
  void engine.ready.then(replay);
  return () => {
    window.removeEventListener('online', replay);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Signing out stops every engine; cart-session.ts empties the outboxes. */
function stopEngines(): void {
  const stopping = [...live];
  live.clear();
  for (const [engine, forget] of stopping) {
    forget();
    void engine.dispose();
  }
}

provideCartRuntime({ cartEngineFor, startCartSync, stopEngines });
