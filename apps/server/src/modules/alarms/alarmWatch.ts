import type { AlarmRule } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import { gatewayStates } from '../governance/gateway/gatewayState.ts';
import type { LiveFigures, TrafficSum } from '../monitor/liveFigures.ts';
import { deliverDue } from './alarmDelivery.ts';
import { listReceivers, listRules } from './alarmRepo.ts';
import {
  accountsNamed,
  firingEvents,
  insertDeliveries,
  insertEvent,
  insertNotifications,
  resolveEvent,
  updateLastValue,
} from './eventRepo.ts';
import { evaluateRules, type FiguresByTarget } from './ruleEvaluation.ts';

/** Traffic figures of an alarm are per second over this many of the last settled seconds. */
const trafficSeconds = 10;
/** A process or service whose figures are older than this shows none. */
const gaugeMaxAgeMs = 5000;

/** A traffic figure over the last seconds: counts per second, ratios and times of the answered; none without answers. */
function trafficFigure(metric: string, sum: TrafficSum): number | undefined {
  const answered = sum.succeeded + sum.failed;
  switch (metric) {
    case 'errorRatio':
      return answered > 0 ? sum.failed / answered : undefined;
    case 'avgMs':
      return answered > 0 ? sum.totalMs / answered : undefined;
    case 'p99Ms':
      return sum.p99Ms ?? undefined;
    default:
      return sum[metric as 'passed' | 'blocked' | 'failed'] / trafficSeconds;
  }
}

/** Each breaker (by degrade rule id) as an alarm sees it: 1 while open or half-open on any gateway, else 0. */
async function breakerFigures(context: AppContext, now: number): Promise<FiguresByTarget> {
  const values: FiguresByTarget = new Map();
  for (const state of await gatewayStates(context.cluster, now)) {
    for (const breaker of state.breakers) {
      const target = String(breaker.ruleId);
      values.set(target, Math.max(values.get(target) ?? 0, breaker.state === 'closed' ? 0 : 1));
    }
  }
  return values;
}

/** Figures a module answers for a target kind of its own (the workflow's open incidents), from the database. */
export type AlarmFigureSource = (context: AppContext, metric: string, now: number) => Promise<FiguresByTarget>;
const figureSources = new Map<string, AlarmFigureSource>();

/** Lets a module above the alarms answer the figures of its target kind: read each second only while a rule watches it. */
export function registerAlarmFigures(kind: string, source: AlarmFigureSource): void {
  figureSources.set(kind, source);
}

/** The figure of `metric` for every target of a kind, as the cluster shows it now. */
function figuresOf(live: LiveFigures, breakers: FiguresByTarget, rule: AlarmRule, now: number): FiguresByTarget {
  if (rule.targetKind === 'breaker') return breakers;
  const values: FiguresByTarget = new Map();
  // The workflow's figures come from its module (registerAlarmFigures), not from the live figures.
  if (rule.targetKind === 'workflow') return values;
  if (rule.targetKind === 'route' || rule.targetKind === 'apiGroup') {
    for (const [target, sum] of live.recentTraffic(rule.targetKind, trafficSeconds, now)) {
      const value = trafficFigure(rule.metric, sum);
      if (value !== undefined) values.set(target, Math.round(value * 1000) / 1000);
    }
    return values;
  }
  for (const [target, gauges] of live.latestGauges(rule.targetKind, now, gaugeMaxAgeMs)) {
    const value = gauges[rule.metric];
    if (typeof value === 'number') values.set(target, value);
  }
  return values;
}

/**
 * The alarm evaluation, run each second by the one process holding the monitor lease: rules against
 * the cluster's live figures, events written with what must be told (in one transaction, so a fired
 * alarm always has its deliveries and notifications), then the deliveries sent apart from the second's
 * work so a slow receiver never holds the lease up.
 */
export class AlarmWatch {
  private readonly pending = new Map<string, number>();
  private delivering: Promise<void> | undefined;

  constructor(
    private readonly context: AppContext,
    private readonly onError: (error: unknown) => void,
  ) {}

