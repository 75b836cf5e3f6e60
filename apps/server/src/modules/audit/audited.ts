import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { requireDecided } from './decisions.ts';
import { type OperationOutcome, writeOperationLog } from './operationLog.ts';

/** What a change fills in as it goes: the log row shows the record before and after it. */
export interface AuditEntry {
  before?: unknown;
  after?: unknown;
}

/**
 * Runs a change in one transaction whose last write is its operation-log row, so a change is never
 * without its record nor a record without its change. A change refused (an answer the caller gets
 * as a 4xx) or failed rolls back and is logged as such, outside the rolled-back transaction.
 * Everything `work` reads or writes goes through the transaction it is given. A change that no policy
 * decision covered (decisions.ts) is rolled back and fails loudly: every change asks iam's policy.
 */
export async function audited<T>(
  context: AppContext,
  caller: Caller,
  /**
   * `changesAccess`: the change ends sessions or changes who holds what, so the access cache must forget.
   * `params`: what the log shows the change was asked with, when not the request's input as it came.
   */
  change: { operation: string; target: string; changesAccess?: boolean; params?: unknown },
  work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
): Promise<T> {
  const startedAt = context.now();
  const entry: AuditEntry = {};
  const record = (outcome: OperationOutcome, after: unknown) => ({
    accountId: caller.session?.accountId ?? null,
    userName: caller.userName,
    operation: change.operation,
    target: change.target,
    params: change.params ?? caller.input,
    before: entry.before,
    after,
    result: outcome,
    startedAt,
    now: context.now(),
  });
  try {
    const result = await context.db.transaction().execute(async (trx) => {
      const result = await work(trx, entry);
      requireDecided(caller, change);
      await writeOperationLog(trx, record('success', entry.after));
      return result;
    });
    if (change.changesAccess) await context.accessCache.forget();
    return result;
  } catch (error) {
    const refused = error instanceof AppError && error.status < 500;
    const reason = refused ? { refused: error.messageKey } : { failed: error instanceof Error ? error.message.slice(0, 500) : 'error' };
    // The caller must hear the change's own error, even when the database cannot take the log row either.
    await writeOperationLog(context.db, record(refused ? 'refused' : 'failed', reason)).catch(() => undefined);
    throw error;
  }
}
