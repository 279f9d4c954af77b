import type { Kysely, Updateable } from 'kysely';
import type { Profile } from '#contract/profile';
import type { DB, Gender, UsersTable } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { SmsSender } from '#server/sms/sms';
import { reencodeImage } from '#server/storage/images';
import type { UploadStore } from '#server/storage/uploads';
import { sendOtp, verifyOtp } from '../otp/otp.service';
import {
  assertStaffValuesFree,
  findCustomerByPhone,
  findUserById,
  lockAvatar,
  saveUser,
  toProfile,
} from '../users/users.service';

export interface ProfileDeps {
  db: Kysely<DB>;
  otpKey: Buffer;
  sms: SmsSender;
  sendsPerIpPerHour?: number;
  uploads: UploadStore;
}

const AVATAR = { width: 256, height: 256, fit: 'cover' } as const;

export async function getProfile(db: Kysely<DB>, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  // The token outlived its account (deleted since it was issued).
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toProfile(user);
}

interface CommonUpdate {
  email?: string | null;
  phone?: string;
  address?: string | null;
  date_of_birth?: string | null;
  gender?: Gender;
  avatar?: Buffer;
}

export interface CustomerUpdate extends CommonUpdate {
  full_name?: string;
  otp_code?: string;
}

export interface StaffUpdate extends CommonUpdate {
  first_name?: string;
  last_name?: string;
}

/**
 * Saves the fields given. A new avatar is re-encoded first, then stored in the transaction that
 * names it, and the avatar it replaces is deleted in that same transaction: a refused change
 * (a phone taken meanwhile) keeps the old picture and leaves no new one behind.
 */
async function applyUpdate(
  deps: ProfileDeps,
  userId: number,
  values: Updateable<UsersTable>,
  avatar: Buffer | undefined,
): Promise<Profile> {
  if (!avatar) return toProfile(await saveUser(deps.db, userId, values));
  const picture = await reencodeImage(avatar, AVATAR);
  const user = await deps.db.transaction().execute(async (trx) => {
    const previous = await lockAvatar(trx, userId);
    if (previous === undefined) throw new AppError('UNAUTHENTICATED');
    const stored = await deps.uploads.save(trx, 'avatars', picture, 'webp');
    const saved = await saveUser(trx, userId, { ...values, avatar: stored });
    await deps.uploads.removeUnused(trx, [previous]);
    return saved;
  });
  return toProfile(user);
}

export async function updateCustomerProfile(
  deps: ProfileDeps,
  userId: number,
  input: CustomerUpdate,
  ip: string,
): Promise<Profile> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw new AppError('UNAUTHENTICATED');
  const phoneChanges = input.phone !== undefined && input.phone !== current.phone;
  if (phoneChanges) {
    // A customer signs in with the phone, so a new number must be proven by a code sent to it.
    const owner = await findCustomerByPhone(deps.db, input.phone!);
    if (owner && owner.id !== userId) throw new AppError('PHONE_TAKEN');
    if (!input.otp_code) throw new AppError('OTP_REQUIRED');
    await verifyOtp(deps, {
      phone: input.phone!,
      purpose: 'change_phone',
      code: input.otp_code,
      userId,
      ip,
    });
  }
  const { avatar, otp_code: _otp, ...fields } = input;
  return applyUpdate(deps, userId, fields, avatar);
}

export async function sendPhoneChangeOtp(
  deps: ProfileDeps,
  userId: number,
  phone: string,
  ip: string,
): Promise<{ resend_after: number; expires_in: number }> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw new AppError('UNAUTHENTICATED');
  if (current.phone === phone) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Đây đã là số điện thoại của bạn',
      errors: [{ path: 'phone', message: 'Đây đã là số điện thoại của bạn' }],
    });
  }
  return sendOtp(deps, { phone, purpose: 'change_phone', userId, ip });
}

export async function updateStaffProfile(
  deps: ProfileDeps,
  userId: number,
  input: StaffUpdate,
): Promise<Profile> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw new AppError('UNAUTHENTICATED');
  await assertStaffValuesFree(
    deps.db,
    {
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.email ? { email: input.email } : {}),
    },
    userId,
  );
  const { avatar, ...fields } = input;
  return applyUpdate(deps, userId, fields, avatar);
}
