import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
