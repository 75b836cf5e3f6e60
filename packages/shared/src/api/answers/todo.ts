import { z } from 'zod';
import { todoBuckets, todoLevels, todoStatuses } from '../todoKinds.ts';

export const todoTask = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  level: z.literal(todoLevels),
  status: z.literal(todoStatuses),
  bucket: z.literal(todoBuckets),
  /** Place within its bucket, 0 first. */
  position: z.number().int(),
  dueDate: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TodoTask = z.infer<typeof todoTask>;

/** Counts per bucket for the same level and status filters; `all` over every bucket. */
export const todoCounts = z.object({
  all: z.number().int(),
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
});
export type TodoCounts = z.infer<typeof todoCounts>;

/** An open workflow task as the to-do board shows it beside the personal tasks. */
export const openWorkflowTask = z.object({
  id: z.number().int(),
  name: z.string(),
  definitionName: z.string(),
  businessKey: z.string(),
  createdAt: z.number(),
  dueAt: z.number().nullable(),
});
export type OpenWorkflowTask = z.infer<typeof openWorkflowTask>;

/** How many open workflow tasks the caller has, how many are past due, and the first of them. */
export const workflowTasks = z.object({ total: z.number().int(), overdue: z.number().int(), records: z.array(openWorkflowTask) });
export type WorkflowTasks = z.infer<typeof workflowTasks>;
