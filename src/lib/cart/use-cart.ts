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
    pendingCount: outbox.ops.length,
  };
}
