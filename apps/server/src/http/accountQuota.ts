import type { AppContext } from '../context.ts';
import type { Caller } from './caller.ts';
import { AppError } from './errors.ts';

/** Writes that fan out (an instance runs its listeners and service tasks, a submission is posted on): counted per account. */
export type QuotaKind = 'workflowStarts' | 'taskCompletions' | 'formSubmissions' | 'uploads';

const windowMs = 60_000;

/**
 * Counts one more write of this kind for the signed-in caller and refuses it with 429 and `Retry-After`
 * past the configured number a minute. Windows are whole minutes of the server's clock, so every server
 * sharing Redis counts into the same one and each counter expires on its own. Accounts named in
 * `QUOTA_EXEMPT_USERS` (machine clients) are not counted.
 */
export async function chargeAccountQuota(context: Pick<AppContext, 'cluster' | 'config' | 'now'>, caller: Caller, kind: QuotaKind) {
  const { accountQuotas, quotaExemptUsers } = context.config;
  if (quotaExemptUsers.includes(caller.userName)) return;
  const now = context.now();
  const window = Math.floor(now / windowMs);
  const { count } = await context.cluster.countInWindow(`quota:${kind}:${caller.accountId}:${window}`, windowMs);
  const limit = accountQuotas[kind];
  if (count <= limit) return;
  const seconds = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
  throw new AppError(429, 'error.quotaExceeded', { limit, seconds }, { 'retry-after': String(seconds) });
}
