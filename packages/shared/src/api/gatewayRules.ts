import { z } from 'zod';
import { type FieldRule, fieldRules, optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, ruledNumber, ruledString } from '../validation/zod.ts';
import { type ArgumentProblem, type Definition, definitionList } from './gateway.ts';

/** How an API group's path pattern matches, as Sentinel's ApiPathPredicateItem. */
export const apiMatchArgs = { exact: ['pattern'], prefix: ['pattern'], regex: ['pattern'] } as const;
export type ApiMatchStrategy = keyof typeof apiMatchArgs;

export function apiItemProblem(item: Definition): ArgumentProblem | undefined {
  const pattern = item.args.pattern ?? '';
  if (!(item.name in apiMatchArgs)) return { message: 'validation.unknownElement', params: { value: item.name } };
  if (item.name === 'regex') {
    try {
      new RegExp(pattern);
    } catch {
      return { message: 'validation.badRegex', params: { value: pattern } };
    }
    return pattern ? undefined : { message: 'validation.required' };
  }
  return pattern.startsWith('/') ? undefined : { message: 'validation.pathPatterns' };
}

const name: FieldRule[] = [
  ...requiredText({ max: 100 }),
  { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(String(value)) },
];

export const apiGroupRules = { apiName: name, description: optionalText({ max: 500 }) } satisfies Record<string, FieldRule[]>;

export const apiGroupInput = z.object({
  apiName: ruledString(apiGroupRules.apiName),
  description: ruledString(apiGroupRules.description),
  items: definitionList(apiItemProblem, 1, 'validation.apiItemRequired'),
});
export type ApiGroupInput = z.infer<typeof apiGroupInput>;

/** Sentinel's gateway flow rule: what is counted, how many pass, and what happens to the rest. */
export const flowResourceModes = ['route', 'apiGroup'] as const;
export const flowGrades = ['qps', 'concurrency'] as const;
/**
 * What happens to requests over a QPS threshold, as Sentinel's control behaviours: refused with 429,
 * a threshold that warms up after a quiet spell, or requests spaced evenly, each waiting its turn up to
 * `maxQueueingTimeMs`, or both (Sentinel's warm up + rate limiter): spaced by the warming threshold. A
 * concurrency rule always refuses.
 */
export const flowBehaviors = ['reject', 'warmUp', 'queue', 'warmUpQueue'] as const;
/** Count per client address, per value of a header, query parameter or cookie, or all together. */
export const flowParamStrategies = ['none', 'clientIp', 'header', 'urlParam', 'cookie'] as const;

export const flowRuleRules = {
  resource: requiredText({ max: 100 }),
  count: [...requiredText(), ...fieldRules.positiveInteger],
  intervalSec: [...requiredText(), ...fieldRules.positiveInteger],
  burst: [...requiredText(), ...fieldRules.naturalNumber],
  paramField: optionalText({ max: 100 }),
  warmUpPeriodSec: [...requiredText(), ...fieldRules.positiveInteger],
  maxQueueingTimeMs: [...requiredText(), ...fieldRules.naturalNumber],
} satisfies Record<string, FieldRule[]>;

/**
 * One of our names, or Sentinel's numeric code for it (`codes[n]`, by default in our order); a refusal
 * names the field.
 */
const choice = <const T extends readonly [string, ...string[]]>(values: T, codes: readonly T[number][] = values) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isInteger(value) ? (codes[value] ?? value) : value),
    z.enum(values, { message: 'validation.selectField' }),
  );

/** Sentinel's names for our fields, taken on create and update too. */
const sentinelNames = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const rule = value as Record<string, unknown>;
  return rule.maxQueueingTimeMs === undefined && rule.maxQueueingTimeoutMs !== undefined
    ? { ...rule, maxQueueingTimeMs: rule.maxQueueingTimeoutMs }
    : rule;
};

export const flowRuleInput = z.preprocess(
  sentinelNames,
  z
    .object({
      resourceMode: choice(flowResourceModes),
      resource: ruledString(flowRuleRules.resource),
      // Sentinel's grade 0 counts threads, 1 QPS.
      grade: choice(flowGrades, ['concurrency', 'qps']),
      count: ruledNumber(flowRuleRules.count),
      intervalSec: ruledNumber(flowRuleRules.intervalSec),
      burst: ruledNumber(flowRuleRules.burst),
      controlBehavior: choice(flowBehaviors),
      paramStrategy: choice(flowParamStrategies),
      paramField: ruledString(flowRuleRules.paramField),
      warmUpPeriodSec: ruledNumber(flowRuleRules.warmUpPeriodSec).default(10),
      maxQueueingTimeMs: ruledNumber(flowRuleRules.maxQueueingTimeMs).default(500),
      enabled: formFlag(true),
    })
    .superRefine((rule, context) => {
      if (rule.grade === 'concurrency' && rule.controlBehavior !== 'reject') {
        context.addIssue({ code: 'custom', path: ['controlBehavior'], message: 'validation.flowBehaviorQps' });
      }
      const needsField = rule.paramStrategy === 'header' || rule.paramStrategy === 'urlParam' || rule.paramStrategy === 'cookie';
      if (needsField && !rule.paramField) context.addIssue({ code: 'custom', path: ['paramField'], message: 'validation.required' });
    }),
);
export type FlowRuleInput = z.infer<typeof flowRuleInput>;

