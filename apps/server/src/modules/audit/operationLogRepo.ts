import type { OperationLogType, PageQuery } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';
import type { OperationOutcome } from './operationLog.ts';

export const operationLogSortable = ['opTime', 'userName', 'operation'] as const;

export interface OperationLogFilter {
  userName?: string;
  operation?: string;
  logType?: OperationLogType;
  target?: string;
  from?: number;
  to?: number;
  result?: OperationOutcome;
}

function operationLogs(db: Kysely<Database>, filter: OperationLogFilter) {
  let base = db.selectFrom('audit_operation_log');
  if (filter.userName) base = base.where(containsText('user_name', filter.userName));
  if (filter.operation) base = base.where(containsText('operation', filter.operation));
  // Types are plain words, so the pattern has no wildcard but its own.
  if (filter.logType) base = base.where('operation', 'like', `${filter.logType}:%`);
  if (filter.target) base = base.where(containsText('target', filter.target));
  if (filter.from !== undefined) base = base.where('op_time', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('op_time', '<=', filter.to);
  if (filter.result) base = base.where('result', '=', filter.result);
  return base;
}

const columns = (query: ReturnType<typeof operationLogs>) =>
  query.select([
    'id',
    'op_time as opTime',
    'user_name as userName',
    'operation',
    'target',
    'params',
    'before_value as before',
    'after_value as after',
    'result',
    'duration_ms as durationMs',
  ]);

export function pageOperationLogs(db: Kysely<Database>, query: PageQuery<(typeof operationLogSortable)[number]> & OperationLogFilter) {
  return paginate(operationLogs(db, query), query, {
    columns: { opTime: 'op_time', userName: 'user_name', operation: 'operation' },
    defaultSort: { column: 'op_time', order: 'desc' },
    select: columns,
  });
}

export function exportOperationLogs(db: Kysely<Database>, filter: OperationLogFilter, limit: number) {
  return columns(operationLogs(db, filter)).orderBy('op_time', 'desc').limit(limit).execute();
}
