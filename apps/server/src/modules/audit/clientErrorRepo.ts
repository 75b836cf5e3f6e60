import type { PageQuery } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';

export interface ClientError {
  pageUrl: string;
  message: string;
  stack: string;
  info: string;
}

/** The newest reports kept per account: enough to see what went wrong, never enough to fill a disk. */
export const keptPerAccount = 200;

/** Stores a report and drops that account's reports beyond the newest `keptPerAccount`. */
export async function writeClientError(
  db: Kysely<Database>,
  error: ClientError & { accountId: number; userAgent: string; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('audit_client_error')
      .values({
        created_at: error.now,
        account_id: error.accountId,
        page_url: error.pageUrl,
        message: error.message,
        stack: error.stack,
        info: error.info,
        user_agent: error.userAgent.slice(0, 500),
      })
      .execute();
    const oldestKept = await trx
      .selectFrom('audit_client_error')
      .select('id')
      .where('account_id', '=', error.accountId)
      .orderBy('id', 'desc')
      .offset(keptPerAccount - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept)
      await trx.deleteFrom('audit_client_error').where('account_id', '=', error.accountId).where('id', '<', oldestKept.id).execute();
  });
}

export const clientErrorSortable = ['createdAt'] as const;

export function listClientErrors(db: Kysely<Database>, query: PageQuery<(typeof clientErrorSortable)[number]> & { message?: string }) {
  let base = db.selectFrom('audit_client_error').leftJoin('iam_account', 'iam_account.id', 'audit_client_error.account_id');
  if (query.message) base = base.where(containsText('audit_client_error.message', query.message));
  return paginate(base, query, {
    columns: { createdAt: 'audit_client_error.created_at' },
    defaultSort: { column: 'audit_client_error.created_at', order: 'desc' },
    tieBreaker: 'audit_client_error.id',
    select: (q) =>
      q.select([
        'audit_client_error.id',
        'audit_client_error.created_at as createdAt',
        'audit_client_error.page_url as pageUrl',
        'audit_client_error.message',
        'audit_client_error.stack',
        'audit_client_error.info',
        'audit_client_error.user_agent as userAgent',
        'iam_account.user_name as userName',
      ]),
  });
}
