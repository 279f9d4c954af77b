import type { Kysely } from 'kysely';
import type { UploadStore } from '#server/storage/uploads';
import type { DB } from '../db/schema';
import { seedAccounts, seedDemoStaff } from './accounts';
import { fitCatalogueReviews, seedCatalogue, seedOptionGroups } from './catalogue';
import { seedCollection } from './collection';
import { seedCoupons } from './coupons';
import { seedHistory, type HistoryConfig } from './history';
import { seedPayouts } from './payouts';
import { claimSeedStep } from './seed.queries';

export interface SeedDeps {
  uploads: UploadStore;
  /** The app's settings the history's payments and completions use (VNPay, commission). */
  config: HistoryConfig;
  /**
   * Draw the demo pictures (the default). Without them dishes and restaurants have none: for
   * tests of what the pictures do not change (search), which then skip most of the seed's time.
   */
  pictures?: boolean;
  /**
   * Make demo_owner's restaurant's three months of orders (the default). Off, the step is
   * skipped and not recorded, so a later seed with it on still makes them: for tests that
   * need only the catalogue (search), which then skip the seed's slowest step.
   */
  history?: boolean;
}

type SeedStep = {
  name: string;
  run: (db: Kysely<DB>, deps: SeedDeps) => Promise<void>;
  /**
   * The step calls services that open transactions of their own (as a request would), so it
   * cannot run inside the claim's transaction: the claim commits first, then the step runs.
   */
  ownTransactions?: boolean;
  enabled?: (deps: SeedDeps) => boolean;
};

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
  { name: 'demo-staff', run: (db) => seedDemoStaff(db) },
  { name: 'demo-reviews-fit', run: (db) => fitCatalogueReviews(db) },
  { name: 'demo-collection', run: (db) => seedCollection(db) },
  {
    name: 'demo-history',
    run: async (db, deps) => {
      await seedHistory(db, deps.config);
    },
    ownTransactions: true,
    enabled: (deps) => deps.history ?? true,
  },
  {
    // After the history, from the money it earned; skipped with it.
    name: 'demo-payouts',
    run: async (db) => {
      await seedPayouts(db);
    },
    ownTransactions: true,
    enabled: (deps) => deps.history ?? true,
  },
];

export async function seedDemoData(db: Kysely<DB>, deps: SeedDeps): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    if (step.enabled && !step.enabled(deps)) continue;
    if (step.ownTransactions) {
      // Claimed before it runs, so two instances starting together never both run it; a
      // start that dies half-way leaves a shorter history rather than a doubled one.
      if (!(await claimSeedStep(db, step.name))) continue;
      await step.run(db, deps);
      applied.push(step.name);
      continue;
    }
    const ran = await db.transaction().execute(async (trx) => {
      if (!(await claimSeedStep(trx, step.name))) return false;
      await step.run(trx, deps);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
