import type { Kysely } from 'kysely';
import type { Category } from '#contract/categories';
import type { DB } from '#server/db/schema';
import { selectCategories } from './categories.queries';

/** Categories in their creation order, which is the order the spec lists them in. */
export function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return selectCategories(db);
}
