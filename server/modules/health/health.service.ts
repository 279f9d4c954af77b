import type { Kysely } from 'kysely';
import type { Health } from '../../../contract/health';
import type { DatabaseKind } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { APP_VERSION } from '../../version';
import { pingDatabase } from './health.queries';

export async function checkHealth(db: Kysely<DB>, kind: DatabaseKind): Promise<Health> {
  try {
    await pingDatabase(db);
  } catch (cause) {
    throw new AppError('DATABASE_UNAVAILABLE', { cause });
  }
  return { status: 'ok', database: kind, version: APP_VERSION };
}
