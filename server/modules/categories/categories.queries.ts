import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export function selectCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
}
