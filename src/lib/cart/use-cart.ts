import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EMPTY_CART } from '#contract/cart-limits';
import { cartQuery } from '#src/api/cart';
import { applyOps, type CartView } from './cart-ops';
import { useStoreValue } from '../use-store-value';
import { useCartEngine } from './cart-runtime';
import type { OutboxSnapshot } from './sync-engine';

export type { CartLineView, CartView } from './cart-ops';

const EMPTY_OUTBOX: OutboxSnapshot = { ops: [], loaded: true };
const noSubscription = () => () => {};
const emptyOutbox = () => EMPTY_OUTBOX;

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
  const engine = useCartEngine();
  const query = useQuery({ ...cartQuery(engine?.userId ?? ''), enabled: engine !== null });
  // Not useSyncExternalStore: the outbox loads while the first screen renders (use-store-value).
  const outbox = useStoreValue(
    engine ? engine.subscribe : noSubscription,
    engine ? engine.getSnapshot : emptyOutbox,
  );
  const base = engine ? query.data : undefined;
  const cart = useMemo(() => applyOps(base ?? EMPTY_CART, outbox.ops), [base, outbox.ops]);
  return {
    cart,
    isLoading: engine !== null && (query.isLoading || !outbox.loaded),
    isError: engine !== null && query.isError,
    readFailed: engine !== null && (query.isError || (query.failureCount > 0 && !query.isPaused)),
    pendingCount: outbox.ops.length,
  };
}
