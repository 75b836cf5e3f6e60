import type { MenuInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export function listMenuTypes(db: Kysely<Database>) {
  return db.selectFrom('pf_menu_type').select(['id', 'menu_type_name as menuTypeName', 'is_sys as isSys']).orderBy('id').execute();
}

export function findMenuType(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('pf_menu_type')
    .select(['id', 'menu_type_name as menuTypeName', 'is_sys as isSys'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMenuType(db: Kysely<Database>, menuTypeName: string, isSys: boolean): Promise<number> {
  const row = await db
    .insertInto('pf_menu_type')
    .values({ menu_type_name: menuTypeName, is_sys: isSys ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameMenuType(db: Kysely<Database>, id: number, menuTypeName: string): Promise<void> {
  await db.updateTable('pf_menu_type').set({ menu_type_name: menuTypeName }).where('id', '=', id).execute();
}

/** How many accounts see the back-office through this menu type. */
export async function accountsOfMenuType(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('iam_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('menu_type_id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the type and, by the foreign key's cascade, its entries. */
export async function deleteMenuType(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('pf_menu_type').where('id', '=', id).execute();
}

export function listMenus(db: Kysely<Database>, menuTypeId: number) {
  return db
    .selectFrom('pf_menu')
    .select([
      'id',
      'menu_type_id as menuTypeId',
      'menu_code as menuCode',
      'menu_name as menuName',
      'parent_menu_id as parentMenuId',
      'is_leaf as isLeaf',
      'menu_path as menuPath',
      'function_code as requestAction',
      'icon',
      'seq',
      'target',
    ])
    .where('menu_type_id', '=', menuTypeId)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export function findMenu(db: Kysely<Database>, id: number) {
  return db.selectFrom('pf_menu').selectAll().where('id', '=', id).executeTakeFirst();
}

const menuValues = (input: MenuInput) => ({
  menu_code: input.menuCode,
  menu_name: input.menuName,
  parent_menu_id: input.parentMenuId,
  is_leaf: input.isLeaf ? 1 : 0,
  menu_path: input.menuPath,
  scheme: input.isLeaf ? '/' : '',
  icon: input.icon,
  seq: input.seq,
  target: input.target,
  function_code: input.requestAction || null,
});

export async function insertMenu(db: Kysely<Database>, menuTypeId: number, input: MenuInput): Promise<number> {
  const row = await db
    .insertInto('pf_menu')
    .values({ menu_type_id: menuTypeId, ...menuValues(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMenu(db: Kysely<Database>, id: number, input: MenuInput): Promise<void> {
  await db.updateTable('pf_menu').set(menuValues(input)).where('id', '=', id).execute();
}

/** Whether a listed entry has a child that is not listed too. */
export async function hasOtherChildren(db: Kysely<Database>, ids: number[]): Promise<boolean> {
  const child = await db
    .selectFrom('pf_menu')
    .select('id')
    .where('parent_menu_id', 'in', ids)
    .where('id', 'not in', ids)
    .executeTakeFirst();
  return child !== undefined;
}

export async function deleteMenus(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('pf_menu').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}
