import { z } from 'zod';
import { okReply } from './envelope';
import {
  EmailSchema,
  GenderSchema,
  OtpCodeSchema,
  PasswordSchema,
  PhoneSchema,
  requiredText,
} from './fields';
import { ProfileSchema } from './profile';

// --- Customer: phone + one-time code (spec 2.3, 7.1) ---

/** POST /api/auth/customer/send-otp/ */
export const SendOtpBodySchema = z.object({ phone: PhoneSchema });

/** The same reply for a new and a known phone; the code itself is never in it. */
export const SendOtpReplySchema = okReply(
  z.object({
    /** Seconds until a new code may be requested. */
    resend_after: z.number().int(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
  }),
);

/** POST /api/auth/customer/verify-otp/ */
export const VerifyOtpBodySchema = z.object({ phone: PhoneSchema, otp_code: OtpCodeSchema });

export const TokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});

export const VerifyOtpReplySchema = okReply(
  z.object({ customer: ProfileSchema, tokens: TokensSchema }),
);

// --- Owner registration and staff sign-in (spec 2.4, 2.5, 3, 5) ---

/**
 * POST /api/auth/staff/register/. Fields in the order spec section 5 checks them, so the
 * first reported problem is the one the form would show first.
 */
export const RegisterBodySchema = z.object({
  username: requiredText('Vui lòng nhập tên đăng nhập', 50, 'Tên đăng nhập').regex(
    /^[A-Za-z0-9._-]+$/,
    'Tên đăng nhập chỉ gồm chữ không dấu, số và các ký tự . _ -',
  ),
  first_name: requiredText('Vui lòng nhập tên', 100, 'Tên'),
  last_name: requiredText('Vui lòng nhập họ', 100, 'Họ'),
  email: EmailSchema,
  phone: PhoneSchema,
  address: requiredText('Vui lòng nhập địa chỉ', 500, 'Địa chỉ'),
  password: PasswordSchema,
  gender: GenderSchema.default('male'),
});

export const RegisterReplySchema = okReply(z.object({ user: ProfileSchema }));

/** POST /api/auth/staff/login/: `username` may also be the account's email. */
export const StaffLoginBodySchema = z.object({
  username: z
    .string({ error: 'Vui lòng nhập tên đăng nhập hoặc email' })
    .trim()
    .min(1, 'Vui lòng nhập tên đăng nhập hoặc email')
    .max(254, 'Tên đăng nhập hoặc mật khẩu không đúng'),
  password: PasswordSchema,
});

export const StaffLoginReplySchema = okReply(
  z.object({ user: ProfileSchema, tokens: TokensSchema }),
);

// --- Tokens ---

/** POST /api/auth/refresh/ with the refresh token as bearer; the refresh token rotates. */
export const RefreshReplySchema = okReply(TokensSchema);

/** POST /api/auth/logout/: revokes the refresh token's whole family. Always succeeds. */
export const LogoutBodySchema = z.object({ refresh_token: z.string().max(200).optional() });

// --- Development SMS outbox ---

/** GET /api/dev/sms-outbox?phone=... (development and test only), newest first. */
export const SmsOutboxQuerySchema = z.object({ phone: PhoneSchema.optional() });
export const SmsOutboxReplySchema = okReply(
  z.object({
    items: z.array(z.object({ phone: z.string(), text: z.string(), created_at: z.string() })),
  }),
);

export type Tokens = z.infer<typeof TokensSchema>;
export type RegisterBody = z.input<typeof RegisterBodySchema>;
