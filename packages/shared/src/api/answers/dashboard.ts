import { z } from 'zod';
import { todoCounts } from './todo.ts';

export const dayCount = z.object({
  /** YYYY-MM-DD in the reader's time. */
  date: z.string(),
  count: z.number().int(),
});
export type DayCount = z.infer<typeof dayCount>;

/**
 * The signed-in user's dashboard. Each card is present only when the user may see what it counts:
 * the to-dos always (their own), the rest with the view grant of the page they summarise.
 */
export const dashboard = z.object({
  todos: todoCounts.extend({ open: z.number().int(), overdue: z.number().int() }),
  signIns: z.object({ succeeded: z.array(dayCount), failed: z.array(dayCount) }).optional(),
  registry: z.object({ services: z.number().int(), healthy: z.number().int(), unhealthy: z.number().int() }).optional(),
  configChanges: z.object({ days: z.array(dayCount), total: z.number().int() }).optional(),
  recentChanges: z
    .array(z.object({ id: z.number().int(), opTime: z.number(), userName: z.string(), operation: z.string(), result: z.string() }))
    .optional(),
  /** The caller's open workflow tasks, for holders of task:view. */
  workflowTasks: z.object({ total: z.number().int(), overdue: z.number().int() }).optional(),
});
export type Dashboard = z.infer<typeof dashboard>;
