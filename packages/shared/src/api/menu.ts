/** A url resource the user may call: spec section 3 `resourceList` entry. */
export interface MenuResource {
  authorityId: string;
  path: string;
}

export interface MenuAction {
  actionName: string;
  actionCode: string;
  resourceList: MenuResource[];
}

export interface MenuEntry {
  menuId: string;
  parentId: string | null;
  menuCode: string;
  menuName: string;
  path: string;
  scheme: string;
  icon: string;
  level: number;
  authority: string;
  target: string;
  children: MenuEntry[];
  actionList: MenuAction[];
}

/** The older menu shape, still answered by `GET /api/bsp/current/menu/{id}`. */
export interface LegacyMenuEntry {
  url: string;
  text: string;
  icon: string;
  hidden: boolean;
  functionCode: string;
  isLeaf: boolean;
  componentPath: string;
  children?: LegacyMenuEntry[];
}

export interface LegacyMenuAnswer {
  nMenu: string;
  menu: string;
}

/** Where the web app asks for its menu: spec section 7's payload of a client id and operation type 0. */
export const menuClientId = 'qiming-admin';
