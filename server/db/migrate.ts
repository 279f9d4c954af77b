import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';

export class MigrationError extends Error {
  constructor(
    readonly migrationName: string,
    readonly results: MigrationResultSet['results'],
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? cause.message : JSON.stringify(cause);
    super(`migration ${migrationName} failed: ${detail}`, { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema to the newest migration; returns the names applied by this call. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(failed, results, error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
