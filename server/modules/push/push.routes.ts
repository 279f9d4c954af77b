import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageReplySchema } from '#contract/envelope';
import {
  PushKeyReplySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '#contract/push';
import { done, ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { subscribe, unsubscribe } from './push.service';

export interface PushRoutesOptions {
  /** The VAPID public key, base64url. */
  publicKey: string;
}

export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, options) => {
  app.get(
    '/api/push/key/',
    {
      // Public: the key is public by design (every browser that subscribes receives it, and it
      // only lets a push service check our signatures), and the client may fetch it before
      // sign-in to prepare the subscription.
      config: { access: 'public' },
      schema: {
        tags: ['push'],
        summary: 'Khóa công khai VAPID để trình duyệt đăng ký nhận thông báo đẩy',
        response: { 200: PushKeyReplySchema },
      },
    },
    async () => ok({ public_key: options.publicKey }),
  );

  app.post(
    '/api/push/subscriptions/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Đăng ký trình duyệt này nhận thông báo đẩy (PushSubscription.toJSON())',
        body: PushSubscriptionBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (request) => {
      await subscribe(app.db, currentUser(request).id, request.body, {
        production: app.config.appEnv === 'production',
      });
      return done('Đã bật thông báo đẩy');
    },
  );

  app.delete(
    '/api/push/subscriptions/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Ngừng nhận thông báo đẩy trên trình duyệt này',
        body: PushUnsubscribeBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (request) => {
      await unsubscribe(app.db, currentUser(request).id, request.body.endpoint);
      return done('Đã tắt thông báo đẩy');
    },
  );
};
