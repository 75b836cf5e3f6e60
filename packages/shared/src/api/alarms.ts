import { z } from 'zod';
import { type FieldRule, fieldRules, optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, formList, recordId, ruledNumber, ruledString } from '../validation/zod.ts';

/** Spec section 9: alarm levels. */
export const alarmLevels = ['general', 'serious', 'urgent'] as const;
export type AlarmLevel = (typeof alarmLevels)[number];

/**
 * What an alarm rule can watch, and the figure it compares. Traffic figures are per second, averaged
 * over the last ten seconds; `errorRatio` is failed / (succeeded + failed); a breaker's `open` is 1 while
 * it is open or half-open; a service's counts are of its instances now; a server's `redisDown` is 1 while
 * it cannot reach the Redis it shares with the others (its counts and pushes then fall back to its own).
 */
export const alarmMetrics = {
  route: ['passed', 'blocked', 'failed', 'errorRatio', 'avgMs', 'p99Ms'],
  apiGroup: ['passed', 'blocked', 'failed', 'errorRatio', 'avgMs', 'p99Ms'],
  service: ['healthy', 'unhealthy'],
  server: ['cpuPercent', 'rssMb', 'eventLoopP99Ms', 'dbPoolWaiting', 'redisDown'],
  breaker: ['open'],
  /** The workflow's open incidents, by definition key. */
  workflow: ['incidentsOpen'],
} as const;
export type AlarmTargetKind = keyof typeof alarmMetrics;
export const alarmTargetKinds = Object.keys(alarmMetrics) as AlarmTargetKind[];
export const alarmComparisons = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type AlarmComparison = (typeof alarmComparisons)[number];

const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: 'validation.selectRequired' });

export const alarmRuleRules = {
  ruleName: requiredText({ max: 100 }),
  /** A route id, API group name, `namespace/group@@service`, server id or degrade rule id; empty: every one. */
  target: optionalText({ max: 300 }),
  threshold: [
    ...requiredText(),
    { message: 'validation.number', test: (value) => /^-?\d+(\.\d+)?$/.test(String(value)) && Math.abs(Number(value)) <= 1e12 },
  ],
  /** How long the condition must hold before the alarm fires; 0 fires at once. At most an hour. */
  durationSec: [
    ...requiredText(),
    ...fieldRules.naturalNumber,
    { message: 'validation.numberRange', params: { min: 0, max: 3600 }, test: (value) => Number(value) <= 3600 },
  ],
} satisfies Record<string, FieldRule[]>;

export const alarmRuleInput = z
  .object({
    ruleName: ruledString(alarmRuleRules.ruleName),
    targetKind: choice(alarmTargetKinds as [AlarmTargetKind, ...AlarmTargetKind[]]),
    target: ruledString(alarmRuleRules.target),
    metric: z.string({ message: 'validation.selectRequired' }).min(1, 'validation.selectRequired'),
    comparison: choice(alarmComparisons),
    threshold: ruledNumber(alarmRuleRules.threshold),
    durationSec: ruledNumber(alarmRuleRules.durationSec),
    level: choice(alarmLevels),
    receiverIds: formList(z.array(recordId).max(50)),
    /** The spec's in-use toggle. */
    enabled: formFlag(true),
  })
  .superRefine((rule, context) => {
    const metrics: readonly string[] = alarmMetrics[rule.targetKind];
    if (!metrics.includes(rule.metric)) context.addIssue({ code: 'custom', path: ['metric'], message: 'validation.selectRequired' });
  });
export type AlarmRuleInput = z.infer<typeof alarmRuleInput>;

export const alarmReceiverKinds = ['email', 'webhook', 'inApp'] as const;
export type AlarmReceiverKind = (typeof alarmReceiverKinds)[number];

export const alarmReceiverRules = {
  receiverName: requiredText({ max: 100 }),
  url: optionalText({ max: 1000 }, fieldRules.url),
  /** Webhook signing secret: write-only; empty keeps the one stored. */
  secret: optionalText({ max: 200 }),
} satisfies Record<string, FieldRule[]>;

const emailAddress = ruledString([...requiredText({ max: 200 }), ...fieldRules.email]);

export const alarmReceiverInput = z
  .object({
    receiverName: ruledString(alarmReceiverRules.receiverName),
    kind: choice(alarmReceiverKinds),
    /** E-mail: the addresses. */
    emails: formList(z.array(emailAddress).max(50)),
    /** Webhook: where the JSON is posted. */
    url: ruledString(alarmReceiverRules.url),
    secret: ruledString(alarmReceiverRules.secret),
    /** In-app: the accounts of these roles and these user names see the alarm in the header bell. */
    roleCodes: formList(z.array(z.string().min(1).max(100)).max(50)),
    userNames: formList(z.array(z.string().min(1).max(100)).max(200)),
    enabled: formFlag(true),
  })
  .superRefine((receiver, context) => {
    if (receiver.kind === 'email' && receiver.emails.length === 0) {
      context.addIssue({ code: 'custom', path: ['emails'], message: 'validation.required' });
    }
    if (receiver.kind === 'webhook' && !receiver.url) context.addIssue({ code: 'custom', path: ['url'], message: 'validation.required' });
    if (receiver.kind === 'inApp' && receiver.roleCodes.length + receiver.userNames.length === 0) {
      context.addIssue({ code: 'custom', path: ['userNames'], message: 'validation.required' });
    }
  });
export type AlarmReceiverInput = z.infer<typeof alarmReceiverInput>;

export const alarmEventFilter = z.object({
  status: z.enum(['firing', 'resolved']).optional(),
  level: z.enum(alarmLevels).optional(),
  ruleId: recordId.optional(),
});
export type AlarmEventFilter = z.infer<typeof alarmEventFilter>;

/**
 * Where outgoing calls (alarm webhooks and e-mail, workflow service tasks) may go, and the SMTP server.
 * An allow-list entry is a host name, an address or a CIDR range; loopback, link-local and private
 * addresses are refused unless an entry covers them.
 */
export const outboundRules = {
  smtpHost: optionalText({ max: 255 }),
  smtpPort: [...requiredText(), ...fieldRules.positiveInteger, { message: 'validation.port', test: (value) => Number(value) <= 65535 }],
  smtpUser: optionalText({ max: 255 }),
  smtpPassword: optionalText({ max: 255 }),
  smtpFrom: optionalText({ max: 255 }, fieldRules.email),
} satisfies Record<string, FieldRule[]>;

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A host name (`*.` in front for every name under it), an IPv4 or IPv6 address, or a CIDR range of either. */
export function isAllowListEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const four = ipv4.exec(address);
  if (four)
    return four.slice(1).every((octet) => Number(octet) <= 255) && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= 32));
  if (address.includes(':'))
    return /^[0-9A-Fa-f:.]+$/.test(address) && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= 128));
  return prefix === undefined && /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(address);
}

export const allowListEntry = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(255)
  .refine(isAllowListEntry, 'validation.allowListEntry');

export const outboundSettingsInput = z.object({
  allowList: formList(z.array(allowListEntry).max(200)),
  smtpHost: ruledString(outboundRules.smtpHost),
  smtpPort: ruledNumber(outboundRules.smtpPort),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  smtpSecure: formFlag(false),
  smtpUser: ruledString(outboundRules.smtpUser),
  /** Write-only: empty keeps the password stored. */
  smtpPassword: ruledString(outboundRules.smtpPassword),
  smtpFrom: ruledString(outboundRules.smtpFrom),
});
export type OutboundSettingsInput = z.infer<typeof outboundSettingsInput>;
