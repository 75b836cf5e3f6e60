import { z } from 'zod';
import type { TodoCounts } from './todo.ts';

/** The reader's offset from UTC in minutes (east positive), so that days end at the reader's midnight. */
export const dashboardQuery = z.object({ offset: z.coerce.number().int().min(-840).max(840).default(0) });

export interface DayCount {
  /** YYYY-MM-DD in the reader's time. */
  date: string;
  count: number;
}

/**
 * The signed-in user's dashboard. Each card is present only when the user may see what it counts:
 * the to-dos always (their own), the rest with the view grant of the page they summarise.
 */
export interface Dashboard {
  todos: TodoCounts & { open: number; overdue: number };
  signIns?: { succeeded: DayCount[]; failed: DayCount[] };
  registry?: { services: number; healthy: number; unhealthy: number };
  configChanges?: { days: DayCount[]; total: number };
  recentChanges?: { id: number; opTime: number; userName: string; operation: string; result: string }[];
  /** The caller's open workflow tasks, for holders of task:view. */
  workflowTasks?: { total: number; overdue: number };
}
