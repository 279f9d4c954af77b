import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListReplySchema } from '#contract/categories';
import { listCategories } from './categories.service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/category/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách danh mục món ăn',
        response: { 200: CategoryListReplySchema },
      },
    },
    async () => ({
      success: true as const,
      message: 'Thành công',
      data: await listCategories(app.db),
    }),
  );
};
