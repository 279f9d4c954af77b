import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LogoutBodySchema,
  RefreshReplySchema,
  RegisterBodySchema,
  RegisterReplySchema,
  SendOtpBodySchema,
  SendOtpReplySchema,
  StaffLoginBodySchema,
  StaffLoginReplySchema,
  VerifyOtpBodySchema,
  VerifyOtpReplySchema,
} from '#contract/auth';
import { MessageReplySchema } from '#contract/envelope';
import { AppError } from '#server/errors';
import { errorReplies } from '#server/lib/error-replies';
import { done, ok } from '#server/lib/reply';
import {
  logout,
  refreshSession,
  registerOwner,
  sendLoginOtp,
  staffLogin,
  verifyLoginOtp,
  type AuthDeps,
} from './auth.service';
import { bearerToken } from './tokens';

const PUBLIC = { access: 'public' } as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    db: app.db,
    keys: app.keys,
    sms: app.sms,
    otpSendsPerIpPerHour: app.config.otpSendsPerIpPerHour,
  };

  app.post(
    '/api/auth/customer/send-otp/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Gửi mã OTP đăng nhập',
        body: SendOtpBodySchema,
        response: {
          200: SendOtpReplySchema,
          ...errorReplies('OTP_RESEND_TOO_SOON', 'RATE_LIMITED', 'SMS_FAILED'),
        },
      },
    },
    async (request) =>
      ok(
        await sendLoginOtp(deps, request.body.phone, request.ip),
        'Mã OTP đã được gửi đến số điện thoại của bạn',
      ),
  );

  app.post(
    '/api/auth/customer/verify-otp/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập bằng mã OTP',
        body: VerifyOtpBodySchema,
        response: {
          200: VerifyOtpReplySchema,
          ...errorReplies('OTP_INVALID', 'RATE_LIMITED', 'ACCOUNT_LOCKED'),
        },
      },
    },
    async (request) =>
      ok(
        await verifyLoginOtp(deps, {
          phone: request.body.phone,
          code: request.body.otp_code,
          ip: request.ip,
        }),
        'Đăng nhập thành công!',
      ),
  );

  app.post(
    '/api/auth/staff/register/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Đăng ký tài khoản chủ quán',
        body: RegisterBodySchema,
        response: {
          201: RegisterReplySchema,
          ...errorReplies('EMAIL_TAKEN', 'PHONE_TAKEN', 'USERNAME_TAKEN', 'WEAK_PASSWORD'),
        },
      },
    },
    async (request, reply) => {
      const user = await registerOwner(app.db, request.body);
      return reply
        .code(201)
        .send(ok({ user }, 'Đăng ký thành công! Tài khoản sẽ được xét duyệt trong 24-48 giờ.'));
    },
  );

  app.post(
    '/api/auth/staff/login/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập chủ quán / nhân viên',
        body: StaffLoginBodySchema,
        response: {
          200: StaffLoginReplySchema,
          ...errorReplies('INVALID_CREDENTIALS', 'LOGIN_DELAYED', 'RATE_LIMITED', 'ACCOUNT_LOCKED'),
        },
      },
    },
    async (request) =>
      ok(
        await staffLogin(deps, {
          login: request.body.username,
          password: request.body.password,
          ip: request.ip,
        }),
        'Đăng nhập thành công!',
      ),
  );

  app.post(
    '/api/auth/refresh/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Làm mới access token (refresh token là bearer)',
        response: {
          200: RefreshReplySchema,
          ...errorReplies('INVALID_REFRESH_TOKEN', 'ACCOUNT_LOCKED'),
        },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('INVALID_REFRESH_TOKEN');
      return ok(await refreshSession(deps, token));
    },
  );

  app.post(
    '/api/auth/logout/',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Đăng xuất (thu hồi refresh token)',
        body: LogoutBodySchema.optional(),
        response: { 200: MessageReplySchema },
      },
    },
    async (request) => {
      await logout(app.db, request.body?.refresh_token);
      return done('Đã đăng xuất');
    },
  );
};
