import { useRef } from 'react';
import { isSettled, newIdempotencyKey } from '#src/lib/idempotency-key';

/**
 * One Idempotency-Key per money attempt (design.md section 4): sending the same amount again
 * after an unsettled send (no reply, a 5xx) reuses the key, so a lost reply never takes the
 * money twice or opens two payments; a settled reply or another amount starts a new attempt.
 */
export function useAttemptKey() {
  const attempt = useRef<{ key: string; amount: number } | null>(null);
  return {
    keyFor(amount: number): string {
      if (attempt.current?.amount !== amount) {
        attempt.current = { key: newIdempotencyKey(), amount };
      }
      return attempt.current.key;
    },
    settled(error?: unknown): void {
      if (error === undefined || isSettled(error)) attempt.current = null;
    },
  };
}
