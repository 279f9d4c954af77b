import { z } from 'zod';
import { okReply } from './envelope';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/**
 * GET /api/health and GET /api/health/ready: 200 when the database answers, 503 (error
 * envelope) when it does not or not within a few seconds.
 */
export const HealthReplySchema = okReply(HealthSchema);

export type Health = z.infer<typeof HealthSchema>;

export const LivenessSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

/** GET /api/health/live: 200 while the process serves requests; the database is not asked. */
export const LivenessReplySchema = okReply(LivenessSchema);

export type Liveness = z.infer<typeof LivenessSchema>;
