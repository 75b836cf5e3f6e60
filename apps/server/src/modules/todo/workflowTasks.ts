import type { WorkflowTasks } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { openTaskDigest } from '../bpm/openTaskDigest.ts';
import { roleCodesOf } from '../iam/directoryLookup.ts';
import { holdsOperation, Operation } from '../iam/policy.ts';

/** The to-do board shows at most this many workflow tasks; the workflow's own to-do page has them all. */
export const workflowTasksShown = 50;

/**
 * The caller's open workflow tasks (assigned to them, or waiting for a claim by them or one of their
 * roles), or null when they may not open the workflow's to-do page (task:view) to act on them.
 */
export async function workflowTasksOf(context: AppContext, caller: Caller, limit: number): Promise<WorkflowTasks | null> {
  if (!(await holdsOperation(caller, Operation.taskView))) return null;
  const roles = await roleCodesOf(context.db, caller.accountId);
  return openTaskDigest(context, caller.userName, roles, limit);
}
