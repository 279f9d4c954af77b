import type { Kysely } from 'kysely';
import type { Health } from '#contract/health';
import type { DatabaseKind } from '#server/db/database';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { APP_VERSION } from '#server/version';
import { pingDatabase } from './health.queries';

export async function checkHealth(db: Kysely<DB>, kind: DatabaseKind): Promise<Health> {
  try {
    await pingDatabase(db);
  } catch (cause) {
    throw new AppError('DATABASE_UNAVAILABLE', { cause });
  }
  return { status: 'ok', database: kind, version: APP_VERSION };
}
