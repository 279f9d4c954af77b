import { useSyncExternalStore } from 'react';

/**
 * The new orders the staff tablet rings for, newest first: announced by the live stream (or a
 * push) and not yet opened, accepted or moved on. Client state of this tab only: each tablet
 * rings until someone at that tablet looks.
 */
let ringing: readonly number[] = [];
const listeners = new Set<() => void>();

function set(next: readonly number[]) {
  ringing = next;
  for (const listener of [...listeners]) listener();
}

export function ringFor(orderId: number): void {
  if (!ringing.includes(orderId)) set([orderId, ...ringing]);
}

export function stopRinging(orderId: number): void {
  if (ringing.includes(orderId)) set(ringing.filter((id) => id !== orderId));
}

export function stopAllRinging(): void {
  if (ringing.length > 0) set([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: readonly number[] = [];

export function useRingingOrders(): readonly number[] {
  return useSyncExternalStore(
    subscribe,
    () => ringing,
    () => none,
  );
}
