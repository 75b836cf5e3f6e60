import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { writeOperationLog } from './operationLog.ts';

export interface Change {
  operation: string;
  target: string;
  before?: unknown;
  after?: unknown;
  startedAt: number;
}

/** Writes the operation-log row of a change made through the back-office by the request's user. */
export async function recordChange(context: AppContext, request: FastifyRequest, change: Change): Promise<void> {
  await writeOperationLog(context.db, {
    accountId: request.session?.accountId ?? null,
    userName: request.session?.userName ?? '',
    operation: change.operation,
    target: change.target,
    params: { params: request.params, body: request.body },
    before: change.before,
    after: change.after,
    result: 'success',
    startedAt: change.startedAt,
    now: context.now(),
  });
}
