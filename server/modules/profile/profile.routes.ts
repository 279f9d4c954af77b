import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SendOtpReplySchema } from '#contract/auth';
import {
  CustomerProfileUpdateSchema,
  PhoneOtpBodySchema,
  ProfileReplySchema,
  StaffProfileUpdateSchema,
} from '#contract/profile';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { MAX_UPLOAD_BYTES } from '#server/storage/images';
import {
  getProfile,
  sendPhoneChangeOtp,
  updateCustomerProfile,
  updateStaffProfile,
  type ProfileDeps,
} from './profile.service';

// Multipart bodies arrive as key/values with files as Buffers (app.ts registers multipart
// that way), so one schema covers JSON and multipart alike.
const AvatarFileSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Ảnh đại diện phải là một tệp ảnh')
  .meta({ type: 'string', format: 'binary' });

// Room for a 2 MB image plus the text fields and multipart framing.
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 256 * 1024;
const UPDATED = 'Đã cập nhật thông tin';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ProfileDeps = {
    db: app.db,
    otpKey: app.keys.otp,
    sms: app.sms,
    sendsPerIpPerHour: app.config.otpSendsPerIpPerHour,
    uploads: app.uploads,
  };

  app.get(
    '/api/customer/profile/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['profile'],
        summary: 'Hồ sơ khách hàng',
        response: { 200: ProfileReplySchema },
      },
    },
    async (request) => ok(await getProfile(app.db, currentUser(request).id)),
  );

  app.put(
    '/api/customer/profile/',
    {
      config: { access: 'customer' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['profile'],
        summary: 'Cập nhật hồ sơ khách hàng (JSON hoặc multipart kèm avatar)',
        body: CustomerProfileUpdateSchema.extend({ avatar: AvatarFileSchema.optional() }),
        response: {
          200: ProfileReplySchema,
          ...errorReplies(
            'IMAGE_TOO_LARGE',
            'OTP_INVALID',
            'OTP_REQUIRED',
            'PHONE_TAKEN',
            'RATE_LIMITED',
            'UNSUPPORTED_IMAGE',
          ),
        },
      },
    },
    async (request) =>
      ok(
        await updateCustomerProfile(deps, currentUser(request).id, request.body, request.ip),
        UPDATED,
      ),
  );

  app.post(
    '/api/customer/profile/phone-otp/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['profile'],
        summary: 'Gửi mã OTP xác nhận số điện thoại mới',
        body: PhoneOtpBodySchema,
        response: {
          200: SendOtpReplySchema,
          ...errorReplies('OTP_RESEND_TOO_SOON', 'RATE_LIMITED', 'SMS_FAILED'),
        },
      },
    },
    async (request) =>
      ok(
        await sendPhoneChangeOtp(deps, currentUser(request).id, request.body.phone, request.ip),
        'Mã OTP đã được gửi đến số điện thoại của bạn',
      ),
  );

  app.get(
    '/api/staff/profile/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['profile'],
        summary: 'Hồ sơ chủ quán / nhân viên',
        response: { 200: ProfileReplySchema },
      },
    },
    async (request) => ok(await getProfile(app.db, currentUser(request).id)),
  );

  app.put(
    '/api/staff/profile/',
    {
      config: { access: 'staff' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['profile'],
        summary: 'Cập nhật hồ sơ chủ quán / nhân viên (JSON hoặc multipart kèm avatar)',
        body: StaffProfileUpdateSchema.extend({ avatar: AvatarFileSchema.optional() }),
        response: {
          200: ProfileReplySchema,
          ...errorReplies(
            'EMAIL_TAKEN',
            'IMAGE_TOO_LARGE',
            'PHONE_TAKEN',
            'UNSUPPORTED_IMAGE',
            'USERNAME_TAKEN',
          ),
        },
      },
    },
    async (request) =>
      ok(await updateStaffProfile(deps, currentUser(request).id, request.body), UPDATED),
  );
};
