/**
 * Reconnection delays: exponential growth from `baseMs`, capped at `maxMs`, with full jitter
 * (a uniform draw between the floor and that cap), so the phones of a whole restaurant district
 * that lost the same cell tower do not all come back in the same second.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const LIVE_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/** The delay before attempt `attempt` (0 for the first retry); `random` returns [0, 1). */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs }: BackoffOptions = LIVE_BACKOFF,
  random: () => number = Math.random,
): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(baseMs + random() * (cap - baseMs));
}
