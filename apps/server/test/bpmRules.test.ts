// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { activityStates, instanceActions, instanceStates } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { activityTransition, instanceActionsFrom, instanceTransition } from '../src/modules/bpm/instanceTransitions.ts';
import { checkExpressions, ExpressionError, resolveTemplate } from '../src/modules/bpm/safeExpression.ts';

/** The transition table, every state by every action, and the safe expression language. */
describe('workflow rules', () => {
  it('decides every instance action in every state as the spec says', () => {
    const expected: Record<string, Record<string, string>> = {
      running: {
        suspend: 'suspended',
        activate: 'error.bpmOnlySuspendedActivate',
        terminate: 'terminated',
        delete: 'error.bpmDeleteRunning',
      },
      suspended: { suspend: 'error.bpmOnlyRunningSuspend', activate: 'running', terminate: 'terminated', delete: 'error.bpmDeleteRunning' },
      completed: {
        suspend: 'error.bpmOnlyRunningSuspend',
        activate: 'error.bpmOnlySuspendedActivate',
        terminate: 'error.bpmInstanceEnded',
        delete: 'deleted',
      },
      terminated: {
        suspend: 'error.bpmOnlyRunningSuspend',
        activate: 'error.bpmOnlySuspendedActivate',
        terminate: 'error.bpmInstanceEnded',
        delete: 'deleted',
      },
    };
    for (const state of instanceStates) {
      for (const action of instanceActions) {
        const step = instanceTransition(state, action);
        expect('to' in step ? step.to : step.refused, `${action} from ${state}`).toBe(expected[state]?.[action]);
      }
    }
    expect(instanceActionsFrom('running')).toEqual(['suspend', 'terminate']);
    expect(instanceActionsFrom('completed')).toEqual(['delete']);
  });

  it('interrupts only an active activity of a running instance', () => {
    for (const instance of instanceStates) {
      for (const activity of activityStates) {
        const step = activityTransition(instance, activity, 'interrupt');
        const allowed = instance === 'running' && activity === 'active';
        expect('to' in step, `${activity} in ${instance}`).toBe(allowed);
        if (activity !== 'active') expect(step).toEqual({ refused: 'error.bpmActivityNotActive' });
      }
    }
  });

  it('evaluates comparisons, logic, arithmetic and paths, and nothing else', () => {
    const variables = { amount: 1500, kind: 'goods', approved: true, applicant: { level: 3 } };
    const lookup = (names: string[]) => names.reduce<unknown>((value, name) => (value as Record<string, unknown>)?.[name], variables);
    expect(resolveTemplate("${amount > 1000 && kind == 'goods'}", lookup)).toBe(true);
    expect(resolveTemplate('${!approved || applicant.level ge 3}', lookup)).toBe(true);
    expect(resolveTemplate('${amount / 3 == 500}', lookup)).toBe(true);
    expect(resolveTemplate('${kind eq "services"}', lookup)).toBe(false);
    expect(resolveTemplate('Order ${kind} of ${amount}', lookup)).toBe('Order goods of 1500');
    for (const hostile of ['${process.exit()}', '${a[0]}', '${x = 1}', '${`t`}', '${require("fs")}']) {
      expect(() => checkExpressions(hostile), hostile).toThrow(ExpressionError);
    }
    // Paths reach only own properties of the variables, never a prototype.
    const own = (names: string[]) => (names[0] === 'constructor' ? undefined : lookup(names));
    expect(resolveTemplate('${constructor}', own)).toBeUndefined();
  });
});
