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
 * Saves the fields given. A new avatar is stored before the row changes and removed again if
 * the row cannot change; the replaced avatar is deleted only after the change committed.
 */
async function applyUpdate(
  deps: ProfileDeps,
  userId: number,
  previousAvatar: string | null,
  values: Updateable<UsersTable>,
  avatar: Buffer | undefined,
): Promise<Profile> {
  const stored = avatar
    ? await deps.uploads.save('avatars', await reencodeImage(avatar, AVATAR), 'webp')
    : undefined;
  try {
    const user = await saveUser(deps.db, userId, stored ? { ...values, avatar: stored } : values);
    if (stored && previousAvatar) await deps.uploads.remove(previousAvatar);
    return toProfile(user);
  } catch (error) {
    if (stored) await deps.uploads.remove(stored);
    throw error;
  }
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
  return applyUpdate(deps, userId, current.avatar, fields, avatar);
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
  return applyUpdate(deps, userId, current.avatar, fields, avatar);
}
