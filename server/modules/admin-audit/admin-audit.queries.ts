import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export interface AuditInsert {
  actorId: number;
  action: string;
  targetType: string;
  targetId: number;
  before: unknown;
  after: unknown;
}

export async function insertAuditEntry(db: Kysely<DB>, entry: AuditInsert): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** Newest first, with the acting admin's name as it reads today. */
export function selectAuditEntries(
  db: Kysely<DB>,
  action: string | undefined,
  limit: number,
  offset: number,
) {
  let query = db
    .selectFrom('admin_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      sql<string | null>`coalesce(nullif(u.full_name, ''),
        nullif(trim(concat_ws(' ', u.last_name, u.first_name)), ''), u.username)`.as('actor_name'),
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.before',
      'a.after',
      'a.created_at',
    ]);
  if (action) query = query.where('a.action', '=', action);
  return query.orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAuditEntries(db: Kysely<DB>, action: string | undefined) {
  let query = db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n'));
  if (action) query = query.where('action', '=', action);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
