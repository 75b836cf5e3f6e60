import type { WorkflowTasks } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { openTasksOf } from '../bpm/runtimeRepo.ts';
import { roleCodesOf } from '../iam/directoryLookup.ts';

/** The to-do board shows at most this many workflow tasks; the workflow's own to-do page has them all. */
export const workflowTasksShown = 50;

/** Whether the caller holds the operation with this code (the view grant of the page a figure summarises). */
export async function holdsOperation(context: AppContext, caller: Caller, code: string): Promise<boolean> {
  if (caller.isSuper) return true;
  const operation = await context.db.selectFrom('pf_operation').select('id').where('operation_code', '=', code).executeTakeFirst();
  return operation !== undefined && (await caller.holds(operation.id));
}

/**
 * The caller's open workflow tasks (assigned to them, or waiting for a claim by them or one of their
 * roles), or null when they may not open the workflow's to-do page (task:view) to act on them.
 */
export async function workflowTasksOf(context: AppContext, caller: Caller, limit: number): Promise<WorkflowTasks | null> {
  if (!(await holdsOperation(context, caller, 'task:view'))) return null;
  const roles = await roleCodesOf(context.db, caller.accountId);
  return openTasksOf(context.db, caller.userName, roles, context.now(), limit);
}
