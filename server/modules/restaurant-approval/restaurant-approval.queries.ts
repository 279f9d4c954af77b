import { sql, type Kysely } from 'kysely';
import type { ApprovalStatus, DB } from '#server/db/schema';

export interface ApprovalRow {
  id: number;
  name: string;
  address: string;
  phone: string;
  email: string;
  owner_id: number;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_username: string | null;
  approval_status: ApprovalStatus;
  rejection_reason: string | null;
  created_at: Date;
}

function approvalQuery(db: Kysely<DB>) {
  return db
    .selectFrom('restaurants as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select([
      'r.id',
      'r.name',
      'r.address',
      'r.phone',
      'r.email',
      'r.owner_id',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.username as owner_username',
      'r.approval_status',
      'r.rejection_reason',
      'r.created_at',
    ]);
}

/** The queue oldest first (first come, first reviewed); decided ones latest decision first. */
export function selectByApproval(
  db: Kysely<DB>,
  status: ApprovalStatus,
  limit: number,
  offset: number,
): Promise<ApprovalRow[]> {
  const query = approvalQuery(db).where('r.approval_status', '=', status);
  const ordered =
    status === 'pending'
      ? query.orderBy('r.created_at').orderBy('r.id')
      : query.orderBy('r.updated_at', 'desc').orderBy('r.id', 'desc');
  return ordered.limit(limit).offset(offset).execute();
}

export async function countByApproval(db: Kysely<DB>, status: ApprovalStatus): Promise<number> {
  const row = await db
    .selectFrom('restaurants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('approval_status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectForApproval(db: Kysely<DB>, id: number): Promise<ApprovalRow | undefined> {
  return approvalQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Moves a restaurant to `status` unless it is already there: the restaurant changed, or
 * undefined when nothing changed (no such restaurant, or already decided that way). One conditional statement, so two admins
 * deciding at once cannot both succeed.
 */
export function updateApproval(
  db: Kysely<DB>,
  id: number,
  status: ApprovalStatus,
  reason: string | null,
): Promise<{ id: number; name: string; owner_id: number } | undefined> {
  return db
    .updateTable('restaurants')
    .set({ approval_status: status, rejection_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('approval_status', '<>', status)
    .returning(['id', 'name', 'owner_id'])
    .executeTakeFirst();
}
