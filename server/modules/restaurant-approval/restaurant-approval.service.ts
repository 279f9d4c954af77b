import type { Kysely } from 'kysely';
import type { AdminRestaurant, ApprovalStatus } from '#contract/staff-restaurant';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import {
  restaurantApprovedMessage,
  restaurantRejectedMessage,
} from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import {
  countByApproval,
  selectByApproval,
  selectForApproval,
  updateApproval,
  type ApprovalRow,
} from './restaurant-approval.queries';

// Admin is staff-level and approves restaurants (design.md section 5). Customers see a
// restaurant only while it is approved: the catalogue's queries and the dishes' `listed` copy
// (kept by a trigger on approval_status) both follow this one column.

function toAdminRestaurant(row: ApprovalRow): AdminRestaurant {
  const name = [row.owner_last_name, row.owner_first_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    owner_id: row.owner_id,
    owner_name: name || row.owner_username,
    approval_status: row.approval_status,
    rejection_reason: row.rejection_reason,
    created_at: row.created_at.toISOString(),
  };
}

export async function listForApproval(
  db: Kysely<DB>,
  query: { status: ApprovalStatus; page: number; per_page: number },
) {
  const [rows, total] = await Promise.all([
    selectByApproval(db, query.status, query.per_page, offsetOf(query.page, query.per_page)),
    countByApproval(db, query.status),
  ]);
  return {
    items: rows.map(toAdminRestaurant),
    pagination: pagination(query.page, query.per_page, total),
  };
}

async function decide(
  db: Kysely<DB>,
  id: number,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<AdminRestaurant> {
  await db.transaction().execute(async (trx) => {
    const decided = await updateApproval(trx, id, status, reason);
    if (!decided) {
      if (!(await selectForApproval(trx, id))) throw new AppError('RESTAURANT_NOT_FOUND');
      throw new AppError(
        status === 'approved' ? 'RESTAURANT_ALREADY_APPROVED' : 'RESTAURANT_ALREADY_REJECTED',
      );
    }
    // Its owner learns the decision (and a rejection's reason) with it.
    await notify(
      trx,
      [decided.owner_id],
      status === 'rejected' && reason !== null
        ? restaurantRejectedMessage(decided, reason)
        : restaurantApprovedMessage(decided),
    );
  });
  return toAdminRestaurant((await selectForApproval(db, id))!);
}

/** Pending or rejected -> approved: customers see it from now on. The old reason is cleared. */
export function approveRestaurant(db: Kysely<DB>, id: number): Promise<AdminRestaurant> {
  return decide(db, id, 'approved', null);
}

/**
 * Pending or approved -> rejected, with the reason its owner reads; an approved restaurant
 * disappears from customers at once.
 */
export function rejectRestaurant(
  db: Kysely<DB>,
  id: number,
  reason: string,
): Promise<AdminRestaurant> {
  return decide(db, id, 'rejected', reason);
}