/** Sentinel's circuit-breaking strategies. */
export const degradeGrades = ['slowRatio', 'errorRatio', 'errorCount'] as const;

const ratio: FieldRule[] = [
  { message: 'validation.numberRange', params: { min: 0, max: 1 }, test: (value) => /^(0(\.\d+)?|1(\.0+)?)$/.test(String(value)) },
];

export const degradeRuleRules = {
  resource: requiredText({ max: 100 }),
  /** Slow-call ratio: the response time in ms over which a call is slow; error ratio: 0-1; error count: a count. */
  count: [
    ...requiredText(),
    {
      message: 'validation.numberRange',
      params: { min: 0, max: 100000 },
      test: (value) => /^\d+(\.\d+)?$/.test(String(value)) && Number(value) <= 100000,
    },
  ],
  slowRatioThreshold: [...requiredText(), ...ratio],
  minRequestAmount: [...requiredText(), ...fieldRules.positiveInteger],
  statIntervalMs: [...requiredText(), ...fieldRules.positiveInteger],
  timeWindow: [...requiredText(), ...fieldRules.positiveInteger],
} satisfies Record<string, FieldRule[]>;

export const degradeRuleInput = z
  .object({
    resourceMode: choice(flowResourceModes),
    resource: ruledString(degradeRuleRules.resource),
    grade: choice(degradeGrades),
    count: ruledNumber(degradeRuleRules.count),
    slowRatioThreshold: ruledNumber(degradeRuleRules.slowRatioThreshold),
    minRequestAmount: ruledNumber(degradeRuleRules.minRequestAmount),
    statIntervalMs: ruledNumber(degradeRuleRules.statIntervalMs),
    timeWindow: ruledNumber(degradeRuleRules.timeWindow),
    enabled: formFlag(true),
  })
  .superRefine((rule, context) => {
    if (rule.grade === 'errorRatio' && rule.count > 1) {
      context.addIssue({ code: 'custom', path: ['count'], message: 'validation.numberRange', params: { min: 0, max: 1 } });
    }
  });
export type DegradeRuleInput = z.infer<typeof degradeRuleInput>;

export const apiGroup = z.object({
  id: z.number().int(),
  apiName: z.string(),
  description: z.string(),
  items: z.array(z.object({ name: z.enum(['exact', 'prefix', 'regex']), args: z.record(z.string(), z.string()) })),
  updatedAt: z.number().int(),
}) satisfies z.ZodType<{ items: Definition<ApiMatchStrategy>[] }>;
export type ApiGroup = z.infer<typeof apiGroup>;

export const flowRule = z.object({
  id: z.number().int(),
  resourceMode: z.enum(flowResourceModes),
  resource: z.string(),
  grade: z.enum(flowGrades),
  count: z.number(),
  intervalSec: z.number(),
  burst: z.number(),
  controlBehavior: z.enum(flowBehaviors),
  paramStrategy: z.enum(flowParamStrategies),
  paramField: z.string(),
  warmUpPeriodSec: z.number(),
  maxQueueingTimeMs: z.number(),
  enabled: z.boolean(),
  updatedAt: z.number().int(),
}) satisfies z.ZodType<FlowRuleInput>;
export type FlowRule = z.infer<typeof flowRule>;

export const flowCounting = z.object({ clusterWide: z.boolean() });
export type FlowCounting = z.infer<typeof flowCounting>;

export const degradeRule = z.object({
  id: z.number().int(),
  resourceMode: z.enum(flowResourceModes),
  resource: z.string(),
  grade: z.enum(degradeGrades),
  count: z.number(),
  slowRatioThreshold: z.number(),
  minRequestAmount: z.number(),
  statIntervalMs: z.number(),
  timeWindow: z.number(),
  enabled: z.boolean(),
  updatedAt: z.number().int(),
}) satisfies z.ZodType<DegradeRuleInput>;
export type DegradeRule = z.infer<typeof degradeRule>;

export const breakerStates = ['closed', 'open', 'halfOpen'] as const;
export type BreakerState = (typeof breakerStates)[number];

/** One route's traffic in one second on one gateway process. */
export const routeTraffic = z.object({
  routeId: z.string(),
  /** Passed on to the upstream. */
  passed: z.number().int(),
  /** Refused by a flow rule (429) or an open breaker (503). */
  blocked: z.number().int(),
  /** Answered below 500. */
  succeeded: z.number().int(),
  /** Answered 500 and above, the gateway's own 502 and 504 included. */
  failed: z.number().int(),
  /** Summed response time of the answered, in ms. */
  totalMs: z.number(),
});
export type RouteTraffic = z.infer<typeof routeTraffic>;

/** What one gateway process reports about itself every second. */
export const gatewayProcessState = z.object({
  serverId: z.string(),
  reportedAt: z.number().int(),
  /** The last whole second. */
  routes: z.array(routeTraffic),
  breakers: z.array(z.object({ ruleId: z.number().int(), state: z.enum(breakerStates) })),
});
export type GatewayProcessState = z.infer<typeof gatewayProcessState>;
