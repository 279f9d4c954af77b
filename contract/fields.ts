import { z } from 'zod';
import { normalizePhone, PHONE_INVALID, PHONE_REQUIRED } from './phone';

/**
 * Field rules shared by the server (which re-checks everything) and the client. Messages are
 * the spec's (section 5) where it gives one; the others follow the same tone.
 */

export { normalizePhone, PHONE_INVALID, PHONE_REQUIRED } from './phone';

export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(1, PHONE_REQUIRED)
  .max(20, PHONE_INVALID)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  });

export const OtpCodeSchema = z
  .string({ error: 'Vui lòng nhập mã OTP' })
  .trim()
  .min(1, 'Vui lòng nhập mã OTP')
  .regex(/^\d{6}$/, 'Mã OTP phải có 6 chữ số');

export const PASSWORD_MIN = 6;
/** Not trimmed (spaces may be part of a password), but blank counts as empty (spec 5). */
export const PasswordSchema = z
  .string({ error: 'Vui lòng nhập mật khẩu' })
  .min(1, 'Vui lòng nhập mật khẩu')
  .refine((value) => value.trim() !== '', 'Vui lòng nhập mật khẩu')
  .min(PASSWORD_MIN, 'Mật khẩu phải có ít nhất 6 ký tự')
  .max(128, 'Mật khẩu tối đa 128 ký tự');

/** A required, trimmed text field with the spec's message and a sane upper bound. */
export function requiredText(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} tối đa ${max} ký tự`);
}

export const EmailSchema = z
  .string({ error: 'Vui lòng nhập email' })
  .trim()
  .min(1, 'Vui lòng nhập email')
  .max(254, 'Email tối đa 254 ký tự')
  .pipe(z.email('Email không hợp lệ'))
  .transform((email) => email.toLowerCase());

export const GenderSchema = z.enum(['male', 'female', 'other'], {
  error: 'Giới tính không hợp lệ',
});

/** A calendar date (YYYY-MM-DD) between 1900-01-01 and today. */
export const BirthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày sinh không hợp lệ')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value) &&
      value >= '1900-01-01' &&
      date.getTime() <= Date.now()
    );
  }, 'Ngày sinh không hợp lệ');
