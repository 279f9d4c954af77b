import type { Kysely } from 'kysely';
import type { OpeningHours } from '#contract/catalogue';
import type { AuditAction } from '#contract/admin-users';
import type { Pagination } from '#contract/envelope';
import { normalizePhone } from '#contract/phone';
import type { AdminRestaurant, ApprovalStatus } from '#contract/staff-restaurant';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { countHorizon, offsetOf, pagination } from '#server/lib/pagination';
import { publicFileUrl } from '#server/storage/uploads';
import { recordAdminAction } from '../admin-audit/admin-audit.service';
import {
  restaurantApprovedMessage,
  restaurantPausedMessage,
  restaurantRejectedMessage,
  restaurantResumedMessage,
  type NotificationMessage,
} from '../notifications/notifications.messages';
import { notify } from '../notifications/notifications.service';
import {
  countByApproval,
  selectByApproval,
  selectForApproval,
  selectModerationForUpdate,
  updateAdminPause,
  updateApproval,
  type ApprovalRow,
  type ModerationRow,
  type RestaurantSearch,
} from './restaurant-approval.queries';

// Admin is staff-level and moderates restaurants (design.md section 5). Customers see a
// restaurant only while it is approved: the catalogue's queries and the dishes' `listed` copy
// (kept by a trigger on approval_status) both follow this one column. Every write here is a
// write to `restaurants`, whose statement trigger moves the catalogue generation, so the
// reply cache of every instance drops the replies it kept at once (decision 034).

/**
 * Who decided, for the audit log: an admin's user id, or SHELL_ACTOR_ID for the operator at the
 * server's shell (`npm run admin`), who has no account.
 */
export const SHELL_ACTOR_ID = 0;

function toAdminRestaurant(row: ApprovalRow): AdminRestaurant {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    phone: row.phone,
    email: row.email,
    image_url: publicFileUrl(row.image),
    cover_url: publicFileUrl(row.cover),
    logo_url: publicFileUrl(row.logo),
    opening_hours: row.opening_hours as OpeningHours,
    owner_id: row.owner_id,
    owner_name: row.owner_name ?? row.owner_username,
    owner_username: row.owner_username,
    owner_phone: row.owner_phone,
    approval_status: row.approval_status,
    rejection_reason: row.rejection_reason,
    decided_at: row.approval_decided_at?.toISOString() ?? null,
    is_active: row.is_active,
    admin_paused_reason: row.admin_paused_reason,
    created_at: row.created_at.toISOString(),
  };
}

function toSearch(q: string | undefined): RestaurantSearch {
  const text = q?.trim().toLowerCase() ?? '';
  if (text === '') return { text: null, phone: null };
  return { text, phone: normalizePhone(text) };
}

export async function listForApproval(
  db: Kysely<DB>,
  query: { status: ApprovalStatus; q?: string | undefined; page: number; per_page: number },
): Promise<{ items: AdminRestaurant[]; pagination: Pagination }> {
  const search = toSearch(query.q);
  const horizon = countHorizon(query.page, query.per_page);
  const [rows, counted] = await Promise.all([
    selectByApproval(
      db,
      query.status,
      search,
      query.per_page,
      offsetOf(query.page, query.per_page),
    ),
    countByApproval(db, query.status, search, horizon),
  ]);
  return {
    items: rows.map(toAdminRestaurant),
    pagination: pagination(query.page, query.per_page, counted, counted < horizon),
  };
}

interface Moderation {
  action: AuditAction;
  /** Refuses (AppError) when the restaurant, as the admin's call found it, allows no such step. */
  allowed(row: ModerationRow): void;
  /** Writes the step; returns the fields it changed, as they are now. */
  apply(trx: Kysely<DB>, row: ModerationRow): Promise<Record<string, unknown>>;
  message(row: ModerationRow): NotificationMessage;
}

/**
 * One admin step on one restaurant, in one transaction: the row held `for update` (two admins
 * deciding at once take turns, and the second sees what the first did, so exactly one of an
 * approve and a reject racing on a pending restaurant wins: see `decisionAgainst`), the change,
 * the owner's notification and the audit entry. A refusal rolls all of it back.
 */
async function moderate(
  db: Kysely<DB>,
  actorId: number,
  id: number,
  step: Moderation,
): Promise<AdminRestaurant> {
  await db.transaction().execute(async (trx) => {
    const row = await selectModerationForUpdate(trx, id);
    if (!row) throw new AppError('RESTAURANT_NOT_FOUND');
    step.allowed(row);
    const after = await step.apply(trx, row);
    const before = Object.fromEntries(
      Object.keys(after).map((key) => [key, auditValue(row[key as keyof ModerationRow])]),
    );
    await notify(trx, [row.owner_id], step.message(row));
    await recordAdminAction(trx, {
      actorId,
      action: step.action,
      targetType: 'restaurant',
      targetId: id,
      before,
      after,
    });
  });
  return toAdminRestaurant((await selectForApproval(db, id))!);
}

const auditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * What an admin's approve or reject is measured against: the status the console showed them.
 * Without it, a reject that queued behind a colleague's approve of the same pending restaurant
 * would go on to hide the restaurant just approved; with it, the second of the two is refused
 * with the status it met (an admin who means to hide it now rejects again, knowingly). The
 * console sends no status, so the restaurant's status when the request began reading stands
 * for it: `seen` below.
 */
function decisionAgainst(
  seen: ApprovalStatus | undefined,
  target: 'approved' | 'rejected',
): (row: ModerationRow) => void {
  const refusal = (status: 'approved' | 'rejected') =>
    new AppError(
      status === 'approved' ? 'RESTAURANT_ALREADY_APPROVED' : 'RESTAURANT_ALREADY_REJECTED',
    );
  return (row) => {
    const now = row.approval_status;
    if (now === target) throw refusal(target);
    // Decided the other way by someone else since the request read it.
    if (seen !== undefined && seen !== now && now !== 'pending') throw refusal(now);
  };
}

/** The status before any lock is waited for: what the admin's request found. */
async function statusSeen(db: Kysely<DB>, id: number): Promise<ApprovalStatus | undefined> {
  return (await selectForApproval(db, id))?.approval_status;
}

/** Pending or rejected -> approved: customers see it from now on. The old reason is cleared. */
export async function approveRestaurant(
  db: Kysely<DB>,
  id: number,
  actorId: number,
): Promise<AdminRestaurant> {
  const seen = await statusSeen(db, id);
  return moderate(db, actorId, id, {
    action: 'restaurant.approve',
    allowed: decisionAgainst(seen, 'approved'),
    apply: async (trx, row) => {
      const decidedAt = await updateApproval(trx, row.id, 'approved', null);
      return {
        approval_status: 'approved',
        ...(row.rejection_reason !== null ? { rejection_reason: null } : {}),
        approval_decided_at: decidedAt.toISOString(),
      };
    },
    message: restaurantApprovedMessage,
  });
}

/**
 * Pending or approved -> rejected, with the reason its owner reads; an approved restaurant
 * disappears from customers at once (the console's 'hide').
 */
export async function rejectRestaurant(
  db: Kysely<DB>,
  id: number,
  reason: string,
  actorId: number,
): Promise<AdminRestaurant> {
  const seen = await statusSeen(db, id);
  return moderate(db, actorId, id, {
    action: 'restaurant.reject',
    allowed: decisionAgainst(seen, 'rejected'),
    apply: async (trx, row) => {
      const decidedAt = await updateApproval(trx, row.id, 'rejected', reason);
      return {
        approval_status: 'rejected',
        rejection_reason: reason,
        approval_decided_at: decidedAt.toISOString(),
      };
    },
    message: (row) => restaurantRejectedMessage(row, reason),
  });
}

/**
 * An admin's pause of a restaurant that breaks the rules: it takes no orders (is_active
 * false) and its owner cannot switch it back on until an admin resumes it. Customers still
 * see it, paused, as with the owner's own switch.
 */
export function pauseRestaurant(
  db: Kysely<DB>,
  id: number,
  reason: string,
  actorId: number,
): Promise<AdminRestaurant> {
  return moderate(db, actorId, id, {
    action: 'restaurant.pause',
    allowed: (row) => {
      if (row.admin_paused_reason !== null) throw new AppError('RESTAURANT_ALREADY_PAUSED');
    },
    apply: async (trx, row) => {
      await updateAdminPause(trx, row.id, reason);
      return { is_active: false, admin_paused_reason: reason };
    },
    message: (row) => restaurantPausedMessage(row, reason),
  });
}

/** The end of an admin's pause: active again, the owner's switch theirs again. */
export function resumeRestaurant(
  db: Kysely<DB>,
  id: number,
  actorId: number,
): Promise<AdminRestaurant> {
  return moderate(db, actorId, id, {
    action: 'restaurant.resume',
    allowed: (row) => {
      if (row.admin_paused_reason === null) throw new AppError('RESTAURANT_NOT_ADMIN_PAUSED');
    },
    apply: async (trx, row) => {
      await updateAdminPause(trx, row.id, null);
      return { is_active: true, admin_paused_reason: null };
    },
    message: restaurantResumedMessage,
  });
}
