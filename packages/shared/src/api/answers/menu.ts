import { z } from 'zod';

/** A url resource the user may call: spec section 3 `resourceList` entry. */
export const menuResource = z.object({ authorityId: z.string(), path: z.string() });
export type MenuResource = z.infer<typeof menuResource>;

export const menuAction = z.object({ actionName: z.string(), actionCode: z.string(), resourceList: z.array(menuResource) });
export type MenuAction = z.infer<typeof menuAction>;

export const menuEntry = z
  .object({
    menuId: z.string(),
    parentId: z.string().nullable(),
    menuCode: z.string(),
    menuName: z.string(),
    path: z.string(),
    scheme: z.string(),
    icon: z.string(),
    level: z.number().int(),
    authority: z.string(),
    target: z.string(),
    get children(): z.ZodArray<typeof menuEntry> {
      return z.array(menuEntry);
    },
    actionList: z.array(menuAction),
  })
  .meta({ id: 'MenuEntry' });
export type MenuEntry = z.infer<typeof menuEntry>;

/** The older menu shape, still answered by `GET /api/bsp/current/menu/{id}`: both trees as JSON text. */
export const legacyMenuAnswer = z.object({ nMenu: z.string(), menu: z.string() });
export type LegacyMenuAnswer = z.infer<typeof legacyMenuAnswer>;

/** A menu type; `isSys` is the stored flag, 0 or 1. */
export const menuType = z.object({ id: z.number().int(), menuTypeName: z.string(), isSys: z.number().int() });
export type MenuType = z.infer<typeof menuType>;

/** A menu entry as stored, flags 0 or 1, as the menu page edits it. */
export const menuRecord = z.object({
  id: z.number().int(),
  menuTypeId: z.number().int(),
  menuCode: z.string(),
  menuName: z.string(),
  parentMenuId: z.number().int().nullable(),
  isLeaf: z.number().int(),
  menuPath: z.string(),
  requestAction: z.string().nullable(),
  icon: z.string(),
  seq: z.number().int(),
  target: z.string(),
});
export type MenuRecord = z.infer<typeof menuRecord>;

/** A menu entry as a change wrote it: the fields as sent, the flag a boolean. */
export const writtenMenu = menuRecord.extend({ isLeaf: z.boolean(), requestAction: z.string(), target: z.enum(['_self', '_blank']) });
