import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventStreamQuerySchema } from '#contract/events';
import { currentUser } from '#server/lib/request-user';
import type { EventHub } from './events.hub';
import { openEventStream, type EventStreamOptions } from './events.stream';

export interface EventRoutesOptions {
  hub: EventHub;
  stream: EventStreamOptions;
}

export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (app, options) => {
  app.get(
    '/api/events/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Luồng sự kiện trực tiếp (text/event-stream): đơn hàng, ví; Last-Event-ID để nhận lại phần đã lỡ',
        querystring: EventStreamQuerySchema,
        response: {
          200: z.string().describe('Server-Sent Events: id, event (loại), data (JSON)'),
        },
      },
    },
    async (request, reply) => {
      await openEventStream(
        { db: app.db, hub: options.hub, options: options.stream },
        request,
        reply,
        currentUser(request),
        request.query.last_event_id,
      );
    },
  );
};
