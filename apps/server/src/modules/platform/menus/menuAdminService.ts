import type { MenuInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import * as repo from './menuAdminRepo.ts';

/** Menu types and their entry trees as administrators edit them; what users see derives from these and their grants. */
export class MenuAdminService {
  constructor(private readonly context: AppContext) {}

  async requireMenuType(id: number, db: Kysely<Database> = this.context.db) {
    const menuType = await repo.findMenuType(db, id);
    if (!menuType) throw notFound();
    return menuType;
  }

  createMenuType(caller: Caller, menuTypeName: string, isSys: boolean) {
    return audited(this.context, caller, { operation: 'menu:add', target: `menuType:${menuTypeName}` }, async (trx, entry) => {
      const id = await repo.insertMenuType(trx, menuTypeName, isSys);
      const after = await this.requireMenuType(id, trx);
      entry.after = after;
      return after;
    });
  }

  renameMenuType(caller: Caller, id: number, menuTypeName: string) {
    return audited(this.context, caller, { operation: 'menu:edit', target: `menuType:${id}` }, async (trx, entry) => {
      entry.before = await this.requireMenuType(id, trx);
      await repo.renameMenuType(trx, id, menuTypeName);
      const after = await this.requireMenuType(id, trx);
      entry.after = after;
      return after;
    });
  }

  /** A system type stays, and so does a type accounts still sign in to; the type's entries go with it. */
  deleteMenuType(caller: Caller, id: number) {
    return audited(this.context, caller, { operation: 'menu:delete', target: `menuType:${id}` }, async (trx, entry) => {
      const menuType = await this.requireMenuType(id, trx);
      if (menuType.isSys === 1) throw badRequest('error.menuTypeSystem');
      const accounts = await repo.accountsOfMenuType(trx, id);
      if (accounts > 0) throw badRequest('error.menuTypeInUse', { count: accounts });
      entry.before = { ...menuType, menus: await repo.listMenus(trx, id) };
      await repo.deleteMenuType(trx, id);
      const after = { deleted: 1 };
      entry.after = after;
      return after;
    });
  }

  addMenu(caller: Caller, menuTypeId: number, input: MenuInput) {
    return audited(this.context, caller, { operation: 'menu:add', target: `menu:${input.menuCode}` }, async (trx, entry) => {
      await this.requireMenuType(menuTypeId, trx);
      await this.checkParent(trx, menuTypeId, null, input.parentMenuId);
      const id = await refuseDuplicate(input.menuCode, () => repo.insertMenu(trx, menuTypeId, input));
      const after = { id, menuTypeId, ...input };
      entry.after = after;
      return after;
    });
  }

  updateMenu(caller: Caller, id: number, input: MenuInput) {
    return audited(this.context, caller, { operation: 'menu:edit', target: `menu:${id}` }, async (trx, entry) => {
      const before = await repo.findMenu(trx, id);
      if (!before) throw notFound();
      entry.before = before;
      await this.checkParent(trx, before.menu_type_id, id, input.parentMenuId);
      await refuseDuplicate(input.menuCode, () => repo.updateMenu(trx, id, input));
      const after = { id, menuTypeId: before.menu_type_id, ...input };
      entry.after = after;
      return after;
    });
  }

  deleteMenus(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'menu:delete', target: `menu:${ids.join(',')}` }, async (trx, entry) => {
      if (await repo.hasOtherChildren(trx, ids)) throw badRequest('error.menuHasChildren');
      const deleted = await repo.deleteMenus(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  /**
   * A parent is an entry of the same menu type, and never the entry itself or one below it: such a
   * loop would cut the entry and its branch off the tree, so no user would see them.
   */
  private async checkParent(db: Kysely<Database>, menuTypeId: number, menuId: number | null, parentId: number | null): Promise<void> {
    for (let ancestor = parentId, depth = 0; ancestor !== null; depth += 1) {
      if (ancestor === menuId || depth > 100) throw badRequest('error.menuParentCycle');
      const row = await repo.findMenu(db, ancestor);
      if (!row) throw new AppError(422, 'error.referenceMissing', { field: 'parentMenuId' });
      if (row.menu_type_id !== menuTypeId) throw badRequest('error.menuParentElsewhere');
      ancestor = row.parent_menu_id;
    }
  }
}
