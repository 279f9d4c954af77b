import type { Kysely, Selectable, Updateable } from 'kysely';
import type {
  AdminCouponCreateBody,
  AdminCouponEditBody,
  ManagedCoupon,
} from '#contract/coupon-admin';
import type { CouponsTable, DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { isUniqueViolation } from '#server/lib/unique-violation';
import { recordAdminAction } from '#server/modules/admin-audit/admin-audit.service';
import { toCoupon } from '#server/modules/coupons/coupons.service';
import { workplaceOf } from '#server/modules/workplace/workplace.service';
import {
  countDishesOf,
  insertCoupon,
  restaurantExists,
  selectCouponForEdit,
  selectManagedCoupon,
  selectManagedCoupons,
  selectMostUsesByOneCustomer,
  updateCoupon,
  type ManagedCouponRow,
} from './coupon-admin.queries';

/**
 * Who manages: an admin manages every coupon and may scope one to any restaurant; an owner
 * manages only their restaurant's, whose scope is fixed to it (docs/decisions/044).
 */
export type Manager =
  { kind: 'admin'; userId: number } | { kind: 'owner'; userId: number; restaurantId: number };

export async function ownerManager(
  db: Kysely<DB>,
  user: { id: number; role: Role },
): Promise<Manager> {
  return { kind: 'owner', userId: user.id, restaurantId: await workplaceOf(db, user) };
}

/** What the audit log keeps of a coupon: every field its manager sets. */
function auditState(row: Selectable<CouponsTable>) {
  return {
    code: row.code,
    type: row.kind,
    value: row.value,
    max_discount: row.max_discount,
    min_order: row.min_order,
    restaurant_id: row.restaurant_id,
    food_ids: row.food_ids,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    usage_limit: row.usage_limit,
    per_customer_limit: row.per_customer_limit,
    paused: row.paused,
  };
}

/** The customer's shape of the coupon, with what only its manager sees. */
function toManaged(row: ManagedCouponRow): ManagedCoupon {
  return {
    ...toCoupon(row),
    type: row.kind,
    usage_limit: row.usage_limit,
    paused: row.paused,
    used_count: row.used_count,
    customers: row.customers,
    discount_given: row.discount_given,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The coupon as its manager may see it; another restaurant's (or the platform's) is 404. */
async function managedOrNotFound(db: Kysely<DB>, manager: Manager, id: number) {
  const row = await selectManagedCoupon(db, id);
  if (!row || (manager.kind === 'owner' && row.restaurant_id !== manager.restaurantId)) {
    throw new AppError('MANAGED_COUPON_NOT_FOUND');
  }
  return row;
}

export async function listManagedCoupons(
  db: Kysely<DB>,
  manager: Manager,
): Promise<{ items: ManagedCoupon[] }> {
  const rows = await selectManagedCoupons(
    db,
    manager.kind === 'owner' ? manager.restaurantId : undefined,
  );
  return { items: rows.map(toManaged) };
}

/** The coupon as it would stand after the change, for the rules between its fields. */
interface Shape {
  kind: 'percent' | 'fixed';
  value: number;
  starts_at: Date;
  ends_at: Date | null;
  restaurant_id: number | null;
  food_ids: number[] | null;
}

/** Every rule a coupon's fields must keep together; each breach a 400 with nothing written. */
async function checkShape(db: Kysely<DB>, shape: Shape): Promise<void> {
  if (shape.kind === 'percent' && shape.value > 100) throw new AppError('COUPON_PERCENT_RANGE');
  if (shape.ends_at !== null && shape.ends_at <= shape.starts_at) {
    throw new AppError('COUPON_WINDOW');
  }
  if (shape.restaurant_id !== null && !(await restaurantExists(db, shape.restaurant_id))) {
    throw new AppError('COUPON_RESTAURANT_INVALID');
  }
  if (shape.food_ids !== null) {
    if (shape.restaurant_id === null) throw new AppError('COUPON_FOODS_NEED_RESTAURANT');
    const distinct = [...new Set(shape.food_ids)];
    if ((await countDishesOf(db, shape.restaurant_id, distinct)) !== distinct.length) {
      throw new AppError('COUPON_FOODS_INVALID');
    }
  }
}

/** Runs the write, turning the unique code index's refusal into the 409 the maker reads. */
async function withCodeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('COUPON_CODE_TAKEN');
    throw error;
  }
}

