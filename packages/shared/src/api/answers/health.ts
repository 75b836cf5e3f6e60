import { z } from 'zod';

/** Whether the server can do its work: its database takes writes and, when servers share Redis, Redis answers. */
export const readiness = z.object({
  status: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
  ready: z.boolean(),
  database: z.enum(['writable', 'refusing writes', 'unreachable']),
  redis: z.enum(['up', 'down']).optional(),
});
export type ReadinessAnswer = z.infer<typeof readiness>;

export const liveness = z.object({ status: z.literal('up') });
