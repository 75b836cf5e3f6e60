import { z } from 'zod';

export const loginResults = ['success', 'badCredentials', 'locked', 'keyInvalid', 'ipRefused', 'expired', 'clientOnly'] as const;
export type LoginResult = (typeof loginResults)[number];

/** One sign-in attempt as the login log and the profile page list it. */
export const loginLogRecord = z.object({
  id: z.number().int(),
  loginTime: z.number(),
  loginIp: z.string(),
  userName: z.string(),
  result: z.enum(loginResults),
  userAgent: z.string(),
});
export type LoginLogRecord = z.infer<typeof loginLogRecord>;

/** A change done, refused by a rule (nothing changed), or failed (rolled back). */
export const operationOutcomes = ['success', 'refused', 'failed'] as const;
export type OperationOutcome = (typeof operationOutcomes)[number];

/** One change made through the back-office: its parameters and the record before and after, as JSON text. */
export const operationLogRecord = z.object({
  id: z.number().int(),
  opTime: z.number(),
  userName: z.string(),
  operation: z.string(),
  target: z.string(),
  params: z.string(),
  before: z.string(),
  after: z.string(),
  result: z.enum(operationOutcomes),
  durationMs: z.number(),
});
export type OperationLogRecord = z.infer<typeof operationLogRecord>;

/** An unhandled error the web app reported, with who saw it (null once the account is gone). */
export const clientErrorRecord = z.object({
  id: z.number().int(),
  createdAt: z.number(),
  pageUrl: z.string(),
  message: z.string(),
  stack: z.string(),
  info: z.string(),
  userAgent: z.string(),
  userName: z.string().nullable(),
});
export type ClientErrorRecord = z.infer<typeof clientErrorRecord>;
