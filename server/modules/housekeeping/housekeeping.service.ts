import type { Kysely } from 'kysely';
import type { ExclusivelyFn } from '#server/db/database';
import { JOB_LOCKS, runPeriodicallyAlone } from '#server/db/exclusive-jobs';
import type { DB } from '#server/db/schema';
import type { Periodic } from '#server/lib/periodic';
import { pruneSandbox } from '#server/payment/vnpay/sandbox/sandbox.service';
import { pruneLoginFailures } from '../auth/auth.service';
import { sweepExpiredKeys } from '../idempotency/idempotency.service';
import { pruneExpiredRateEvents } from '../rate-limit/rate-limit.service';

export interface HousekeepingSummary {
  rateLimitEvents: number;
  idempotencyKeys: number;
  loginThrottles: number;
  vnpaySandbox: number;
}

/**
 * Deletes the rows no request will read again: rate-limit events past every window, expired
 * idempotency keys, sign-in failures forgotten after a day, and what the development VNPay
 * sandbox remembers. The first three are otherwise only trimmed by requests that touch the
 * same key, so keys that never came back stayed forever.
 */
export async function pruneExpiredRows(db: Kysely<DB>): Promise<HousekeepingSummary> {
  return {
    rateLimitEvents: await pruneExpiredRateEvents(db),
    idempotencyKeys: await sweepExpiredKeys(db),
    loginThrottles: await pruneLoginFailures(db),
    vnpaySandbox: await pruneSandbox(db),
  };
}

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** pruneExpiredRows every hour and once at start, on one instance at a time. */
export function startHousekeeping(
  deps: {
    db: Kysely<DB>;
    exclusively: ExclusivelyFn;
    log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
  everyMs = HOUSEKEEPING_EVERY_MS,
): Periodic {
  return runPeriodicallyAlone(
    deps.exclusively,
    JOB_LOCKS.housekeeping,
    async () => {
      const removed = await pruneExpiredRows(deps.db);
      if (Object.values(removed).some((n) => n > 0)) {
        deps.log?.info({ removed }, 'expired rows pruned');
      }
    },
    everyMs,
    { runNow: true, onError: (error) => deps.log?.error({ err: error }, 'housekeeping failed') },
  );
}
