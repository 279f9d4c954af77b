import type { Kysely } from 'kysely';
import type { Profile } from '#contract/profile';
import type { DB } from '#server/db/schema';
import { AppError, type ErrorCode } from '#server/errors';
import { isUniqueViolation } from '#server/lib/unique-violation';
import { publicFileUrl } from '#server/storage/uploads';
import {
  insertUser,
  selectAvatarForUpdate,
  selectCustomerByPhone,
  selectLocked,
  selectStaffByLogin,
  selectStaffConflicts,
  selectUserById,
  updateUser,
  type UserRow,
} from './users.queries';

export type { UserRow };

// The users module owns the users table; other modules (auth, profile) go through these.
export const findUserById = selectUserById;
export const findCustomerByPhone = selectCustomerByPhone;
/** A staff-level account by username or email, both case-insensitive. */
export const findStaffByLogin = selectStaffByLogin;
export const isAccountLocked = selectLocked;

/** Refuses a sign-in to an account an admin has locked. */
export function assertNotLocked(user: { locked_at: Date | null }): void {
  if (user.locked_at !== null) throw new AppError('ACCOUNT_LOCKED');
}

/** In a transaction that replaces the avatar: the one it replaces, stable until commit. */
export const lockAvatar = selectAvatarForUpdate;

/** Inserts a user; a unique-index race becomes its 409. */
export function createUser(...args: Parameters<typeof insertUser>) {
  return insertUser(...args).catch(rethrowUniqueViolation);
}

/** Updates a user; a unique-index race becomes its 409. */
export function saveUser(...args: Parameters<typeof updateUser>) {
  return updateUser(...args).catch(rethrowUniqueViolation);
}

/** The API shape of a user (contract/profile.ts); is_need_update is derived, never stored. */
export function toProfile(user: UserRow): Profile {
  const staffName = [user.last_name, user.first_name].filter(Boolean).join(' ');
  const name =
    user.role === 'customer'
      ? user.full_name || user.phone || ''
      : staffName || user.username || '';
  const isNeedUpdate =
    user.role === 'customer'
      ? !user.full_name
      : !user.first_name || !user.last_name || !user.email || !user.phone || !user.address;
  return {
    id: user.id,
    role: user.role,
    name,
    username: user.username,
    full_name: user.role === 'customer' ? user.full_name : staffName || null,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    avatar: publicFileUrl(user.avatar),
    is_need_update: isNeedUpdate,
  };
}

/**
 * A friendly 409 before the insert or update; the unique indexes still decide under a race
 * (see uniqueViolation).
 */
export async function assertStaffValuesFree(
  db: Kysely<DB>,
  values: { username?: string; phone?: string; email?: string },
  exceptId: number | null,
): Promise<void> {
  const conflicts = await selectStaffConflicts(db, values, exceptId);
  for (const row of conflicts) {
    if (values.username && row.username?.toLowerCase() === values.username.toLowerCase()) {
      throw new AppError('USERNAME_TAKEN');
    }
  }
  for (const row of conflicts) {
    if (values.phone && row.phone === values.phone) throw new AppError('PHONE_TAKEN');
  }
  if (conflicts.length > 0) throw new AppError('EMAIL_TAKEN');
}

const CONSTRAINT_CODES: Record<string, ErrorCode> = {
  users_username: 'USERNAME_TAKEN',
  users_staff_phone: 'PHONE_TAKEN',
  users_customer_phone: 'PHONE_TAKEN',
  users_staff_email: 'EMAIL_TAKEN',
};

/** Turns a unique-index violation (from either engine) into its 409, or rethrows. */
export function rethrowUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = 'constraint' in error ? String(error.constraint) : '';
    const code = CONSTRAINT_CODES[constraint];
    if (code) throw new AppError(code, { cause: error });
  }
  throw error;
}
