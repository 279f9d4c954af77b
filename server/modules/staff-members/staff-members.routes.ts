import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#contract/catalogue';
import { MessageReplySchema } from '#contract/envelope';
import {
  StaffMemberCreateBodySchema,
  StaffMemberListReplySchema,
  StaffMemberReplySchema,
} from '#contract/staff-members';
import { errorReplies } from '#server/lib/error-replies';
import { done, ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { createMember, listMembers, removeMember } from './staff-members.service';

// The owner's team: only the owner manages it (staff and admin are refused by the guard).
const OWNER = { access: 'owner' } as const;

export const staffMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/members/',
    {
      config: OWNER,
      schema: {
        tags: ['staff-members'],
        summary: 'Nhân viên của nhà hàng',
        response: { 200: StaffMemberListReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) => ok({ items: await listMembers(app.db, currentUser(request)) }),
  );

  app.post(
    '/api/staff/members/',
    {
      config: OWNER,
      schema: {
        tags: ['staff-members'],
        summary: 'Tạo tài khoản nhân viên cho nhà hàng',
        body: StaffMemberCreateBodySchema,
        response: {
          201: StaffMemberReplySchema,
          ...errorReplies(
            'EMAIL_TAKEN',
            'PHONE_TAKEN',
            'RESTAURANT_NONE',
            'USERNAME_TAKEN',
            'WEAK_PASSWORD',
          ),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createMember(app.db, currentUser(request), request.body), 'Đã thêm nhân viên'),
        ),
  );

  app.delete(
    '/api/staff/members/:id/',
    {
      config: OWNER,
      schema: {
        tags: ['staff-members'],
        summary: 'Xoá nhân viên khỏi nhà hàng (đăng xuất mọi thiết bị của họ)',
        params: IdParamsSchema,
        response: {
          200: MessageReplySchema,
          ...errorReplies('RESTAURANT_NONE', 'STAFF_MEMBER_NOT_FOUND'),
        },
      },
    },
    async (request) => {
      await removeMember(app.db, currentUser(request), request.params.id);
      return done('Đã xoá nhân viên');
    },
  );
};
