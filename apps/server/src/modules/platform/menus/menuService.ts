import type { LegacyMenuEntry, MenuAction, MenuEntry } from '@qiming/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PfMenuTable } from '../../../db/schema.ts';
import { grantedOperationIds } from '../../iam/accountLookup.ts';
import { listFunctionOperations, listMenus } from './menuRepo.ts';

interface Viewer {
  accountId: number;
  isSuper: boolean;
}

/**
 * The function's operations the viewer holds, as menu actions with their url resources. A function
 * whose default operation needs no grant (each user's own to-do list) belongs to everyone: its
 * grant-free operations are held by every viewer, as the guard lets every signed-in user through.
 * A grant-free helper of a granted function (a region picker's lookups) does not show its page.
 */
async function grantedActions(db: Kysely<Database>, viewer: Viewer): Promise<Map<string, MenuAction[]>> {
  const [rows, granted] = await Promise.all([
    listFunctionOperations(db),
    viewer.isSuper ? undefined : grantedOperationIds(db, viewer.accountId),
  ]);
  const grantFree = (row: (typeof rows)[number]) => row.access_type === 'signedIn' || row.access_type === 'public';
  const everyones = new Set(rows.filter((row) => row.is_default === 1 && grantFree(row)).map((row) => row.function_code));
  const byFunction = new Map<string, Map<number, MenuAction>>();
  for (const row of rows) {
    if (granted && !granted.has(row.operation_id) && !(grantFree(row) && everyones.has(row.function_code))) continue;
    const actions = byFunction.get(row.function_code) ?? new Map<number, MenuAction>();
    byFunction.set(row.function_code, actions);
    const action = actions.get(row.operation_id) ?? { actionName: row.operation_name, actionCode: row.operation_code, resourceList: [] };
    actions.set(row.operation_id, action);
    if (row.url_id !== null) action.resourceList.push({ authorityId: String(row.url_id), path: `${row.method} ${row.url_content}` });
  }
  return new Map([...byFunction].map(([code, actions]) => [code, [...actions.values()]]));
}

/** A link to another site (spec section 2: an http(s) path opens it), which no grant of ours guards. */
const leadsOut = (menu: Selectable<PfMenuTable>) => /^https?:\/\//i.test(menu.menu_path);

/**
 * The viewer's menu tree: a leaf shows when its function has a granted operation, a group when one of
 * its children shows. Derived from the same grants as the guard. A leaf naming no function guards
 * nothing: a link out of the back-office shows to everyone, a page only to the super administrator,
 * who can give it its function (shown to all, it led everyone else to a page they may not open).
 */
export async function menuTreeFor(db: Kysely<Database>, menuTypeId: number, viewer: Viewer): Promise<MenuEntry[]> {
  const [menus, actions] = await Promise.all([listMenus(db, menuTypeId), grantedActions(db, viewer)]);
  const childrenOf = new Map<number | null, Array<Selectable<PfMenuTable>>>();
  for (const menu of menus) childrenOf.set(menu.parent_menu_id, [...(childrenOf.get(menu.parent_menu_id) ?? []), menu]);

  const build = (parentId: number | null, level: number): MenuEntry[] =>
    (childrenOf.get(parentId) ?? []).flatMap((menu): MenuEntry[] => {
      const actionList = menu.function_code ? (actions.get(menu.function_code) ?? []) : [];
      const children = menu.is_leaf ? [] : build(menu.id, level + 1);
      const visible = menu.is_leaf ? (menu.function_code ? actionList.length > 0 : viewer.isSuper || leadsOut(menu)) : children.length > 0;
      if (!visible) return [];
      return [
        {
          menuId: String(menu.id),
          parentId: menu.parent_menu_id === null ? null : String(menu.parent_menu_id),
          menuCode: menu.menu_code,
          menuName: menu.menu_name,
          path: menu.menu_path,
          scheme: menu.scheme,
          icon: menu.icon,
          level,
          authority: menu.function_code ?? menu.menu_code,
          target: menu.target,
          children,
          actionList,
        },
      ];
    });
  return build(null, 1);
}

/** The same tree in the older builder's shape. */
export function toLegacyMenu(entries: MenuEntry[]): LegacyMenuEntry[] {
  return entries.map((entry) => {
    const isLeaf = entry.children.length === 0;
    const url = entry.path || entry.menuCode.replaceAll('_', '/');
    return {
      url,
      text: entry.menuName,
      icon: entry.icon,
      hidden: false,
      functionCode: entry.authority,
      isLeaf,
      componentPath: isLeaf ? url : '',
      ...(isLeaf ? {} : { children: toLegacyMenu(entry.children) }),
    };
  });
}
