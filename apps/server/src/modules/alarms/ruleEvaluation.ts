import type { AlarmComparison, AlarmRule } from '@qiming/shared';

/** The figure each target of a rule's kind shows now, by target. */
export type FiguresByTarget = Map<string, number>;

export function breaks(value: number, comparison: AlarmComparison, threshold: number): boolean {
  switch (comparison) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'eq':
      return value === threshold;
  }
}

export interface Firing {
  ruleId: number;
  target: string;
}

/** What the evaluation decided for one rule and target. */
export type Verdict =
  | { action: 'fire'; rule: AlarmRule; target: string; value: number }
  | { action: 'keep'; rule: AlarmRule; target: string; value: number }
  | { action: 'resolve'; ruleId: number; target: string; value: number | null };

/**
 * Prometheus' `for`: a rule fires for a target once its condition has held for `durationSec` without
 * a break, is kept (one event, however long) while it holds, and resolves when it no longer holds or
 * the target shows no figure any more. A disabled or deleted rule resolves what it had fired.
 * `pending` (when each condition started to hold) is the evaluator's memory between calls; a changed
 * rule starts afresh.
 */
export function evaluateRules(
  rules: AlarmRule[],
  figures: (rule: AlarmRule) => FiguresByTarget,
  firing: Firing[],
  pending: Map<string, number>,
  now: number,
): Verdict[] {
  const verdicts: Verdict[] = [];
  const stillPending = new Set<string>();
  const firingKeys = new Set(firing.map((event) => `${event.ruleId}\t${event.target}`));
  const held = new Set<string>();
  for (const rule of rules.filter((candidate) => candidate.enabled)) {
    const values = figures(rule);
    for (const [target, value] of values) {
      if (rule.target !== '' && target !== rule.target) continue;
      const key = `${rule.id}\t${target}`;
      if (!breaks(value, rule.comparison, rule.threshold)) continue;
      held.add(key);
      if (firingKeys.has(key)) {
        verdicts.push({ action: 'keep', rule, target, value });
        continue;
      }
      const pendingKey = `${key}\t${rule.updatedAt}`;
      const since = pending.get(pendingKey) ?? now;
      stillPending.add(pendingKey);
      pending.set(pendingKey, since);
      if (now - since >= rule.durationSec * 1000) verdicts.push({ action: 'fire', rule, target, value });
    }
  }
  for (const key of pending.keys()) if (!stillPending.has(key)) pending.delete(key);
  const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
  for (const event of firing) {
    if (held.has(`${event.ruleId}\t${event.target}`)) continue;
    const rule = ruleById.get(event.ruleId);
    const value = rule?.enabled ? figures(rule).get(event.target) : undefined;
    verdicts.push({ action: 'resolve', ruleId: event.ruleId, target: event.target, value: value ?? null });
  }
  return verdicts;
}
