import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/**
 * A round trip to the database itself. It names the clock, so the embedded database's read
 * cache, which answers repeated plain reads of a GET without the backend, never answers it
 * (docs/decisions/032): a held or stuck backend makes the ping wait, as readiness must see.
 */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select now()`.execute(db);
}
