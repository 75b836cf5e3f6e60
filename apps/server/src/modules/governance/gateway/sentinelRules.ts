import {
  type DegradeRule,
  type DegradeRuleInput,
  degradeGrades,
  type FlowRule,
  type FlowRuleInput,
  type flowBehaviors,
  flowParamStrategies,
} from '@qiming/shared';
import { z } from 'zod';

/**
 * Sentinel's rule JSON as its users write it (FlowRule, GatewayFlowRule, DegradeRule), field by field
 * with Sentinel's meaning, mapped onto our rules. Unknown fields are ignored; a wrong type or value is
 * refused naming the field (`0.grade`); a value Sentinel has but the gateway cannot honour (another
 * `limitApp`, `strategy` relate or chain, a `paramItem.pattern`) is refused rather than half-applied.
 */

const unsupported = (context: z.RefinementCtx, path: string[], value: unknown) =>
  context.addIssue({
    code: 'custom',
    path,
    message: 'validation.sentinelField',
    params: { reason: 'validation.sentinelUnsupported', value: String(value) },
  });

/** One of Sentinel's numeric codes, named in the refusal when it is none of them. */
const code = (values: readonly number[], fallback: number) =>
  z
    .number()
    .default(fallback)
    .superRefine((value, context) => {
      if (!values.includes(value)) {
        context.addIssue({
          code: 'custom',
          message: 'validation.sentinelField',
          params: { reason: 'validation.sentinelValue', expected: values.join(', ') },
        });
      }
    });
const whole = (min: number, fallback?: number) => {
  const number = z.number().int().min(min);
  return fallback === undefined ? number : number.default(fallback);
};

const resource = z.string().min(1).max(100);
const limitApp = z
  .string()
  .default('default')
  .superRefine((value, context) => {
    // Calls are not told apart by origin at the gateway.
    if (value !== 'default') unsupported(context, [], value);
  });

export const sentinelFlowRule = z
  .object({
    resource,
    limitApp,
    grade: code([0, 1], 1),
    count: z.number().positive(),
    strategy: code([0, 1, 2], 0),
    controlBehavior: code([0, 1, 2, 3], 0),
    warmUpPeriodSec: whole(1, 10),
    maxQueueingTimeMs: whole(0, 500),
    clusterMode: z.boolean().default(false),
  })
  .superRefine((rule, context) => {
    if (rule.strategy !== 0) unsupported(context, ['strategy'], rule.strategy);
  });
export type SentinelFlowRule = z.infer<typeof sentinelFlowRule>;

const paramItem = z
  .object({
    parseStrategy: code([0, 1, 2, 3, 4], 0),
    fieldName: z.string().max(100).default(''),
    pattern: z.string().optional(),
    matchStrategy: z.number().optional(),
  })
  .superRefine((item, context) => {
    if (item.pattern) unsupported(context, ['pattern'], item.pattern);
  });

export const sentinelGatewayFlowRule = z.object({
  resource,
  resourceMode: code([0, 1], 0),
  grade: code([0, 1], 1),
  count: z.number().positive(),
  intervalSec: whole(1, 1),
  controlBehavior: code([0, 1, 2, 3], 0),
  burst: whole(0, 0),
  maxQueueingTimeoutMs: whole(0, 500),
  warmUpPeriodSec: whole(1, 10),
  paramItem: paramItem.optional(),
});
export type SentinelGatewayFlowRule = z.infer<typeof sentinelGatewayFlowRule>;

export const sentinelDegradeRule = z.object({
  resource,
  limitApp,
  grade: code([0, 1, 2], 0),
  count: z.number().min(0),
  timeWindow: whole(1),
  minRequestAmount: whole(1, 5),
  statIntervalMs: whole(1, 1000),
  slowRatioThreshold: z.number().min(0).max(1).default(1),
});
export type SentinelDegradeRule = z.infer<typeof sentinelDegradeRule>;

const behaviors = ['reject', 'warmUp', 'queue', 'warmUpQueue'] as const satisfies typeof flowBehaviors;
/** Sentinel's ParamFlowItem parse strategies: client IP, host, header, URL parameter, cookie. */
const paramStrategies = ['clientIp', 'header', 'header', 'urlParam', 'cookie'] as const;

/**
 * A fractional count per interval as a whole count over a longer interval (QPS 0.5 is one per 2 s):
 * our rules count whole requests. Undefined when no multiple up to 1000 makes it whole.
 */
export function wholeCount(count: number, intervalSec: number): { count: number; intervalSec: number } | undefined {
  for (let times = 1; times <= 1000; times++) {
    const scaled = count * times;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 && Math.round(scaled) >= 1) {
      return { count: Math.round(scaled), intervalSec: intervalSec * times };
    }
  }
  return undefined;
}

type FlowFields = Omit<FlowRuleInput, 'resourceMode' | 'resource'>;

