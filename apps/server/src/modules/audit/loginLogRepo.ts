import type { PageQuery } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database, LoginResult } from '../../db/schema.ts';

export interface LoginAttempt {
  time: number;
  ip: string;
  userName: string;
  accountId: number | null;
  result: LoginResult;
  userAgent: string;
}

export async function writeLoginLog(db: Kysely<Database>, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('audit_login_log')
    .values({
      login_time: attempt.time,
      login_ip: attempt.ip,
      user_name: attempt.userName.slice(0, 100),
      account_id: attempt.accountId,
      result: attempt.result,
      user_agent: attempt.userAgent.slice(0, 500),
    })
    .execute();
}

export const loginLogSortable = ['loginTime', 'userName', 'result'] as const;
const sortColumns = { loginTime: 'login_time', userName: 'user_name', result: 'result' } as const;

export interface LoginLogFilter {
  userName?: string;
  result?: LoginResult;
  /** One account's attempts only (the profile page's own history). */
  accountId?: number;
}

function loginLogs(db: Kysely<Database>, filter: LoginLogFilter) {
  let base = db.selectFrom('audit_login_log');
  if (filter.userName) base = base.where(containsText('user_name', filter.userName));
  if (filter.result) base = base.where('result', '=', filter.result);
  if (filter.accountId !== undefined) base = base.where('account_id', '=', filter.accountId);
  return base;
}

const loginLogColumns = (query: ReturnType<typeof loginLogs>) =>
  query.select(['id', 'login_time as loginTime', 'login_ip as loginIp', 'user_name as userName', 'result', 'user_agent as userAgent']);

export function listLoginLogs(db: Kysely<Database>, query: PageQuery<(typeof loginLogSortable)[number]> & LoginLogFilter) {
  return paginate(loginLogs(db, query), query, {
    columns: sortColumns,
    defaultSort: { column: 'login_time', order: 'desc' },
    select: loginLogColumns,
  });
}

export function exportLoginLogs(db: Kysely<Database>, filter: LoginLogFilter, limit: number) {
  return loginLogColumns(loginLogs(db, filter)).orderBy('login_time', 'desc').limit(limit).execute();
}
