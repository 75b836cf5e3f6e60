import type { ActivityAction, ActivityState, InstanceAction, InstanceState, MessageKey } from '@qiming/shared';

/** What an action does to the instance, or why it may not (a message key, answered with 409). */
export type Transition<State> = { to: State } | { refused: MessageKey };

/**
 * The spec's rules (section 4) as one table: only running instances can be hung up, only a suspended
 * one recovered; terminating ends a running or suspended instance; only an ended instance is deleted
 * (terminate it first). `deleted` is not a state: the row goes.
 */
const instanceTable: Record<InstanceState, Record<InstanceAction, Transition<InstanceState | 'deleted'>>> = {
  running: {
    suspend: { to: 'suspended' },
    activate: { refused: 'error.bpmOnlySuspendedActivate' },
    terminate: { to: 'terminated' },
    delete: { refused: 'error.bpmDeleteRunning' },
  },
  suspended: {
    suspend: { refused: 'error.bpmOnlyRunningSuspend' },
    activate: { to: 'running' },
    terminate: { to: 'terminated' },
    delete: { refused: 'error.bpmDeleteRunning' },
  },
  completed: {
    suspend: { refused: 'error.bpmOnlyRunningSuspend' },
    activate: { refused: 'error.bpmOnlySuspendedActivate' },
    terminate: { refused: 'error.bpmInstanceEnded' },
    delete: { to: 'deleted' },
  },
  terminated: {
    suspend: { refused: 'error.bpmOnlyRunningSuspend' },
    activate: { refused: 'error.bpmOnlySuspendedActivate' },
    terminate: { refused: 'error.bpmInstanceEnded' },
    delete: { to: 'deleted' },
  },
};

export function instanceTransition(state: InstanceState, action: InstanceAction): Transition<InstanceState | 'deleted'> {
  return instanceTable[state][action];
}

/** The actions the table allows from a state, for the monitor's buttons. */
export function instanceActionsFrom(state: InstanceState): InstanceAction[] {
  return (Object.keys(instanceTable[state]) as InstanceAction[]).filter((action) => 'to' in instanceTable[state][action]);
}

/**
 * Interrupting: a terminated or completed (or already interrupted) activity cannot be; an active one of
 * a suspended instance waits for it to be recovered, and nothing in an ended instance is active.
 */
export function activityTransition(instance: InstanceState, activity: ActivityState, _action: ActivityAction): Transition<ActivityState> {
  if (activity !== 'active') return { refused: 'error.bpmActivityNotActive' };
  if (instance === 'suspended') return { refused: 'error.bpmInstanceSuspended' };
  if (instance !== 'running') return { refused: 'error.bpmInstanceEnded' };
  return { to: 'interrupted' };
}

export function activityActionsFrom(instance: InstanceState, activity: ActivityState): ActivityAction[] {
  return 'to' in activityTransition(instance, activity, 'interrupt') ? ['interrupt'] : [];
}

/** Task commands (claim, complete, hand over) need a running instance. */
export function taskCommandRefusal(instance: InstanceState): MessageKey | undefined {
  if (instance === 'suspended') return 'error.bpmInstanceSuspended';
  if (instance !== 'running') return 'error.bpmInstanceEnded';
  return undefined;
}
