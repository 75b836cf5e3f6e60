// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are BPMN expressions, not templates
import { describe, expect, it } from 'vitest';
import {
  completionCondition,
  completionOf,
  conditionExpression,
  formIdOf,
  formKeyOf,
  isDueDate,
  joinNames,
  type ModdleLike,
  readExtensionProperties,
  readMultiInstance,
  readUserTask,
  settingsKindOf,
  splitNames,
} from './elementSettings.ts';

const element = (type: string, attributes: Record<string, unknown>): ModdleLike => ({ $type: type, get: (name) => attributes[name] });

describe('countersign completion conditions', () => {
  it('writes none for all, and expressions for any and a ratio', () => {
    expect(completionCondition('all')).toBeUndefined();
    expect(completionCondition('any')).toBe('${nrOfCompletedInstances >= 1}');
    expect(completionCondition('ratio', 0.6)).toBe('${nrOfCompletedInstances / nrOfInstances >= 0.6}');
  });

  it('reads back what it writes, and Camunda spellings of the same', () => {
    for (const [kind, ratio] of [
      ['all', 0.5],
      ['any', 0.5],
      ['ratio', 0.75],
    ] as const) {
      expect(completionOf(completionCondition(kind, ratio))).toEqual({ completion: kind, ratio });
    }
    expect(completionOf('${nrOfCompletedInstances == nrOfInstances}').completion).toBe('all');
    expect(completionOf('${nrOfCompletedInstances>0}').completion).toBe('any');
  });
});

describe('user task settings', () => {
  it('accepts ISO durations and dates as due dates, nothing else', () => {
    for (const value of ['', 'P3D', 'PT4H', 'P1DT12H', 'P2W', '2025-06-30', '2025-06-30T17:00:00Z'])
      expect(isDueDate(value), value).toBe(true);
    for (const value of ['3 days', 'P', 'PT', '2025-13-45', 'tomorrow']) expect(isDueDate(value), value).toBe(false);
  });

  it('keeps candidate lists without blanks or repeats', () => {
    expect(splitNames(' staff01, manager01,,staff01 ')).toEqual(['staff01', 'manager01']);
    expect(joinNames(['a', 'b'])).toBe('a,b');
    expect(joinNames([])).toBeUndefined();
  });

  it('names cloud forms as form:<id>', () => {
    expect(formKeyOf(12)).toBe('form:12');
    expect(formIdOf('form:12')).toBe(12);
    expect(formIdOf('embedded:app:forms/x.html')).toBeUndefined();
    expect(formIdOf('form:x')).toBeUndefined();
  });

  it('wraps a bare condition as an expression', () => {
    expect(conditionExpression('days > 3')).toBe('${days > 3}');
    expect(conditionExpression('${approved}')).toBe('${approved}');
    expect(conditionExpression('  ')).toBeUndefined();
  });

  it('reads Camunda attributes, multi-instance and extension properties', () => {
    const loop = element('bpmn:MultiInstanceLoopCharacteristics', {
      isSequential: true,
      'camunda:collection': 'approvers',
      'camunda:elementVariable': 'approver',
      completionCondition: { body: '${nrOfCompletedInstances / nrOfInstances >= 0.5}' },
    });
    const properties = element('camunda:Properties', { values: [element('camunda:Property', { name: 'buttons', value: 'agree,reject' })] });
    const task = element('bpmn:UserTask', {
      'camunda:assignee': 'manager01',
      'camunda:candidateGroups': 'manager,director',
      'camunda:dueDate': 'P3D',
      'camunda:formKey': 'form:4',
      loopCharacteristics: loop,
      extensionElements: { values: [properties] },
    });
    expect(readUserTask(task)).toEqual({
      assignee: 'manager01',
      candidateUsers: [],
      candidateGroups: ['manager', 'director'],
      dueDate: 'P3D',
      formKey: 'form:4',
    });
    expect(readMultiInstance(task)).toEqual({
      sequential: true,
      collection: 'approvers',
      elementVariable: 'approver',
      completion: 'ratio',
      ratio: 0.5,
    });
    expect(readExtensionProperties(task)).toEqual({ buttons: 'agree,reject' });
    expect(readMultiInstance(element('bpmn:UserTask', {}))).toBeUndefined();
  });

  it('has settings for processes, user and service tasks and sequence flows', () => {
    expect(['bpmn:Process', 'bpmn:UserTask', 'bpmn:ServiceTask', 'bpmn:SequenceFlow', 'bpmn:StartEvent'].map(settingsKindOf)).toEqual([
      'process',
      'userTask',
      'serviceTask',
      'sequenceFlow',
      'other',
    ]);
  });
});
