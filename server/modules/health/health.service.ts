import type { Kysely } from 'kysely';
import type { Health, Liveness } from '#contract/health';
import type { DatabaseKind } from '#server/db/database';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { APP_VERSION } from '#server/version';
import { pingDatabase } from './health.queries';

/**
 * A probe must answer while the database hangs (a pool waiting for a server that does not
 * accept, a PGlite queue behind a long transaction): past this the answer is 503.
 */
export const READINESS_TIMEOUT_MS = 2_000;

/** Whether the database answers within `timeoutMs`; DATABASE_UNAVAILABLE (503) if not. */
export async function checkHealth(
  db: Kysely<DB>,
  kind: DatabaseKind,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer from the database in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const ping = pingDatabase(db);
  try {
    await Promise.race([ping, late]);
  } catch (cause) {
    // The ping may still fail later; nobody waits for it any more.
    ping.catch(() => {});
    throw new AppError('DATABASE_UNAVAILABLE', { cause });
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', database: kind, version: APP_VERSION };
}

/** The process is up and serving: nothing else is asked, the database least of all. */
export function checkLiveness(): Liveness {
  return { status: 'ok', version: APP_VERSION };
}
