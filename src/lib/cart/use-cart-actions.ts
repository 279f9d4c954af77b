import { useMemo } from 'react';
import { CART_MAX_QUANTITY, CART_MIN_QUANTITY } from '#contract/cart-limits';
import { CART_UPDATED_EVENT } from '#src/api/cart';
import { vi } from '#src/i18n/first-screen';
import { locationStore } from '../location';
import { toast } from '../toast';
import {
  addChanges,
  clearChange,
  removeChange,
  setChange,
  type AddToCartInput,
} from './cart-changes';
import type { CartChange } from './cart-ops';
import { useCartEngine } from './cart-runtime';
import type { CartSyncEngine, OpOutcome } from './sync-engine';

export { needsRestaurantSwitch, type AddToCartInput } from './cart-changes';

/**
 * 'added': the server took it; 'queued': made offline, will sync; 'failed': refused, or the
 * server failed while online (toast shown).
 */
export type AddResult = 'added' | 'queued' | 'failed';

export interface CartActions {
  /** replaceOtherRestaurant: the user confirmed clearing another restaurant's cart first. */
  add(input: AddToCartInput, options?: { replaceOtherRestaurant?: boolean }): Promise<AddResult>;
  setQuantity(key: string, quantity: number): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
  /**
   * Replays the outbox now; true when nothing waits any more. For a screen that needs the
   * server's cart to be the one shown (checkout builds the order from the server's cart).
   */
  flush(): Promise<boolean>;
}

/**
 * How long an action waits for the server's answer before saying the change will sync later.
 * The change is safe in the outbox either way; this only decides which toast the user gets.
 */
export const ACTION_WAIT_MS = 8_000;

/**
 * Writes the changes to the outbox, then, when online, replays them and waits for the outcome
 * of the last one. 'waiting': kept, syncs later. Null: the outbox itself could not be written
 * (no IndexedDB), so nothing was kept.
 */
async function run(
  engine: CartSyncEngine,
  changes: readonly CartChange[],
): Promise<OpOutcome | null> {
  let carrier: string | null;
  try {
    carrier = await engine.enqueue(changes);
  } catch {
    return null;
  }
  return engine.outcomeOf(carrier, ACTION_WAIT_MS);
}

function savedForLater(): void {
  toast.success(vi.cart.savedOffline);
}

/** Not done, and not kept either: the outbox could not be written, or the server said no or failed. */
function failedOutcome(outcome: OpOutcome | null): boolean {
  return outcome === null || outcome.status === 'refused' || outcome.status === 'failed';
}

function isValidQuantity(quantity: number): boolean {
  return (
    Number.isInteger(quantity) && quantity >= CART_MIN_QUANTITY && quantity <= CART_MAX_QUANTITY
  );
}

function createActions(engine: CartSyncEngine | null): CartActions {
  return {
    async add(input, options = {}) {
      if (!engine || !isValidQuantity(input.quantity)) {
        toast.error(vi.cart.addFailed);
        return 'failed';
      }
      const outcome = await run(engine, addChanges(input, options.replaceOtherRestaurant));
      switch (outcome?.status) {
        case 'applied':
        case 'dropped':
          toast.success(vi.cart.added);
          window.dispatchEvent(new Event(CART_UPDATED_EVENT));
          return 'added';
        case 'waiting':
          savedForLater();
          return 'queued';
        case 'refused':
          // Spec section 8: the server's message is preferred.
          toast.error(outcome.message ?? vi.cart.addFailed);
          return 'failed';
        // A server failure's message says nothing about the dish (5xx details are hidden).
        case 'failed':
        default:
          toast.error(vi.cart.addFailed);
          return 'failed';
      }
    },

    async setQuantity(key, quantity) {
      if (!engine) return;
      const cart = engine.view();
      const line = cart.items.find((item) => item.key === key);
      if (!line || quantity === line.quantity) return;
      // Spec section 5: the minimum is 1 (the minus button stops there).
      if (!isValidQuantity(quantity)) {
        toast.error(vi.cart.updateFailed);
        return;
      }
      const outcome = await run(engine, [setChange(cart, line, quantity, locationStore.current)]);
      if (outcome?.status === 'waiting') savedForLater();
      else if (failedOutcome(outcome)) toast.error(vi.cart.updateFailed);
    },

    async remove(key) {
      if (!engine) return;
      const cart = engine.view();
      const line = cart.items.find((item) => item.key === key);
      if (!line) return;
      const outcome = await run(engine, [removeChange(cart, line)]);
      if (outcome?.status === 'waiting') savedForLater();
      else if (failedOutcome(outcome)) toast.error(vi.cart.removeFailed);
      else toast.success(vi.cart.removed);
    },

    async clear() {
      if (!engine) return;
      const outcome = await run(engine, [clearChange()]);
      if (outcome?.status === 'waiting') savedForLater();
      else if (failedOutcome(outcome)) toast.error(vi.cart.clearFailed);
      else toast.success(vi.cart.cleared);
    },

    async flush() {
      if (!engine) return true;
      await engine.ready;
      await engine.sync();
      return engine.getSnapshot().ops.length === 0;
    },
  };
}

/**
 * The cart's actions (spec 2.11, section 4 'Cart add', section 8 'Cart'). Each change is in the
 * IndexedDB outbox before anything is confirmed, shows at once in useCart(), and is sent now
 * when online or replayed later. The toasts are the spec's; offline ones say the change waits.
 */
export function useCartActions(): CartActions {
  const engine = useCartEngine();
  return useMemo(() => createActions(engine), [engine]);
}
