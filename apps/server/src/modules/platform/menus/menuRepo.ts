import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MenuSeed } from './menuCatalogue.ts';

export async function findMenuTypeId(db: Kysely<Database>, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('pf_menu_type').select('id').where('menu_type_name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function menuTypeExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('pf_menu_type').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Creates the menu type if needed and adds the built-in entries it lacks; entries already there are left as edited. */
export async function ensureMenus(db: Kysely<Database>, typeName: string, seeds: MenuSeed[]): Promise<number> {
  const typeId =
    (await findMenuTypeId(db, typeName)) ??
    (await db.insertInto('pf_menu_type').values({ menu_type_name: typeName, is_sys: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  const existing = new Map(
    (await db.selectFrom('pf_menu').select(['id', 'menu_code']).where('menu_type_id', '=', typeId).execute()).map((row) => [
      row.menu_code,
      row.id,
    ]),
  );
  const insert = async (seed: MenuSeed, parentId: number | null, seq: number): Promise<void> => {
    let id = existing.get(seed.code);
    if (id === undefined) {
      const leaf = !seed.children?.length;
      id = (
        await db
          .insertInto('pf_menu')
          .values({
            menu_type_id: typeId,
            parent_menu_id: parentId,
            menu_code: seed.code,
            menu_name: seed.name,
            is_leaf: leaf ? 1 : 0,
            menu_path: seed.path,
            scheme: leaf ? '/' : '',
            icon: seed.icon,
            seq,
            target: seed.target ?? '_self',
            function_code: seed.functionCode ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    for (const [index, child] of (seed.children ?? []).entries()) await insert(child, id, (index + 1) * 10);
  };
  for (const [index, seed] of seeds.entries()) await insert(seed, null, (index + 1) * 10);
  return typeId;
}

export function listMenus(db: Kysely<Database>, menuTypeId: number) {
  return db.selectFrom('pf_menu').selectAll().where('menu_type_id', '=', menuTypeId).orderBy('seq').orderBy('id').execute();
}

/** Every operation of every function with its urls: what a menu entry's actions are made of. */
export function listFunctionOperations(db: Kysely<Database>) {
  return db
    .selectFrom('pf_function')
    .innerJoin('pf_operation', 'pf_operation.function_id', 'pf_function.id')
    .leftJoin('pf_url', 'pf_url.operation_id', 'pf_operation.id')
    .select([
      'pf_function.function_code',
      'pf_operation.id as operation_id',
      'pf_operation.operation_code',
      'pf_operation.operation_name',
      'pf_operation.is_default',
      'pf_url.id as url_id',
      'pf_url.method',
      'pf_url.url_content',
      'pf_url.access_type',
    ])
    .orderBy('pf_operation.id')
    .orderBy('pf_url.id')
    .execute();
}
