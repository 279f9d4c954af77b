import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function insertOutboxMessage(
  db: Kysely<DB>,
  phone: string,
  text: string,
): Promise<void> {
  await db.insertInto('sms_outbox').values({ phone, text }).execute();
}

export function selectOutbox(db: Kysely<DB>, phone: string | undefined, limit: number) {
  let query = db.selectFrom('sms_outbox').select(['phone', 'text', 'created_at']);
  if (phone) query = query.where('phone', '=', phone);
  return query.orderBy('id', 'desc').limit(limit).execute();
}