  readonly evaluate = async (now: number, live: LiveFigures): Promise<void> => {
    const { db } = this.context;
    const rules = await listRules(db);
    const firing = await firingEvents(db);
    const enabled = rules.filter((rule) => rule.enabled);
    // The gateways' breaker states are read once a second, and only when a rule watches breakers.
    const breakers = enabled.some((rule) => rule.targetKind === 'breaker') ? await breakerFigures(this.context, now) : new Map();
    const figures = new Map<number, FiguresByTarget>();
    for (const rule of enabled) {
      const source = figureSources.get(rule.targetKind);
      figures.set(rule.id, source ? await source(this.context, rule.metric, now) : figuresOf(live, breakers, rule, now));
    }
    const verdicts = evaluateRules(
      rules,
      (rule) => figures.get(rule.id) ?? new Map(),
      firing.map((event) => ({ ruleId: Number(event.rule_id), target: event.target })),
      this.pending,
      now,
    );
    const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
    for (const verdict of verdicts) {
      const event = firing.find(
        (candidate) =>
          Number(candidate.rule_id) === (verdict.action === 'resolve' ? verdict.ruleId : verdict.rule.id) &&
          candidate.target === verdict.target,
      );
      if (verdict.action === 'keep') {
        if (event && Number(event.last_value) !== verdict.value) await updateLastValue(db, Number(event.id), verdict.value);
      } else if (verdict.action === 'fire') {
        await this.fire(verdict.rule, verdict.target, verdict.value, now);
      } else if (event) {
        const rule = ruleById.get(verdict.ruleId);
        await db.transaction().execute(async (trx) => {
          // A rule switched off or deleted ends its alarms without telling anyone.
          if ((await resolveEvent(trx, Number(event.id), verdict.value, now)) && rule?.enabled) {
            await this.tell(trx, rule, Number(event.id), 'resolved', now);
          }
        });
      }
    }
    this.deliver();
  };

  private async fire(rule: AlarmRule, target: string, value: number, now: number): Promise<void> {
    try {
      await this.context.db.transaction().execute(async (trx) => {
        const eventId = await insertEvent(trx, {
          rule_id: rule.id,
          rule_name: rule.ruleName,
          level: rule.level,
          target_kind: rule.targetKind,
          target,
          metric: rule.metric,
          comparison: rule.comparison,
          threshold: rule.threshold,
          fired_value: value,
          fired_at: now,
        });
        await this.tell(trx, rule, eventId, 'firing', now);
      });
    } catch (error) {
      // Another evaluator (a lease that changed hands within the second) fired it first: one event stands.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** Notifications for in-app receivers at once; a pending delivery for each e-mail and webhook receiver. */
  private async tell(trx: Kysely<Database>, rule: AlarmRule, eventId: number, phase: 'firing' | 'resolved', now: number) {
    const receivers = (await listReceivers(trx, rule.receiverIds)).filter((receiver) => receiver.enabled);
    for (const receiver of receivers.filter((candidate) => candidate.kind === 'inApp')) {
      await insertNotifications(trx, eventId, await accountsNamed(trx, receiver.roleCodes, receiver.userNames), phase, now);
    }
    await insertDeliveries(
      trx,
      receivers.map((receiver) => ({
        event_id: eventId,
        receiver_id: receiver.id,
        receiver_name: receiver.receiverName,
        kind: receiver.kind,
        phase,
        status: receiver.kind === 'inApp' ? 'sent' : 'pending',
        attempts: receiver.kind === 'inApp' ? 1 : 0,
        error: null,
        next_attempt_at: now,
        updated_at: now,
      })),
    );
  }

  private deliver(): void {
    if (this.delivering) return;
    this.delivering = deliverDue(this.context.db, this.context.now)
      .catch(this.onError)
      .finally(() => {
        this.delivering = undefined;
      });
  }

  /** Waits for deliveries under way, when the server stops. */
  async settle(): Promise<void> {
    await this.delivering;
  }
}
