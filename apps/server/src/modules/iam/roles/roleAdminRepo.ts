import type { PageQuery, Role, RoleInput, roleSortable } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';
import type { OrganScope } from '../dataScope.ts';

export interface RoleFilter {
  roleCode?: string;
  roleName?: string;
}

function roles(db: Kysely<Database>, filter: RoleFilter = {}) {
  let query = db.selectFrom('iam_role');
  if (filter.roleCode) query = query.where(containsText('role_code', filter.roleCode));
  if (filter.roleName) query = query.where(containsText('role_name', filter.roleName));
  return query;
}

const roleColumns = (query: ReturnType<typeof roles>) =>
  query.select((eb) => [
    'iam_role.id',
    'iam_role.role_code as roleCode',
    'iam_role.role_name as roleName',
    'iam_role.role_type as roleType',
    'iam_role.is_super as isSuper',
    'iam_role.position_type as positionType',
    'iam_role.role_scope as roleScope',
    'iam_role.belong_to_organ as belongToOrgan',
    eb
      .selectFrom('iam_account_role')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('iam_account_role.role_id', '=', 'iam_role.id')
      .as('accountCount'),
  ]);

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleColumns>['execute']>>[number];
const toRole = (row: RoleRow): Role => ({ ...row, isSuper: row.isSuper === 1, accountCount: Number(row.accountCount ?? 0) });

/** Roles of no organ and of the organs in `organs`. */
export async function pageRoles(db: Kysely<Database>, query: PageQuery<(typeof roleSortable)[number]> & RoleFilter, organs: OrganScope) {
  let base = roles(db, query);
  if (organs !== 'all') base = base.where((eb) => eb.or([eb('belong_to_organ', 'is', null), eb('belong_to_organ', 'in', [...organs, -1])]));
  const page = await paginate(base, query, {
    columns: { roleCode: 'role_code', roleName: 'role_name' },
    defaultSort: { column: 'role_code', order: 'asc' },
    select: roleColumns,
  });
  return { total: page.total, records: page.records.map(toRole) };
}

export async function findRole(db: Kysely<Database>, id: number): Promise<Role | undefined> {
  const row = await roleColumns(roles(db)).where('iam_role.id', '=', id).executeTakeFirst();
  return row && toRole(row);
}

const roleValues = (input: RoleInput) => ({
  role_code: input.roleCode,
  role_name: input.roleName,
  position_type: input.positionType,
  role_scope: input.roleScope,
  belong_to_organ: input.belongToOrgan,
});

export async function insertRole(db: Kysely<Database>, input: RoleInput): Promise<number> {
  const row = await db
    .insertInto('iam_role')
    .values({ ...roleValues(input), role_type: 'common', is_super: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Kysely<Database>, id: number, input: RoleInput): Promise<void> {
  await db.updateTable('iam_role').set(roleValues(input)).where('id', '=', id).execute();
}

export async function deleteRoles(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('iam_role').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export function functionModelRows(db: Kysely<Database>) {
  return db
    .selectFrom('pf_operation')
    .innerJoin('pf_function', 'pf_function.id', 'pf_operation.function_id')
    .innerJoin('pf_module', 'pf_module.id', 'pf_function.module_id')
    .innerJoin('pf_app', 'pf_app.id', 'pf_module.app_id')
    .select([
      'pf_app.app_code as appCode',
      'pf_app.app_name as appName',
      'pf_module.module_code as moduleCode',
      'pf_module.module_name as moduleName',
      'pf_function.function_code as functionCode',
      'pf_function.function_name as functionName',
      'pf_operation.id as operationId',
      'pf_operation.operation_code as operationCode',
      'pf_operation.operation_name as operationName',
    ])
    .where((eb) => {
      const urls = eb.selectFrom('pf_url').select('pf_url.id').whereRef('pf_url.operation_id', '=', 'pf_operation.id');
      return eb.or([eb.not(eb.exists(urls)), eb.exists(urls.where('pf_url.access_type', '=', 'authorised'))]);
    })
    .orderBy('pf_app.id')
    .orderBy('pf_module.id')
    .orderBy('pf_function.id')
    .orderBy('pf_operation.id')
    .execute();
}

export async function roleOperationIds(db: Kysely<Database>, roleId: number): Promise<number[]> {
  return (await db.selectFrom('iam_role_operation').select('operation_id').where('role_id', '=', roleId).execute()).map(
    (row) => row.operation_id,
  );
}

/** Run inside the change's transaction: the delete and the insert stand or fall together. */
export async function replaceRoleOperations(db: Kysely<Database>, roleId: number, operationIds: number[]): Promise<void> {
  await db.deleteFrom('iam_role_operation').where('role_id', '=', roleId).execute();
  if (operationIds.length === 0) return;
  await db
    .insertInto('iam_role_operation')
    .values(operationIds.map((operation_id) => ({ role_id: roleId, operation_id })))
    .execute();
}

export async function roleOrganIds(db: Kysely<Database>, roleId: number): Promise<number[]> {
  return (await db.selectFrom('iam_role_organ').select('organ_id').where('role_id', '=', roleId).execute()).map((row) => row.organ_id);
}

/** Run inside the change's transaction: the delete and the insert stand or fall together. */
export async function replaceRoleOrgans(db: Kysely<Database>, roleId: number, organIds: number[]): Promise<void> {
  await db.deleteFrom('iam_role_organ').where('role_id', '=', roleId).execute();
  if (organIds.length === 0) return;
  await db
    .insertInto('iam_role_organ')
    .values(organIds.map((organ_id) => ({ role_id: roleId, organ_id })))
    .execute();
}

export async function accountRoleIds(db: Kysely<Database>, accountId: number): Promise<number[]> {
  return (await db.selectFrom('iam_account_role').select('role_id').where('account_id', '=', accountId).execute()).map(
    (row) => row.role_id,
  );
}

export async function assignRoles(db: Kysely<Database>, accountIds: number[], roleIds: number[]): Promise<void> {
  const values = accountIds.flatMap((account_id) => roleIds.map((role_id) => ({ account_id, role_id })));
  await db
    .insertInto('iam_account_role')
    .values(values)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function revokeRoles(db: Kysely<Database>, accountIds: number[], roleIds: number[]): Promise<void> {
  await db.deleteFrom('iam_account_role').where('account_id', 'in', accountIds).where('role_id', 'in', roleIds).execute();
}
