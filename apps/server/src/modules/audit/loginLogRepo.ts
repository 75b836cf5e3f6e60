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

export function listLoginLogs(
  db: Kysely<Database>,
  query: PageQuery<(typeof loginLogSortable)[number]> & { userName?: string; result?: LoginResult },
) {
  let base = db.selectFrom('audit_login_log');
  if (query.userName) base = base.where(containsText('user_name', query.userName));
  if (query.result) base = base.where('result', '=', query.result);
  return paginate(base, query, {
    columns: sortColumns,
    defaultSort: { column: 'login_time', order: 'desc' },
    select: (q) =>
      q.select(['id', 'login_time as loginTime', 'login_ip as loginIp', 'user_name as userName', 'result', 'user_agent as userAgent']),
  });
}
