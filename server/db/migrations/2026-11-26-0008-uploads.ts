import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files live in the database (docs/decisions/024), so every app instance serves every
 * file and a backup of the database holds them.
 *
 * - `uploads`: one row per stored file under the name the columns already hold
 *   ('avatars/<uuid>.webp'), with its bytes, content type and strong ETag (a SHA-256 of the
 *   bytes). Names are never reused, so a row never changes: it is inserted and deleted.
 *   The bytes are WebP (already compressed): stored out of line without another compression.
 * - A file is deleted when the last row naming it lets go of it. The partial indexes make that
 *   check ("does any avatar, restaurant picture, dish or order line still name it?") a few
 *   index probes, however many orders there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table uploads alter column bytes set storage external`.execute(db);

  await sql`create index users_avatar on users (avatar) where avatar is not null`.execute(db);
  await sql`create index restaurants_image on restaurants (image) where image is not null`.execute(
    db,
  );
  await sql`create index restaurants_cover on restaurants (cover) where cover is not null`.execute(
    db,
  );
  await sql`create index restaurants_logo on restaurants (logo) where logo is not null`.execute(db);
  await sql`create index foods_image on foods (image) where image is not null`.execute(db);
  await sql`create index order_items_food_image on order_items (food_image)
    where food_image is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index order_items_food_image`.execute(db);
  await sql`drop index foods_image`.execute(db);
  await sql`drop index restaurants_logo`.execute(db);
  await sql`drop index restaurants_cover`.execute(db);
  await sql`drop index restaurants_image`.execute(db);
  await sql`drop index users_avatar`.execute(db);
  await db.schema.dropTable('uploads').execute();
}
