import type { Kysely } from 'kysely';
import type { AdminUser, AdminUserDetail } from '#contract/admin-users';
import type { Pagination } from '#contract/envelope';
import { normalizePhone } from '#contract/phone';
import type { DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { countHorizon, offsetOf, pagination } from '#server/lib/pagination';
import { recordAdminAction } from '../admin-audit/admin-audit.service';
import { revokeUserSessions } from '../auth/auth.service';
import { walletBalance } from '../ledger/ledger.service';
import {
  countUsers,
  selectActiveAdminIdsForUpdate,
  selectLockForUpdate,
  selectRecentOrders,
  selectUserDetail,
  selectUserRestaurant,
  selectUsers,
  updateLock,
  type UserSearch,
} from './admin-users.queries';

const RECENT_ORDERS = 5;

function toSearch(q: string | undefined): UserSearch {
  const text = q?.trim().toLowerCase() ?? '';
  if (text === '') return { text: null, phone: null };
  return { text, phone: normalizePhone(text) };
}

export async function searchUsers(
  db: Kysely<DB>,
  query: { q?: string; page: number; per_page: number },
): Promise<{ items: AdminUser[]; pagination: Pagination }> {
  const search = toSearch(query.q);
  const horizon = countHorizon(query.page, query.per_page);
  // The count first: how many match decides how the page is best read (see selectUsers).
  const counted = await countUsers(db, search, horizon);
  const rows = await selectUsers(db, search, {
    limit: query.per_page,
    offset: offsetOf(query.page, query.per_page),
    many: counted >= horizon,
  });
  return {
    items: rows.map(({ locked_at, ...row }) => ({ ...row, locked: locked_at !== null })),
    pagination: pagination(query.page, query.per_page, counted, counted < horizon),
  };
}

export async function userDetail(db: Kysely<DB>, id: number): Promise<AdminUserDetail> {
  const user = await selectUserDetail(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const restaurant = (await selectUserRestaurant(db, user)) ?? null;
  const orders =
    user.role === 'customer'
      ? await selectRecentOrders(db, { customerId: user.id }, RECENT_ORDERS)
      : restaurant
        ? await selectRecentOrders(db, { restaurantId: restaurant.id }, RECENT_ORDERS)
        : [];
  const { restaurant_id: _restaurantId, locked_at, created_at, ...fields } = user;
  return {
    ...fields,
    locked: locked_at !== null,
    locked_at: locked_at?.toISOString() ?? null,
    created_at: created_at.toISOString(),
    restaurant,
    wallet_balance: await walletBalance(db, user.id),
    recent_orders: orders.map((order) => ({
      id: order.id,
      status: order.status,
      total: order.total_amount,
      created_at: order.created_at.toISOString(),
    })),
  };
}

interface LockState {
  locked_at: string | null;
  locked_by: number | null;
  locked_reason: string | null;
}

function lockState(row: {
  locked_at: Date | null;
  locked_by: number | null;
  locked_reason: string | null;
}): LockState {
  return {
    locked_at: row.locked_at?.toISOString() ?? null,
    locked_by: row.locked_by,
    locked_reason: row.locked_reason,
  };
}

/**
 * Locks an account: no request of it is answered, no sign-in, its refresh tokens are revoked
 * in the same transaction, and the audit log records it. Locking a locked account changes
 * nothing and is no error (a retried click). The caller closes the user's open streams.
 */
export async function lockUser(
  db: Kysely<DB>,
  input: { actorId: number; targetId: number; reason: string | null },
): Promise<{ changed: boolean }> {
  // The actor exists and is unlocked: the access guard has just read them.
  if (input.actorId === input.targetId) throw new AppError('LOCK_SELF');
  return db.transaction().execute(async (trx) => {
    const role = (await selectUserDetail(trx, input.targetId))?.role;
    if (!role) throw new AppError('USER_NOT_FOUND');
    // The admins first, in id order, then the target: every locker takes rows in one order.
    const activeAdmins: number[] | null =
      role === ('admin' satisfies Role) ? await selectActiveAdminIdsForUpdate(trx) : null;
    const target = await selectLockForUpdate(trx, input.targetId);
    if (!target) throw new AppError('USER_NOT_FOUND');
    if (target.locked_at !== null) return { changed: false };
    if (activeAdmins?.filter((id) => id !== target.id).length === 0) {
      throw new AppError('LOCK_LAST_ADMIN');
    }
    const after = await updateLock(trx, target.id, { by: input.actorId, reason: input.reason });
    await revokeUserSessions(trx, target.id);
    await recordAdminAction(trx, {
      actorId: input.actorId,
      action: 'user.lock',
      targetType: 'user',
      targetId: target.id,
      before: lockState(target),
      after: lockState(after),
    });
    return { changed: true };
  });
}

/** Unlocks an account; unlocking an unlocked one changes nothing and is no error. */
export async function unlockUser(
  db: Kysely<DB>,
  input: { actorId: number; targetId: number },
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const target = await selectLockForUpdate(trx, input.targetId);
    if (!target) throw new AppError('USER_NOT_FOUND');
    if (target.locked_at === null) return { changed: false };
    const after = await updateLock(trx, target.id, null);
    await recordAdminAction(trx, {
      actorId: input.actorId,
      action: 'user.unlock',
      targetType: 'user',
      targetId: target.id,
      before: lockState(target),
      after: lockState(after),
    });
    return { changed: true };
  });
}
