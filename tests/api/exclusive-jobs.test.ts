import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { JOB_LOCKS, runPeriodicallyAlone } from '#server/db/exclusive-jobs';
import { startHousekeeping } from '#server/modules/housekeeping/housekeeping.service';
import { createTestDatabase, testLane } from '../helpers/test-db';

/** A promise and the function that settles it: a run held open until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const onPostgres = testLane() === 'postgres';

describe('jobs that run on one instance at a time', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // Each call of `exclusively` holds its lock on a connection of its own, exactly as two app
  // instances would: two calls are two runners.
  it.runIf(onPostgres)('lets exactly one of two runners at the same tick do the work', async () => {
    let runs = 0;
    const held = gate();
    const task = async () => {
      runs += 1;
      await held.opened;
    };
    const first = database.exclusively(JOB_LOCKS.housekeeping, task);
    const second = database.exclusively(JOB_LOCKS.housekeeping, task);
    // The runner without the lock skips at once, while the other is still in its run.
    const skipped = await Promise.race([first, second]);
    expect(skipped).toBe(false);
    expect(runs).toBe(1);
    held.open();
    expect((await Promise.all([first, second])).sort()).toEqual([false, true]);
    expect(runs).toBe(1);

    // The lock ended with that run: the next tick goes to whichever asks.
    expect(await database.exclusively(JOB_LOCKS.housekeeping, task)).toBe(true);
    expect(runs).toBe(2);
  });

  it.runIf(onPostgres)('holds one job’s lock without holding another’s', async () => {
    const held = gate();
    const housekeeping = database.exclusively(JOB_LOCKS.housekeeping, () => held.opened);
    let reconciled = false;
    expect(
      await database.exclusively(JOB_LOCKS.paymentReconciliation, async () => {
        reconciled = true;
      }),
    ).toBe(true);
    expect(reconciled).toBe(true);
    held.open();
    expect(await housekeeping).toBe(true);
  });

  it.runIf(onPostgres)('releases the lock when a run fails', async () => {
    await expect(
      database.exclusively(JOB_LOCKS.eventPruning, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await database.exclusively(JOB_LOCKS.eventPruning, async () => {})).toBe(true);
  });

  it('never overlaps two timers of the same job, and both stop cleanly', async () => {
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const task = async () => {
      active += 1;
      runs += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((resolve) => setTimeout(resolve, 15));
      active -= 1;
    };
    const timers = [0, 1].map(() =>
      runPeriodicallyAlone(database.exclusively, JOB_LOCKS.housekeeping, task, 5, {
        runNow: true,
        onError: (error) => {
          throw error;
        },
      }),
    );
    for (let i = 0; i < 200 && runs < 6; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(timers.map((timer) => timer.stop()));
    expect(runs).toBeGreaterThanOrEqual(6);
    // The two timers stand for two instances. On PostgreSQL the lock keeps their runs apart;
    // PGlite is one process's database, with no second instance to keep out.
    if (onPostgres) expect(mostAtOnce).toBe(1);
  });

  it('prunes expired rate-limit events, idempotency keys and sign-in failures', async () => {
    const { db } = database;
    await db
      .insertInto('rate_limit_events')
      .values([
        { bucket: 'test', key: 'old', created_at: sql<Date>`now() - interval '25 hours'` },
        { bucket: 'test', key: 'new' },
      ])
      .execute();
    const removed: unknown[] = [];
    const timer = startHousekeeping(
      {
        db,
        exclusively: database.exclusively,
        log: { info: (o) => removed.push(o), error: () => {} },
      },
      60_000,
    );
    for (let i = 0; i < 100 && removed.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await timer.stop();
    expect(removed).toEqual([
      { removed: { rateLimitEvents: 1, idempotencyKeys: 0, loginThrottles: 0, vnpaySandbox: 0 } },
    ]);
    const left = await db.selectFrom('rate_limit_events').select('key').execute();
    expect(left).toEqual([{ key: 'new' }]);
  });

  it.runIf(onPostgres)('skips the housekeeping run while another instance holds it', async () => {
    const { db } = database;
    await db
      .insertInto('rate_limit_events')
      .values({ bucket: 'test', key: 'stale', created_at: sql<Date>`now() - interval '2 days'` })
      .execute();
    const held = gate();
    let holding = false;
    const other = database.exclusively(JOB_LOCKS.housekeeping, async () => {
      holding = true;
      await held.opened;
    });
    for (let i = 0; i < 100 && !holding; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const errors: unknown[] = [];
    const standby = startHousekeeping(
      {
        db,
        exclusively: database.exclusively,
        log: { info: () => {}, error: (e) => errors.push(e) },
      },
      60_000,
    );
    await standby.stop();
    expect(errors).toEqual([]);
    // The stand-by instance did nothing: the stale row is still there.
    expect(
      await db.selectFrom('rate_limit_events').select('key').where('key', '=', 'stale').execute(),
    ).toEqual([{ key: 'stale' }]);
    held.open();
    await other;
  });
});
