import type { Kysely } from 'kysely';
import type { Database, IamRoleTable } from '../../db/schema.ts';

export async function insertRole(
  db: Kysely<Database>,
  role: { roleCode: string; roleName: string; roleType: IamRoleTable['role_type']; isSuper?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('iam_role')
    .values({ role_code: role.roleCode, role_name: role.roleName, role_type: role.roleType, is_super: role.isSuper ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Grants the operations named by code; unknown codes are an error, so a typo cannot silently grant nothing. */
export async function grantOperations(db: Kysely<Database>, roleId: number, operationCodes: string[]): Promise<void> {
  const operations = await db
    .selectFrom('pf_operation')
    .select(['id', 'operation_code'])
    .where('operation_code', 'in', operationCodes)
    .execute();
  const missing = operationCodes.filter((code) => !operations.some((operation) => operation.operation_code === code));
  if (missing.length > 0) throw new Error(`Unknown operations: ${missing.join(', ')}`);
  await db
    .insertInto('iam_role_operation')
    .values(operations.map((operation) => ({ role_id: roleId, operation_id: operation.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function assignRole(db: Kysely<Database>, accountId: number, roleId: number): Promise<void> {
  await db
    .insertInto('iam_account_role')
    .values({ account_id: accountId, role_id: roleId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
