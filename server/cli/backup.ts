import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isEmptyDir, pgliteDir, requestBackup, serverAnswers } from '../db/backup';
import { databaseFromPGlite, openPGlite } from '../db/database';

// `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`: one file holding the
// embedded database (docs/decisions/029). They read only DATA_DIR and DATABASE_URL, so they run
// with a production environment as they do on a laptop, and write nothing else into DATA_DIR.

const USAGE = `Usage:
  npm run db:backup -- <file>              a copy of DATA_DIR's database, taken while the server runs
  npm run db:restore -- <file> [--force]   into DATA_DIR; --force replaces a database already there`;

class UsageError extends Error {}

function dataDirOf(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_URL) {
    throw new UsageError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore (README, "Where data lives").',
    );
  }
  return path.resolve(env.DATA_DIR || './data');
}

/** Dumps a database no server holds: this process opens it for the time of the copy. */
async function dumpClosedDatabase(dataDir: string): Promise<Uint8Array> {
  const dir = pgliteDir(dataDir);
  if (isEmptyDir(dir)) throw new Error(`There is no database in ${dir}.`);
  const database = databaseFromPGlite(await openPGlite(dir));
  try {
    return await database.dump!();
  } finally {
    await database.close();
  }
}

async function backup(file: string): Promise<void> {
  const dataDir = dataDirOf(process.env);
  const fromServer = await requestBackup(dataDir);
  const bytes = fromServer ?? (await dumpClosedDatabase(dataDir));
  // Written beside its name and renamed: a half-written file never carries the name.
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, target);
  const size = (bytes.byteLength / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${pgliteDir(dataDir)} (${fromServer ? 'from the running server' : 'no server running'}) to ${target} (${size} MB).`,
  );
}

async function restore(file: string, force: boolean): Promise<void> {
  const dataDir = dataDirOf(process.env);
  const target = pgliteDir(dataDir);
  if (await serverAnswers(dataDir)) {
    throw new Error(`A server is running on ${dataDir}: stop it before restoring.`);
  }
  if (!isEmptyDir(target) && !force) {
    throw new Error(`${target} already holds a database: add --force to replace it.`);
  }
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`No such file: ${source}`);
  // Unpacked and opened beside the target first: a file that is not a backup leaves the
  // database in place untouched.
  const staging = `${target}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const database = databaseFromPGlite(
      await openPGlite(staging, new Blob([readFileSync(source)])),
    );
    await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    await database.close();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${source} is not a backup of this app's database`, { cause: error });
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  console.log(`Restored ${source} into ${target}.`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (command === 'backup' && files.length === 1 && !force) return backup(files[0]!);
  if (command === 'restore' && files.length === 1) return restore(files[0]!, force);
  console.error(USAGE);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Operator-facing: one line, no stack.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
