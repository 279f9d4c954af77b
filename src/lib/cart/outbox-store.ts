import { clear, createStore, get, update, type UseStore } from 'idb-keyval';
import type { CartOp } from './cart-ops';

/**
 * The durable outbox (design.md section 6): one IndexedDB record per signed-in user holding
 * that user's waiting cart changes in order. Every change goes through `update`, a single
 * read-write transaction, so two tabs changing the outbox at once never lose each other's
 * changes (IndexedDB runs overlapping read-write transactions one after the other).
 */

// Opened on first use, like the query cache: not at import, before the first paint.
let store: UseStore | undefined;
/**
 * The device's store of waiting changes. The collection's hearts keep their own record here
 * (lib/favorites/), so signing out empties both with the one clear below.
 */
export const outboxStore = (): UseStore => (store ??= createStore('mon-ngon-cart', 'outbox'));

const recordKey = (userId: string) => `outbox:${userId}`;

function isOpList(value: unknown): value is CartOp[] {
  return Array.isArray(value);
}

export async function readOutbox(userId: string): Promise<CartOp[]> {
  const value = await get<unknown>(recordKey(userId), outboxStore());
  return isOpList(value) ? value : [];
}

/**
 * Changes the user's outbox atomically and returns what it holds afterwards. `change` runs
 * inside the transaction: it must be synchronous and may run only once.
 */
export async function updateOutbox(
  userId: string,
  change: (ops: CartOp[]) => CartOp[],
): Promise<CartOp[]> {
  let result: CartOp[] = [];
  await update<unknown>(
    recordKey(userId),
    (value) => {
      result = change(isOpList(value) ? value : []);
      return result;
    },
    outboxStore(),
  );
  return result;
}

/** Signing out leaves no cart change of anyone on the device. */
export function clearAllOutboxes(): Promise<void> {
  return clear(outboxStore());
}
