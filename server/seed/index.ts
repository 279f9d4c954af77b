import type { Kysely } from 'kysely';
import type { UploadStore } from '#server/storage/uploads';
import type { DB } from '../db/schema';
import { seedAccounts } from './accounts';
import { seedCatalogue, seedOptionGroups } from './catalogue';
import { seedCoupons } from './coupons';
import { claimSeedStep } from './seed.queries';

export interface SeedDeps {
  uploads: UploadStore;
  /**
   * Draw the demo pictures (the default). Without them dishes and restaurants have none: for
   * tests of what the pictures do not change (search), which then skip most of the seed's time.
   */
  pictures?: boolean;
}

type SeedStep = { name: string; run: (db: Kysely<DB>, deps: SeedDeps) => Promise<void> };

/**
 * Demo data for development, in order. Each step is recorded in seed_runs and never runs
 * again, so what a developer deletes stays deleted. Later areas append their own steps.
 */
const steps: SeedStep[] = [
  { name: 'demo-accounts', run: (db) => seedAccounts(db) },
  {
    name: 'demo-catalogue',
    run: (db, deps) => seedCatalogue(db, deps.uploads, deps.pictures ?? true),
  },
  { name: 'demo-coupons', run: (db) => seedCoupons(db) },
  { name: 'demo-option-groups', run: (db) => seedOptionGroups(db) },
];

export async function seedDemoData(db: Kysely<DB>, deps: SeedDeps): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const ran = await db.transaction().execute(async (trx) => {
      if (!(await claimSeedStep(trx, step.name))) return false;
      await step.run(trx, deps);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
