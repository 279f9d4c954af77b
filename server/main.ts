import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { serveBackups, serverAnswers } from './db/backup';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './seed/index';
import { importLegacyUploads } from './storage/uploads-import';
import { startEventPruning } from './modules/events/events.service';
import { startHousekeeping } from './modules/housekeeping/housekeeping.service';
import { startPaymentReconciliation } from './modules/payments/payments.reconciliation.service';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line naming the variable: the operator should not have to read a stack trace.
      process.stderr.write(`Invalid environment: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
// PGlite is one process: a second server on the same directory would corrupt it.
if (!config.databaseUrl && (await serverAnswers(config.dataDir))) {
  process.stderr.write(`Another server is running on DATA_DIR (${config.dataDir}).\n`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, db: database });
let backups: { close(): Promise<void> } | undefined;

try {
  const applied = await migrateToLatest(database.db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  // Files an older version wrote under DATA_DIR/uploads move into the database, before any
  // request can ask for one (docs/decisions/024).
  const legacy = await importLegacyUploads(database.db, config.dataDir);
  if (legacy.imported)
    app.log.info({ imported: legacy.imported }, 'uploads moved into the database');
  if (legacy.left.length) {
    app.log.warn(
      { left: legacy.left },
      'files under DATA_DIR/uploads that are not uploads stay there',
    );
  }
  if (config.seedDemo) {
    const seeded = await seedDemoData(database.db, {
      uploads: app.uploads,
      config,
      history: config.seedDemoHistory,
    });
    if (seeded.length) app.log.info({ seeded }, 'demo data loaded');
  }
  // `npm run db:backup` asks this process for the embedded database's copy (db/backup.ts).
  if (database.dump) {
    backups = await serveBackups(config.dataDir, database.dump, (error) =>
      app.log.error({ err: error }, 'backup failed'),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Món Ngon (${config.appEnv}, ${database.kind}) at ${config.publicUrl}`);
} catch (error) {
  app.log.fatal({ err: error }, 'start-up failed');
  await backups?.close();
  await app.close();
  await database.close();
  process.exit(1);
}

// Each timer runs on one instance at a time (an advisory lock per run); the others stand by.
// Payments whose IPN never came are settled through querydr (vnpay.md), every minute.
const reconciliation = startPaymentReconciliation(app, database.exclusively);
// Live events are replayable for 7 days; older ones are deleted hourly.
const pruning = startEventPruning({ db: app.db, exclusively: database.exclusively, log: app.log });
// Expired rate-limit events, idempotency keys and sign-in failures, hourly.
const housekeeping = startHousekeeping({
  db: app.db,
  exclusively: database.exclusively,
  log: app.log,
});

const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // A request that never finishes must not keep a deploy waiting forever.
  const force = setTimeout(() => {
    app.log.error('shutdown grace period over; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  try {
    // Stops accepting connections and waits for in-flight requests, then the database.
    await reconciliation.stop();
    await pruning.stop();
    await housekeeping.stop();
    await app.close();
    await backups?.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
