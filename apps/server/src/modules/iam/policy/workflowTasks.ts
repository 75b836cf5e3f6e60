import type { Caller } from '../../../http/caller.ts';
import { AppError, forbidden, notFound } from '../../../http/errors.ts';
import { recordDecision } from '../../audit/decisions.ts';
import { holdsOperation, Operation } from './operations.ts';

/**
 * What the workflow knows of a task, for the rules of who may read it and act on it. The two look-ups
 * are asked only when a rule needs them (most callers are the assignee).
 */
export interface TaskStanding {
  open: boolean;
  assignee: string | null;
  completedBy: string | null;
  /** Whether the caller is among the task's candidates, by user name or role. */
  callerIsCandidate(): Promise<boolean>;
  /** Whether the task has any candidate at all. */
  hasCandidates(): Promise<boolean>;
}

/** A task nobody holds (no assignee, no candidate) goes to the task administrators instead of to no one. */
async function administersUnowned(caller: Caller, task: TaskStanding): Promise<boolean> {
  return task.open && task.assignee === null && !(await task.hasCandidates()) && (await holdsOperation(caller, Operation.taskAdmin));
}

/**
 * The assignee, a candidate, or whoever completed it may read a task, and a task administrator one nobody
 * holds. `hidden`: to anyone else the task does not exist (404), not merely forbidden.
 */
export async function requireTaskReader(caller: Caller, task: TaskStanding, hidden: boolean): Promise<void> {
  const reads =
    caller.isSuper ||
    task.assignee === caller.userName ||
    task.completedBy === caller.userName ||
    (await task.callerIsCandidate()) ||
    (await administersUnowned(caller, task));
  if (!reads) throw hidden ? notFound() : forbidden('error.bpmNotYourTask');
  recordDecision(caller, 'task reader');
}

/**
 * Claiming, completing, returning an open task: its assignee; while nobody is assigned, a candidate, or a
 * task administrator when it has no candidate either. A task another account holds is a conflict (409),
 * naming the holder, so the caller knows whom to ask.
 */
export async function requireTaskActor(caller: Caller, task: TaskStanding): Promise<void> {
  if (task.assignee !== null && task.assignee !== caller.userName) throw new AppError(409, 'error.bpmTaskClaimed', { name: task.assignee });
  if (task.assignee === null && !(await task.callerIsCandidate()) && !(await administersUnowned(caller, task))) {
    throw forbidden('error.bpmNotYourTask');
  }
  recordDecision(caller, 'task actor');
}

/** Handing a task on (re-assigning it): its assignee or the super administrator, else whoever could claim it. */
export async function requireTaskHandOver(caller: Caller, task: TaskStanding): Promise<void> {
  if (caller.isSuper || task.assignee === caller.userName) recordDecision(caller, 'task holder');
  else await requireTaskActor(caller, task);
}

/** Giving a claimed task back to its candidates: its assignee or the super administrator. */
export function requireTaskHolder(caller: Caller, task: TaskStanding): void {
  if (task.assignee !== caller.userName && !caller.isSuper) throw forbidden('error.bpmNotYourTask');
  recordDecision(caller, 'task holder');
}

/** Recalling a completed task: only whoever completed it. */
export function requireTaskRecaller(caller: Caller, task: { completedBy: string | null; completed: boolean }): void {
  if (task.completedBy !== caller.userName || !task.completed) throw forbidden('error.bpmNotYourTask');
  recordDecision(caller, 'task recaller');
}

/** The to-do list shows task administrators the open tasks nobody holds too. */
export function seesUnownedTasks(caller: Caller): Promise<boolean> {
  return caller.holdsCode(Operation.taskAdmin);
}
