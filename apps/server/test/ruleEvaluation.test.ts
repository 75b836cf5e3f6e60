import type { AlarmRule } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { evaluateRules, type Firing } from '../src/modules/alarms/ruleEvaluation.ts';

const rule = (overrides: Partial<AlarmRule> = {}): AlarmRule => ({
  id: 1,
  ruleName: 'Errors',
  targetKind: 'route',
  target: '',
  metric: 'failed',
  comparison: 'gt',
  threshold: 5,
  durationSec: 60,
  level: 'serious',
  receiverIds: [],
  enabled: true,
  updatedAt: 100,
  ...overrides,
});

describe('alarm rule evaluation', () => {
  it('fires only after the condition held for the whole duration, and a break starts the wait again', () => {
    const pending = new Map<string, number>();
    const figures = (value: number) => () => new Map([['orders', value]]);
    const at = (second: number) => second * 1000;
    expect(evaluateRules([rule()], figures(9), [], pending, at(0))).toEqual([]);
    expect(evaluateRules([rule()], figures(9), [], pending, at(59))).toEqual([]);
    expect(evaluateRules([rule()], figures(1), [], pending, at(60))).toEqual([]);
    expect(evaluateRules([rule()], figures(9), [], pending, at(61))).toEqual([]);
    expect(evaluateRules([rule()], figures(9), [], pending, at(121))).toEqual([
      { action: 'fire', rule: rule(), target: 'orders', value: 9 },
    ]);
  });

  it('keeps a firing alarm while it holds, and resolves it when it does not or the target shows nothing', () => {
    const firing: Firing[] = [{ ruleId: 1, target: 'orders' }];
    expect(evaluateRules([rule()], () => new Map([['orders', 8]]), firing, new Map(), 0)).toEqual([
      { action: 'keep', rule: rule(), target: 'orders', value: 8 },
    ]);
    expect(evaluateRules([rule()], () => new Map([['orders', 2]]), firing, new Map(), 0)).toEqual([
      { action: 'resolve', ruleId: 1, target: 'orders', value: 2 },
    ]);
    expect(evaluateRules([rule()], () => new Map(), firing, new Map(), 0)).toEqual([
      { action: 'resolve', ruleId: 1, target: 'orders', value: null },
    ]);
  });

  it('watches one target when the rule names it, every target otherwise, each on its own', () => {
    const figures = () =>
      new Map([
        ['orders', 9],
        ['users', 9],
        ['quiet', 0],
      ]);
    const fired = (rules: AlarmRule[]) => evaluateRules(rules, figures, [], new Map(), 0).map((verdict) => verdict.target);
    expect(fired([rule({ durationSec: 0 })])).toEqual(['orders', 'users']);
    expect(fired([rule({ durationSec: 0, target: 'users' })])).toEqual(['users']);
  });

  it('resolves what a rule switched off or deleted had fired, and a changed rule waits afresh', () => {
    const firing: Firing[] = [{ ruleId: 1, target: 'orders' }];
    const figures = () => new Map([['orders', 9]]);
    expect(evaluateRules([rule({ enabled: false })], figures, firing, new Map(), 0)).toEqual([
      { action: 'resolve', ruleId: 1, target: 'orders', value: null },
    ]);
    expect(evaluateRules([], figures, firing, new Map(), 0)).toEqual([{ action: 'resolve', ruleId: 1, target: 'orders', value: null }]);
    const pending = new Map<string, number>();
    evaluateRules([rule()], figures, [], pending, 0);
    expect(evaluateRules([rule({ updatedAt: 200 })], figures, [], pending, 60_000)).toEqual([]);
  });

  it('compares with every operator', () => {
    const verdicts = (comparison: AlarmRule['comparison'], value: number) =>
      evaluateRules([rule({ comparison, durationSec: 0 })], () => new Map([['x', value]]), [], new Map(), 0).length;
    expect([verdicts('gt', 5), verdicts('gt', 6), verdicts('gte', 5), verdicts('lt', 4), verdicts('lt', 5)]).toEqual([0, 1, 1, 1, 0]);
    expect([verdicts('lte', 5), verdicts('lte', 6), verdicts('eq', 5), verdicts('eq', 5.1)]).toEqual([1, 0, 1, 0]);
  });
});
