import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import { selectOutbox } from '#server/sms/outbox.queries';

const OUTBOX_LIMIT = 50;

/** The newest messages of the console SMS provider, optionally for one phone. */
export async function listOutbox(db: Kysely<DB>, phone: string | undefined) {
  const rows = await selectOutbox(db, phone, OUTBOX_LIMIT);
  return rows.map((row) => ({
    phone: row.phone,
    text: row.text,
    created_at: row.created_at.toISOString(),
  }));
}
