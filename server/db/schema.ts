import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Written by hand next to the migrations that create the tables:
 * when a migration changes a table, this file changes in the same commit.
 */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface DB {
  categories: CategoriesTable;
}
