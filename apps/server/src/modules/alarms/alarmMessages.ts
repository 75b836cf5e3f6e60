import type { AlarmEventStatus } from '@qiming/shared';
import type { Selectable } from 'kysely';
import type { AlarmEventTable } from '../../db/schema.ts';

const comparisonSigns = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' } as const;

/**
 * What a webhook receives (JSON POST; with a secret, signed in `X-Qiming-Signature`): the phase, and
 * the event as the alarm history shows it.
 */
export function webhookPayload(event: Selectable<AlarmEventTable>, phase: AlarmEventStatus) {
  return {
    phase,
    event: {
      id: Number(event.id),
      ruleName: event.rule_name,
      level: event.level,
      targetKind: event.target_kind,
      target: event.target,
      metric: event.metric,
      comparison: event.comparison,
      threshold: Number(event.threshold),
      firedValue: Number(event.fired_value),
      lastValue: Number(event.last_value),
      firedAt: new Date(Number(event.fired_at)).toISOString(),
      resolvedAt: event.resolved_at === null ? null : new Date(Number(event.resolved_at)).toISOString(),
    },
  };
}

/** The e-mail: a subject that sorts well in an inbox, and the same facts as the webhook in plain text. */
export function mailOf(event: Selectable<AlarmEventTable>, phase: AlarmEventStatus) {
  const state = phase === 'firing' ? 'FIRING' : 'RESOLVED';
  const condition = `${event.metric} ${comparisonSigns[event.comparison]} ${Number(event.threshold)}`;
  return {
    subject: `[Qiming ${event.level}] ${state}: ${event.rule_name} (${event.target})`,
    text: [
      `Rule: ${event.rule_name} (level ${event.level})`,
      `Target: ${event.target_kind} ${event.target}`,
      `Condition: ${condition}`,
      `Value when fired: ${Number(event.fired_value)}; last value: ${Number(event.last_value)}`,
      `Fired at: ${new Date(Number(event.fired_at)).toISOString()}`,
      ...(event.resolved_at === null ? [] : [`Resolved at: ${new Date(Number(event.resolved_at)).toISOString()}`]),
    ].join('\n'),
  };
}
