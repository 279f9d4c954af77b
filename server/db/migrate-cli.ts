import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: the same migrations the server runs at start, for deploys that
// migrate in a separate step before rolling out new instances.
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
});
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Schema is up to date.');
} finally {
  await database.close();
}
