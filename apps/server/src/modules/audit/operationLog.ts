import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OperationRecord {
  accountId: number | null;
  userName: string;
  operation: string;
  target: string;
  params: unknown;
  before?: unknown;
  after?: unknown;
  result: 'success' | 'failure';
  startedAt: number;
  now: number;
}

const secretKeys = /pass(word)?|secret|token|key/i;

/** Parameters as stored in the log: anything named like a secret is masked. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, secretKeys.test(key) ? '******' : maskSecrets(inner)]));
  }
  return value;
}

export async function writeOperationLog(db: Kysely<Database>, record: OperationRecord): Promise<void> {
  await db
    .insertInto('audit_operation_log')
    .values({
      op_time: record.now,
      account_id: record.accountId,
      user_name: record.userName,
      operation: record.operation,
      target: record.target.slice(0, 300),
      params: JSON.stringify(maskSecrets(record.params) ?? null),
      before_value: JSON.stringify(record.before ?? null),
      after_value: JSON.stringify(record.after ?? null),
      result: record.result,
      duration_ms: Math.max(0, record.now - record.startedAt),
    })
    .execute();
}
