import { runPeriodically, type Periodic } from '#server/lib/periodic';
import type { ExclusivelyFn } from './database';

/**
 * The advisory lock of each job that must run on one instance at a time. One list, so two
 * jobs can never share an id by accident; the values are arbitrary but fixed forever, since
 * instances of two releases may run side by side during a deploy.
 */
export const JOB_LOCKS = {
  paymentReconciliation: 0x4d4e_0001,
  eventPruning: 0x4d4e_0002,
  housekeeping: 0x4d4e_0003,
} as const;

export type JobLockId = (typeof JOB_LOCKS)[keyof typeof JOB_LOCKS];

/**
 * runPeriodically, where each run first takes the job's lock: the instance that gets it does
 * the work, any other skips that tick (stands by) and tries again on its next one. The lock
 * ends with the run, so the next tick may go to any instance; if the one doing the work dies,
 * another takes over at its next tick.
 */
export function runPeriodicallyAlone(
  exclusively: ExclusivelyFn,
  lockId: JobLockId,
  task: () => Promise<void>,
  everyMs: number,
  options: { runNow?: boolean; onError: (error: unknown) => void },
): Periodic {
  return runPeriodically(
    async () => {
      await exclusively(lockId, task);
    },
    everyMs,
    options,
  );
}
