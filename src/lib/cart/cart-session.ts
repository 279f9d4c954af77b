import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { isStaffLevel, session, type SessionUser } from '../session';
import { useStoreValue } from '../use-store-value';
import { clearAllOutboxes } from './outbox-store';
import type { CartSyncEngine } from './sync-engine';

/**
 * What the app's first load knows of the cart outbox: whose cart it is, and the outbox engine
 * once its code is here. The engine (sync-engine.ts and the cart runtime) is not in the first
 * load: a visitor and staff never need it, and a customer's first screen shows the server's
 * cart until it arrives a moment later. The screens that change the cart (the dish cards,
 * the cart) import the runtime with their own chunks, so it is here before any of them
 * renders; any other that shows the cart (the badge, the checkout) asks for it.
 */

/** The customer whose cart this is; null for staff-level users and when signed out. */
export function cartOwnerId(user: Readonly<SessionUser> | null): string | null {
  if (!user || isStaffLevel(user.role) || user.id === undefined) return null;
  return String(user.id);
}

/** What cart-runtime.ts gives once it has loaded. */
export interface CartRuntime {
  cartEngineFor(queryClient: QueryClient, userId: string): CartSyncEngine;
  /** Replays the customer's outbox now and at each moment it should; returns the stop. */
  startCartSync(queryClient: QueryClient, userId: string): () => void;
  /** Stops every engine (signing out). */
  stopEngines(): void;
}

let runtime: CartRuntime | null = null;
const listeners = new Set<() => void>();

/** Called by cart-runtime.ts when it is evaluated, whichever chunk brought it. */
export function provideCartRuntime(loaded: CartRuntime): void {
  runtime = loaded;
  for (const listener of [...listeners]) listener();
}

function loadCartRuntime(): Promise<CartRuntime> {
  return import('./cart-runtime').then(() => runtime!);
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
const getRuntime = () => runtime;

/**
 * The signed-in customer's engine once its code has loaded; null before, for staff-level users
 * and when signed out. The server renders without it: the outbox lives in the browser.
 */
export function useLoadedCartEngine(userId: string | null): CartSyncEngine | null {
  const loaded = useStoreValue(subscribe, getRuntime);
  const queryClient = useQueryClient();
  // A screen that shows a customer's cart brings the engine if nothing has yet: until then its
  // cart is still loading.
  const missing = userId !== null && loaded === null;
  useEffect(() => {
    if (!missing) return;
    loadCartRuntime().catch(() => {
      // Offline before the worker held the chunk: the next screen that shows the cart asks again.
    });
  }, [missing]);
  if (typeof window === 'undefined' || loaded === null || userId === null) return null;
  return loaded.cartEngineFor(queryClient, userId);
}

/** The signed-in customer's id as a cart owner, from the session. */
export function useCartOwnerId(): string | null {
  const { user } = useSnapshot(session);
  return cartOwnerId(user);
}

/**
 * Replays the signed-in customer's outbox at app start, when the network returns and when the
 * tab becomes visible again, loading the engine's code for a customer. Mounted once, by the
 * app provider.
 */
export function useCartSync(queryClient: QueryClient): void {
  const userId = useCartOwnerId();
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadCartRuntime().then(
      (loaded) => {
        if (!cancelled) stop = loaded.startCartSync(queryClient, userId);
      },
      () => {
        // The chunk did not arrive (offline before the worker held it): the next start, or the
        // first screen that changes the cart, brings it.
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
}

/**
 * Signing out (the button, a refused token refresh, another tab) leaves no cart change on the
 * device: the engines stop and every outbox is emptied, also when the engine's code never
 * loaded in this page. The query cache is cleared by the app provider.
 */
subscribeKey(session, 'user', (user) => {
  if (user) return;
  runtime?.stopEngines();
  void clearAllOutboxes().catch(() => {
    // No IndexedDB (private mode): there was no outbox to empty either.
  });
});