function flowFields(
  rule: { grade: number; count: number; controlBehavior: number; warmUpPeriodSec: number },
  intervalSec: number,
  maxQueueingTimeMs: number,
): FlowFields | undefined {
  const concurrency = rule.grade === 0;
  // Threads are whole: Sentinel compares the threads in flight with the count.
  const scaled = concurrency ? { count: Math.max(1, Math.floor(rule.count)), intervalSec } : wholeCount(rule.count, intervalSec);
  if (!scaled) return undefined;
  return {
    grade: concurrency ? 'concurrency' : 'qps',
    ...scaled,
    burst: 0,
    // Sentinel applies control behaviours to QPS rules only.
    controlBehavior: concurrency ? 'reject' : (behaviors[rule.controlBehavior] ?? 'reject'),
    paramStrategy: 'none',
    paramField: '',
    warmUpPeriodSec: rule.warmUpPeriodSec,
    maxQueueingTimeMs,
    enabled: true,
  };
}

/** A count no multiple up to 1000 makes whole (finer than thousandths). */
export const countRefused = 'count' as const;

/** Where a core rule's resource is: a route of that id, else an API group of that name. */
export type ResourceModeOf = (resource: string) => Promise<FlowRuleInput['resourceMode']>;

/** Sentinel's FlowRule (resource named as the SCG adapter names it: a route id or an API group). */
export async function fromSentinelFlowRule(rule: SentinelFlowRule, modeOf: ResourceModeOf): Promise<FlowRuleInput | typeof countRefused> {
  const fields = flowFields(rule, 1, rule.maxQueueingTimeMs);
  return fields ? { resourceMode: await modeOf(rule.resource), resource: rule.resource, ...fields } : countRefused;
}

export function fromSentinelGatewayFlowRule(rule: SentinelGatewayFlowRule): FlowRuleInput | typeof countRefused {
  const fields = flowFields(rule, rule.intervalSec, rule.maxQueueingTimeoutMs);
  if (!fields) return countRefused;
  const item = rule.paramItem;
  const strategy = item ? paramStrategies[item.parseStrategy] : undefined;
  return {
    resourceMode: rule.resourceMode === 0 ? 'route' : 'apiGroup',
    resource: rule.resource,
    ...fields,
    burst: rule.burst,
    paramStrategy: strategy ?? 'none',
    // The host strategy counts by the Host header.
    paramField: item?.parseStrategy === 1 ? 'host' : strategy === 'clientIp' ? '' : (item?.fieldName ?? ''),
  };
}

export async function fromSentinelDegradeRule(rule: SentinelDegradeRule, modeOf: ResourceModeOf): Promise<DegradeRuleInput> {
  return {
    resourceMode: await modeOf(rule.resource),
    resource: rule.resource,
    grade: degradeGrades[rule.grade] ?? 'slowRatio',
    count: rule.count,
    slowRatioThreshold: rule.slowRatioThreshold,
    minRequestAmount: rule.minRequestAmount,
    statIntervalMs: rule.statIntervalMs,
    timeWindow: rule.timeWindow,
    enabled: true,
  };
}

/** A GatewayFlowRule as Sentinel writes it: the codes of its enums, a parameter item only when one is counted. */
export const sentinelGatewayFlowAnswer = z.object({
  resource: z.string(),
  resourceMode: z.number().int(),
  grade: z.number().int(),
  count: z.number(),
  intervalSec: z.number(),
  controlBehavior: z.number().int(),
  burst: z.number(),
  maxQueueingTimeoutMs: z.number(),
  warmUpPeriodSec: z.number(),
  paramItem: z.object({ parseStrategy: z.number().int(), fieldName: z.string() }).optional(),
});

/** Our flow rules as Sentinel's GatewayFlowRule JSON; disabled rules are left out, as Sentinel has no such flag. */
export function toSentinelGatewayFlowRule(rule: FlowRule): z.infer<typeof sentinelGatewayFlowAnswer> {
  // Sentinel's parse strategy for each of ours after `none` (client IP, header, URL parameter, cookie); none for `none`.
  const parseStrategy = [0, 2, 3, 4][flowParamStrategies.indexOf(rule.paramStrategy) - 1];
  return {
    resource: rule.resource,
    resourceMode: rule.resourceMode === 'route' ? 0 : 1,
    grade: rule.grade === 'qps' ? 1 : 0,
    count: rule.count,
    intervalSec: rule.intervalSec,
    controlBehavior: behaviors.indexOf(rule.controlBehavior),
    burst: rule.burst,
    maxQueueingTimeoutMs: rule.maxQueueingTimeMs,
    warmUpPeriodSec: rule.warmUpPeriodSec,
    ...(parseStrategy === undefined ? {} : { paramItem: { parseStrategy, fieldName: rule.paramField } }),
  };
}

/** A DegradeRule as Sentinel writes it. */
export const sentinelDegradeAnswer = z.object({
  resource: z.string(),
  limitApp: z.string(),
  grade: z.number().int(),
  count: z.number(),
  timeWindow: z.number(),
  minRequestAmount: z.number(),
  statIntervalMs: z.number(),
  slowRatioThreshold: z.number(),
});

export function toSentinelDegradeRule(rule: DegradeRule): z.infer<typeof sentinelDegradeAnswer> {
  return {
    resource: rule.resource,
    limitApp: 'default',
    grade: degradeGrades.indexOf(rule.grade),
    count: rule.count,
    timeWindow: rule.timeWindow,
    minRequestAmount: rule.minRequestAmount,
    statIntervalMs: rule.statIntervalMs,
    slowRatioThreshold: rule.slowRatioThreshold,
  };
}
