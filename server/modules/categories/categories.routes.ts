import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListReplySchema } from '#contract/categories';
import { ok } from '#server/lib/reply';
import { listCategories } from './categories.service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/category/',
    {
      // The same for everybody until a category changes: kept serialized and compressed.
      config: { access: 'public', replyCache: 'catalogue' },
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách danh mục món ăn',
        response: { 200: CategoryListReplySchema },
      },
    },
    async () => ok(await listCategories(app.db)),
  );
};
