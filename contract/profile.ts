import { z } from 'zod';
import { okReply } from './envelope';
import { BirthDateSchema, EmailSchema, GenderSchema, OtpCodeSchema, PhoneSchema } from './fields';

export const RoleSchema = z.enum(['customer', 'staff', 'owner', 'admin']);

/**
 * The signed-in user as every auth and profile reply returns it (spec section 3 Profile).
 * `name` is what the top bar shows: the full name, or the phone of a customer who has not
 * given a name yet. `avatar` is a URL path or null.
 */
export const ProfileSchema = z.object({
  id: z.number().int(),
  role: RoleSchema,
  name: z.string(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: GenderSchema.nullable(),
  avatar: z.string().nullable(),
  is_need_update: z.boolean(),
});

export const ProfileReplySchema = okReply(ProfileSchema);

/** An optional text that may be cleared with an empty string (stored as null). */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .transform((value) => value || null)
    .optional();
}

/** Empty means "clear it" (null); anything else must be valid. */
function clearable<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(schema.nullable())
    .optional();
}

const optionalEmail = clearable(EmailSchema);
const optionalBirthDate = clearable(BirthDateSchema);

/**
 * PUT /api/customer/profile/ (JSON or multipart with an `avatar` file). Fields not listed
 * (role, balance, is_approved, ...) are ignored. A new phone needs `otp_code`, sent to that
 * new number by POST /api/customer/profile/phone-otp/.
 */
export const CustomerProfileUpdateSchema = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, 'Vui lòng nhập họ tên')
    .max(100, 'Họ tên tối đa 100 ký tự')
    .optional(),
  email: optionalEmail,
  phone: PhoneSchema.optional(),
  otp_code: OtpCodeSchema.optional(),
  address: optionalText(500, 'Địa chỉ'),
  date_of_birth: optionalBirthDate,
  gender: GenderSchema.optional(),
});

/** POST /api/customer/profile/phone-otp/: a code to prove a new phone number. */
export const PhoneOtpBodySchema = z.object({ phone: PhoneSchema });

/** PUT /api/staff/profile/ (JSON or multipart with an `avatar` file). */
export const StaffProfileUpdateSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'Vui lòng nhập tên')
    .max(100, 'Tên tối đa 100 ký tự')
    .optional(),
  last_name: z
    .string()
    .trim()
    .min(1, 'Vui lòng nhập họ')
    .max(100, 'Họ tối đa 100 ký tự')
    .optional(),
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  address: optionalText(500, 'Địa chỉ'),
  date_of_birth: optionalBirthDate,
  gender: GenderSchema.optional(),
});

export type Role = z.infer<typeof RoleSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
export type CustomerProfileUpdate = z.input<typeof CustomerProfileUpdateSchema>;
export type StaffProfileUpdate = z.input<typeof StaffProfileUpdateSchema>;
