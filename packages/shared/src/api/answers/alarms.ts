import { z } from 'zod';
import { type AlarmTargetKind, alarmComparisons, alarmLevels, alarmReceiverKinds, alarmTargetKinds } from '../alarms.ts';

const id = z.number().int();

export const alarmRule = z.object({
  id,
  ruleName: z.string(),
  targetKind: z.enum(alarmTargetKinds as [AlarmTargetKind, ...AlarmTargetKind[]]),
  target: z.string(),
  metric: z.string(),
  comparison: z.enum(alarmComparisons),
  threshold: z.number(),
  durationSec: z.number().int(),
  level: z.enum(alarmLevels),
  receiverIds: z.array(id),
  /** The spec's in-use toggle. */
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export type AlarmRule = z.infer<typeof alarmRule>;

/** A receiver as the pages see it: the secret never leaves the server, only whether one is set. */
export const alarmReceiver = z.object({
  id,
  receiverName: z.string(),
  kind: z.enum(alarmReceiverKinds),
  emails: z.array(z.string()),
  url: z.string(),
  roleCodes: z.array(z.string()),
  userNames: z.array(z.string()),
  enabled: z.boolean(),
  hasSecret: z.boolean(),
  updatedAt: z.number(),
});
export type AlarmReceiver = z.infer<typeof alarmReceiver>;

/** A receiver as a rule names it: what the rule pages may read without reading the receivers themselves. */
export const alarmReceiverOption = alarmReceiver.pick({ id: true, receiverName: true, kind: true, enabled: true });
export type AlarmReceiverOption = z.infer<typeof alarmReceiverOption>;

export const alarmEventStatuses = ['firing', 'resolved'] as const;
export type AlarmEventStatus = (typeof alarmEventStatuses)[number];
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export const alarmDelivery = z.object({
  receiverName: z.string(),
  kind: z.enum(alarmReceiverKinds),
  /** What was told: the firing or the resolution. */
  phase: z.enum(alarmEventStatuses),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The last failure, in the server's words. */
  error: z.string().nullable(),
  updatedAt: z.number(),
});
export type AlarmDelivery = z.infer<typeof alarmDelivery>;

export const alarmEvent = z.object({
  id,
  ruleId: id,
  ruleName: z.string(),
  level: z.enum(alarmLevels),
  targetKind: z.enum(alarmTargetKinds as [AlarmTargetKind, ...AlarmTargetKind[]]),
  /** The target that broke the rule (a rule on every target fires once per target). */
  target: z.string(),
  metric: z.string(),
  comparison: z.enum(alarmComparisons),
  threshold: z.number(),
  /** The figure when the alarm fired, and the last one seen. */
  firedValue: z.number(),
  lastValue: z.number(),
  status: z.enum(alarmEventStatuses),
  firedAt: z.number(),
  resolvedAt: z.number().nullable(),
  acknowledgedAt: z.number().nullable(),
  acknowledgedBy: z.string().nullable(),
  deliveries: z.array(alarmDelivery),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

/** One notification in the header bell, the caller's own. */
export const alarmNotification = z.object({
  id,
  eventId: id,
  ruleName: z.string(),
  level: z.enum(alarmLevels),
  target: z.string(),
  phase: z.enum(alarmEventStatuses),
  createdAt: z.number(),
  read: z.boolean(),
});
export type AlarmNotification = z.infer<typeof alarmNotification>;

export const alarmNotifications = z.object({
  unread: z.number().int(),
  /** The latest, newest first. */
  records: z.array(alarmNotification),
});
export type AlarmNotifications = z.infer<typeof alarmNotifications>;

/** The outbound settings as the pages see them: the SMTP password never leaves the server, only whether one is set. */
export const outboundSettings = z.object({
  allowList: z.array(z.string()),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  smtpSecure: z.boolean(),
  smtpUser: z.string(),
  smtpFrom: z.string(),
  hasSmtpPassword: z.boolean(),
});
export type OutboundSettings = z.infer<typeof outboundSettings>;

/** A test message went out. */
export const receiverTest = z.object({ sent: z.literal(true) });
