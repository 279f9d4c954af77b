import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EMPTY_CART } from '#contract/cart-limits';
import { cartQuery } from '#src/api/cart';
import { applyOps, type CartView } from './cart-ops';
import { useStoreValue } from '../use-store-value';
import { useCartOwnerId, useLoadedCartEngine } from './cart-session';
import type { OutboxSnapshot } from './sync-engine';

export type { CartLineView, CartView } from './cart-ops';

const EMPTY_OUTBOX: OutboxSnapshot = { ops: [], loaded: true };
// A customer's outbox before the engine's code has arrived: not read yet.
const UNREAD_OUTBOX: OutboxSnapshot = { ops: [], loaded: false };
const noSubscription = () => () => {};
const emptyOutbox = () => EMPTY_OUTBOX;
const unreadOutbox = () => UNREAD_OUTBOX;

export interface UseCartResult {
  /** The server's cart with the changes still waiting in the outbox applied on top. */
  cart: CartView;
  isLoading: boolean;
  isError: boolean;
  /**
   * The last read of the server's cart failed: an error, or a failure whose retries still run.
   * Not a read paused offline: the persisted cart with the waiting changes is the one to show.
   */
  readFailed: boolean;
  /** Changes waiting in the outbox ('đang chờ đồng bộ'). */
  pendingCount: number;
}

/**
 * The signed-in customer's cart as it should look: the last server cart (persisted, so it
 * shows offline and after a reload) with the outbox's waiting changes on top. Empty for
 * staff-level users and signed-out visitors, who have no cart.
 */
export function useCart(): UseCartResult {
  const owner = useCartOwnerId();
  // The server renders no cart (it has none): only a browser reads it.
  const userId = typeof window === 'undefined' ? null : owner;
  const engine = useLoadedCartEngine(userId);
  const query = useQuery({ ...cartQuery(userId ?? ''), enabled: userId !== null });
  // Not useSyncExternalStore: the outbox loads while the first screen renders (use-store-value).
  const outbox = useStoreValue(
    engine ? engine.subscribe : noSubscription,
    engine ? engine.getSnapshot : userId === null ? emptyOutbox : unreadOutbox,
  );
  const base = userId === null ? undefined : query.data;
  const cart = useMemo(() => applyOps(base ?? EMPTY_CART, outbox.ops), [base, outbox.ops]);
  const customer = userId !== null;
  return {
    cart,
    isLoading: customer && (query.isLoading || !outbox.loaded),
    isError: customer && query.isError,
    readFailed: customer && (query.isError || (query.failureCount > 0 && !query.isPaused)),
    pendingCount: outbox.ops.length,
  };
}
