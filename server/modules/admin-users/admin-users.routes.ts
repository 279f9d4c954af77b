import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUserDetailReplySchema,
  AdminUserListQuerySchema,
  AdminUserListReplySchema,
  LockUserBodySchema,
} from '#contract/admin-users';
import { IdParamsSchema } from '#contract/catalogue';
import { MessageReplySchema } from '#contract/envelope';
import { errorReplies } from '#server/lib/error-replies';
import { done, ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { lockUser, searchUsers, unlockUser, userDetail } from './admin-users.service';

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-users'],
        summary: 'Tìm người dùng theo số điện thoại, tên đăng nhập, email hoặc tên',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListReplySchema },
      },
    },
    async (request) => ok(await searchUsers(app.db, request.query)),
  );

  app.get(
    '/api/admin/users/:id/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-users'],
        summary: 'Chi tiết người dùng: vai trò, nhà hàng, số dư ví, đơn gần đây',
        params: IdParamsSchema,
        response: { 200: AdminUserDetailReplySchema, ...errorReplies('USER_NOT_FOUND') },
      },
    },
    async (request) => ok(await userDetail(app.db, request.params.id)),
  );

  app.put(
    '/api/admin/users/:id/lock/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-users'],
        summary: 'Khóa tài khoản: thu hồi phiên đăng nhập, đóng luồng sự kiện đang mở',
        params: IdParamsSchema,
        body: LockUserBodySchema,
        response: {
          200: MessageReplySchema,
          ...errorReplies('USER_NOT_FOUND', 'LOCK_SELF', 'LOCK_LAST_ADMIN'),
        },
      },
    },
    async (request) => {
      const targetId = request.params.id;
      await lockUser(app.db, {
        actorId: currentUser(request).id,
        targetId,
        reason: request.body.reason || null,
      });
      // Streams on this instance end now; on the others at their next heartbeat.
      app.events.closeUserStreams(targetId);
      return done('Đã khóa tài khoản');
    },
  );

  app.put(
    '/api/admin/users/:id/unlock/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin-users'],
        summary: 'Mở khóa tài khoản',
        params: IdParamsSchema,
        response: { 200: MessageReplySchema, ...errorReplies('USER_NOT_FOUND') },
      },
    },
    async (request) => {
      await unlockUser(app.db, { actorId: currentUser(request).id, targetId: request.params.id });
      return done('Đã mở khóa tài khoản');
    },
  );
};
