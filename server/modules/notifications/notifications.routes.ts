import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkNotificationsReadBodySchema,
  MarkNotificationsReadReplySchema,
  NotificationListQuerySchema,
  NotificationListReplySchema,
} from '#contract/notifications';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { listNotifications, markNotificationsRead } from './notifications.service';

// Every signed-in user has an inbox; nothing here throws a domain error, so the only refusals
// are the shared ones the plugins declare (400 validation, 401, 413).
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Thông báo của tôi, mới nhất trước, kèm số chưa đọc',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListReplySchema },
      },
    },
    async (request) => ok(await listNotifications(app.db, currentUser(request).id, request.query)),
  );

  app.put(
    '/api/notifications/read/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Đánh dấu đã đọc: một số thông báo ({ids}) hoặc tất cả ({all: true})',
        body: MarkNotificationsReadBodySchema,
        response: { 200: MarkNotificationsReadReplySchema },
      },
    },
    async (request) =>
      ok(await markNotificationsRead(app.db, currentUser(request).id, request.body)),
  );
};
