import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/** True for the first caller only: the step is then recorded as applied. */
export async function claimSeedStep(db: Kysely<DB>, name: string): Promise<boolean> {
  const claimed = await db
    .insertInto('seed_runs')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
