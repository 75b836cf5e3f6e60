import type { Account, AccountUpdate, accountSortable, PageQuery } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database, UserStatus } from '../../../db/schema.ts';
import type { OrganScope } from '../dataScope.ts';

export interface AccountFilter {
  userName?: string;
  name?: string;
  organId?: number;
  userStatus?: UserStatus;
}

/** Accounts in the scope: the scope is part of the query, so out-of-range accounts are never read. */
function accounts(db: Kysely<Database>, scope: OrganScope, filter: AccountFilter = {}) {
  let query = db.selectFrom('iam_account').leftJoin('iam_organ', 'iam_organ.id', 'iam_account.organ_id');
  if (scope !== 'all') query = query.where('iam_account.organ_id', 'in', scope.size > 0 ? [...scope] : [-1]);
  if (filter.userName) query = query.where(containsText('iam_account.user_name', filter.userName));
  if (filter.name) query = query.where(containsText('iam_account.name', filter.name));
  if (filter.organId) query = query.where('iam_account.organ_id', '=', filter.organId);
  if (filter.userStatus) query = query.where('iam_account.user_status', '=', filter.userStatus);
  return query;
}

const accountColumns = (query: ReturnType<typeof accounts>) =>
  query.select([
    'iam_account.id',
    'iam_account.user_name as userName',
    'iam_account.name',
    'iam_account.user_status as userStatus',
    'iam_account.organ_id as organId',
    'iam_organ.organ_name as organName',
    'iam_account.staff_id as staff',
    'iam_account.is_admin as administrator',
    'iam_account.manage_range as manageRange',
    'iam_account.max_session_number as maxSessionNumber',
    'iam_account.is_use_ip_checked as isUseIpChecked',
    'iam_account.ip_policy as ipPolicy',
    'iam_account.auth_strategy as authStrategy',
    'iam_account.created_at as createdAt',
  ]);

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountColumns>['execute']>>[number];
const toAccount = (row: AccountRow): Account => ({
  ...row,
  administrator: row.administrator === 1,
  isUseIpChecked: row.isUseIpChecked === 1,
});

export async function pageAccounts(
  db: Kysely<Database>,
  scope: OrganScope,
  query: PageQuery<(typeof accountSortable)[number]> & AccountFilter,
) {
  const page = await paginate(accounts(db, scope, query), query, {
    columns: { userName: 'iam_account.user_name', name: 'iam_account.name', createdAt: 'iam_account.created_at' },
    defaultSort: { column: 'iam_account.user_name', order: 'asc' },
    tieBreaker: 'iam_account.id',
    select: accountColumns,
  });
  return { total: page.total, records: page.records.map(toAccount) };
}

export async function listAccounts(db: Kysely<Database>, scope: OrganScope, filter: AccountFilter, limit: number) {
  return (
    await accountColumns(accounts(db, scope, filter))
      .orderBy('iam_account.user_name')
      .limit(limit)
      .execute()
  ).map(toAccount);
}

export async function findScopedAccount(db: Kysely<Database>, scope: OrganScope, id: number): Promise<Account | undefined> {
  const row = await accountColumns(accounts(db, scope)).where('iam_account.id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

export function accountValues(input: AccountUpdate) {
  return {
    user_name: input.userName,
    name: input.name,
    organ_id: input.organId,
    staff_id: input.staff,
    is_admin: input.administrator ? 1 : 0,
    manage_range: input.administrator ? input.manageRange : null,
    max_session_number: input.maxSessionNumber,
    is_use_ip_checked: input.isUseIpChecked ? 1 : 0,
    ip_policy: input.ipPolicy,
    auth_strategy: input.authStrategy,
  };
}

export async function liveSessions(db: Kysely<Database>, accountId: number, now: number) {
  return db
    .selectFrom('auth_session')
    .select(['id', 'ip', 'user_agent as userAgent', 'created_at as createdAt', 'client_id as clientId'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}
