import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function isSuperAdministrator(db: Kysely<Database>, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select('iam_role.id')
    .where('iam_account_role.account_id', '=', accountId)
    .where('iam_role.is_super', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the function-model operation with this code. */
export async function operationIdOf(db: Kysely<Database>, code: string): Promise<number | undefined> {
  return (await db.selectFrom('pf_operation').select('id').where('operation_code', '=', code).executeTakeFirst())?.id;
}

export async function grantedOperationIds(db: Kysely<Database>, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role_operation', 'iam_role_operation.role_id', 'iam_account_role.role_id')
    .select('iam_role_operation.operation_id')
    .where('iam_account_role.account_id', '=', accountId)
    .execute();
  return new Set(rows.map((row) => row.operation_id));
}

export async function roleCodesOf(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select('iam_role.role_code')
    .where('iam_account_role.account_id', '=', accountId)
    .orderBy('iam_role.role_code')
    .execute();
  return rows.map((row) => row.role_code);
}
