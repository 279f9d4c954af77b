import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedBenchCatalogue } from '../seed/bench';

// `npm run seed:bench`: the 100,000-dish catalogue of design.md section 7 for `npm run bench`,
// in its own data directory (./data-bench unless DATA_DIR says otherwise) or in DATABASE_URL.

async function main(): Promise<void> {
  if (process.env.APP_ENV === 'production')
    throw new Error('seed:bench refuses APP_ENV=production');
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || './data-bench' };
  // No token is signed here; a placeholder keeps loadConfig from writing DATA_DIR/jwt-secret.
  const config = loadConfig(env, () => 'unused-by-seed-bench-'.repeat(2));
  const where = config.databaseUrl
    ? 'DATABASE_URL'
    : path.relative(process.cwd(), path.join(config.dataDir, 'pglite')) || '.';

  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`);
    const report = await seedBenchCatalogue(database.db, {
      kind: database.kind,
      log: (line) => console.log(line),
    });
    if (!report) {
      console.log(
        `The bench catalogue is already in ${where}; nothing to do` +
          (config.databaseUrl
            ? '.'
            : ` (delete ${path.relative(process.cwd(), config.dataDir)} to rebuild).`),
      );
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${report.restaurants.toLocaleString('en')} restaurants, ` +
        `${report.foods.toLocaleString('en')} dishes, ` +
        `${report.foodCategories.toLocaleString('en')} dish categories and ` +
        `${report.toppings.toLocaleString('en')} toppings in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
