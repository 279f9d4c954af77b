import { z } from 'zod';
import { okReply } from './envelope';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** GET /api/health: 200 when the database answers, 503 (error envelope) when it does not. */
export const HealthReplySchema = okReply(HealthSchema);

export type Health = z.infer<typeof HealthSchema>;
