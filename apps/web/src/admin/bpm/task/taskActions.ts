import type { BpmPluginButton, BpmTask } from '@qiming/shared';

export type TaskCommand = 'claim' | 'unclaim' | 'assign' | 'complete' | 'return' | 'recall';

/**
 * What the task page offers the signed-in user; the server decides again (and answers 409 with its reason).
 * An open task waiting for a claim offers claim; once it is theirs: complete, return, re-assign, and handing it
 * back to the candidates when it had any. A task they completed offers recall (the server checks the next is untouched).
 */
export function offeredCommands(
  task: Pick<BpmTask, 'status' | 'assignee' | 'candidateUsers' | 'candidateGroups' | 'outcome'>,
  me: string,
  returnTargets = 0,
): TaskCommand[] {
  if (task.status === 'closed') return task.assignee === me && task.outcome === 'completed' ? ['recall'] : [];
  if (task.assignee === null) return ['claim'];
  if (task.assignee !== me) return [];
  const commands: TaskCommand[] = ['complete', 'assign'];
  if (returnTargets > 0) commands.push('return');
  if (task.candidateUsers.length > 0 || task.candidateGroups.length > 0) commands.push('unclaim');
  return commands;
}

/** Buttons that complete the task (agree, reject…) come first as the decision; return and transfer open their dialogs. */
export function splitButtons(buttons: readonly BpmPluginButton[]) {
  const enabled = buttons.filter((button) => button.enabled).sort((a, b) => a.sort - b.sort);
  return {
    completing: enabled.filter((button) => button.action === 'complete'),
    returning: enabled.filter((button) => button.action === 'return'),
    transferring: enabled.filter((button) => button.action === 'transfer'),
  };
}
