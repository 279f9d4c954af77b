import { z } from 'zod';
import { okReply } from './envelope';

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
});

/** GET /api/category/ (spec 7.2): the list of categories as `data`. */
export const CategoryListReplySchema = okReply(z.array(CategorySchema));

export type Category = z.infer<typeof CategorySchema>;
export type CategoryListReply = z.infer<typeof CategoryListReplySchema>;
