import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the embedded database knows of the request a query serves. `ticket` is the turn order
 * of its one connection: every HTTP request takes a ticket when it arrives, and every query it
 * makes waits behind the queries of requests that arrived earlier only, so a request of five
 * queries waits for the queue once, not five times behind everybody who came after its first
 * query. Work outside a request (a timer, a migration) takes a ticket when it queues, which
 * puts it in line by arrival too. `readsFromCache`: the request is a read (GET), whose plain
 * SELECTs may be answered from the dialect's read cache (docs/decisions/032).
 */
export interface Turn {
  ticket: number;
  readsFromCache: boolean;
}

const turns = new AsyncLocalStorage<Turn>();
let lastTicket = 0;

/** A ticket later than every one handed out so far. */
export function nextTicket(): number {
  lastTicket += 1;
  return lastTicket;
}

/** Runs `fn` (and everything it starts) with a ticket of its own, taken now. */
export function withTurn<T>(fn: () => T, options: { readsFromCache?: boolean } = {}): T {
  return turns.run({ ticket: nextTicket(), readsFromCache: options.readsFromCache ?? false }, fn);
}

/** The turn of the request this code runs for, or a fresh one outside any request. */
export function currentTurn(): Turn {
  return turns.getStore() ?? { ticket: nextTicket(), readsFromCache: false };
}
