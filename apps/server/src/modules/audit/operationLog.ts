import type { OperationOutcome } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { insertCompiled } from '../../db/compiledInsert.ts';
import type { Database } from '../../db/schema.ts';

export { type OperationOutcome, operationOutcomes } from '@qiming/shared';

export interface OperationRecord {
  accountId: number | null;
  userName: string;
  operation: string;
  target: string;
  params: unknown;
  before?: unknown;
  after?: unknown;
  result: OperationOutcome;
  startedAt: number;
  now: number;
}

const secretKeys = /pass(word)?|secret|token|key|credential/i;
/** Deeper than any form of ours: a hostile body is cut here rather than overflowing the stack. */
const maxLoggedDepth = 8;

/** Values as stored in the log: anything named like a secret is masked, anything deeper than the limit elided. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxLoggedDepth) return '…';
  if (Array.isArray(value)) return value.map((inner) => maskSecrets(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, secretKeys.test(key) ? '******' : maskSecrets(inner, depth + 1)]),
  );
}

export async function writeOperationLog(db: Kysely<Database>, record: OperationRecord): Promise<void> {
  // Every audited change writes one: built once (see insertCompiled).
  await insertCompiled(db, 'audit_operation_log', [
    {
      op_time: record.now,
      account_id: record.accountId,
      user_name: record.userName,
      operation: record.operation,
      target: record.target.slice(0, 300),
      params: JSON.stringify(maskSecrets(record.params) ?? null),
      before_value: JSON.stringify(maskSecrets(record.before) ?? null),
      after_value: JSON.stringify(maskSecrets(record.after) ?? null),
      result: record.result,
      duration_ms: Math.max(0, record.now - record.startedAt),
    },
  ]);
}