/** POST .../coupons/. An owner's body carries no restaurant_id: the scope is theirs. */
export async function createCoupon(
  db: Kysely<DB>,
  manager: Manager,
  body: AdminCouponCreateBody,
  now = new Date(),
): Promise<ManagedCoupon> {
  const restaurantId =
    manager.kind === 'owner' ? manager.restaurantId : (body.restaurant_id ?? null);
  const shape: Shape = {
    kind: body.type,
    value: body.value,
    starts_at: body.starts_at === undefined ? now : new Date(body.starts_at),
    ends_at: body.ends_at == null ? null : new Date(body.ends_at),
    restaurant_id: restaurantId,
    food_ids: body.food_ids ?? null,
  };
  // One transaction: an admin's coupon exists exactly when its audit entry does.
  const id = await db.transaction().execute(async (trx) => {
    await checkShape(trx, shape);
    const created = await withCodeUnique(() =>
      insertCoupon(trx, {
        code: body.code,
        kind: shape.kind,
        value: shape.value,
        max_discount: body.max_discount ?? null,
        min_order: body.min_order ?? 0,
        restaurant_id: shape.restaurant_id,
        food_ids: shape.food_ids === null ? null : [...new Set(shape.food_ids)],
        starts_at: shape.starts_at,
        ends_at: shape.ends_at,
        usage_limit: body.usage_limit ?? null,
        per_customer_limit: body.per_customer_limit ?? null,
        created_by: manager.userId,
      }),
    );
    // An owner's coupons are their own business, not an admin action.
    if (manager.kind === 'admin') {
      await recordAdminAction(trx, {
        actorId: manager.userId,
        action: 'coupon.create',
        targetType: 'coupon',
        targetId: created,
        before: null,
        after: auditState((await selectCouponForEdit(trx, created))!),
      });
    }
    return created;
  });
  return toManaged((await selectManagedCoupon(db, id))!);
}

/**
 * PUT .../coupons/{id}/: the fields given change, in one transaction with the coupon row
 * locked, so a use redeemed meanwhile is counted by the usage rules: a total limit below the
 * uses made, or a per-customer limit below one customer's uses, is 409 with nothing changed.
 */
export async function editCoupon(
  db: Kysely<DB>,
  manager: Manager,
  id: number,
  body: AdminCouponEditBody,
  now = new Date(),
): Promise<ManagedCoupon> {
  await managedOrNotFound(db, manager, id);
  await db.transaction().execute(async (trx) => {
    const current = await selectCouponForEdit(trx, id);
    if (!current) throw new AppError('MANAGED_COUPON_NOT_FOUND');
    let startsAt = body.starts_at === undefined ? current.starts_at : new Date(body.starts_at);
    let endsAt =
      body.ends_at === undefined
        ? current.ends_at
        : body.ends_at === null
          ? null
          : new Date(body.ends_at);
    if (body.expire) {
      // Ends now; a coupon that had not started yet starts and ends at once (never usable).
      endsAt = now;
      if (startsAt >= now) startsAt = new Date(now.getTime() - 1);
    }
    const shape: Shape = {
      kind: body.type ?? current.kind,
      value: body.value ?? current.value,
      starts_at: startsAt,
      ends_at: endsAt,
      restaurant_id:
        manager.kind === 'owner'
          ? manager.restaurantId
          : body.restaurant_id === undefined
            ? current.restaurant_id
            : body.restaurant_id,
      food_ids: body.food_ids === undefined ? current.food_ids : body.food_ids,
    };
    await checkShape(trx, shape);
    if (
      body.usage_limit !== undefined &&
      body.usage_limit !== null &&
      body.usage_limit < current.used_count
    ) {
      throw new AppError('COUPON_LIMIT_BELOW_USED');
    }
    if (
      body.per_customer_limit !== undefined &&
      body.per_customer_limit !== null &&
      body.per_customer_limit < (await selectMostUsesByOneCustomer(trx, id))
    ) {
      throw new AppError('COUPON_CUSTOMER_LIMIT_BELOW_USED');
    }
    const values: Updateable<CouponsTable> = {
      kind: shape.kind,
      value: shape.value,
      starts_at: shape.starts_at,
      ends_at: shape.ends_at,
      restaurant_id: shape.restaurant_id,
      food_ids: shape.food_ids === null ? null : [...new Set(shape.food_ids)],
    };
    if (body.code !== undefined) values.code = body.code;
    if (body.max_discount !== undefined) values.max_discount = body.max_discount;
    if (body.min_order !== undefined) values.min_order = body.min_order;
    if (body.usage_limit !== undefined) values.usage_limit = body.usage_limit;
    if (body.per_customer_limit !== undefined) values.per_customer_limit = body.per_customer_limit;
    if (body.paused !== undefined) values.paused = body.paused;
    await withCodeUnique(() => updateCoupon(trx, id, values));
    if (manager.kind === 'admin') {
      await recordAdminAction(trx, {
        actorId: manager.userId,
        action: 'coupon.update',
        targetType: 'coupon',
        targetId: id,
        before: auditState(current),
        after: auditState((await selectCouponForEdit(trx, id))!),
      });
    }
  });
  return toManaged((await selectManagedCoupon(db, id))!);
}
