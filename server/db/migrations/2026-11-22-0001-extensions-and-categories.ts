import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they describe the schema as it was on that day,
// not as the current DB type says it is (the lint config allows `any` in this folder).

// The spec fixes these six (section 9) and the search filter offers exactly them, so they are
// product data present in every environment, not development demo data (docs/decisions/004).
const SPEC_CATEGORIES = [
  'Đồ ăn vặt',
  'Món chính',
  'Tráng miệng',
  'Món ăn nhanh',
  'Món ăn đường phố',
  'Mì',
];

export async function up(db: Kysely<any>): Promise<void> {
  // Search (unaccent, pg_trgm) and nearest-first distance (cube, earthdistance) need these;
  // PGlite loads the same four as extensions, so the SQL is identical on both engines.
  for (const extension of ['unaccent', 'pg_trgm', 'cube', 'earthdistance']) {
    await sql`create extension if not exists ${sql.raw(extension)}`.execute(db);
  }

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db
    .insertInto('categories')
    .values(SPEC_CATEGORIES.map((name) => ({ name })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('categories').execute();
}
