import type { Kysely } from 'kysely';
import type { DB } from './schema';

// PostgreSQL aborts one of two transactions that wait on each other (40P01) or, under
// stricter isolation, fail to serialize (40001); both are safe to run again from the start,
// since nothing of the aborted one was kept.
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * A transaction that moves money. Those lock an order and then ledger accounts, and two of them
 * can take the same accounts in opposite orders (a refund locks escrow then the wallet, a
 * gateway settlement the wallet then escrow for another order of the same customer):
 * PostgreSQL breaks the deadlock by aborting one, which runs again here (up to three runs in
 * all) instead of answering 500. Everything it does must be inside `run`'s transaction (an
 * idempotent reply, events, notifications), so a second run leaves nothing of the first.
 */
export async function retryingTransaction<T>(
  db: Kysely<DB>,
  run: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(run);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE_SQLSTATES.has(code)) {
        throw error;
      }
    }
  }
}
