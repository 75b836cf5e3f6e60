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

/** Where the web app asks for its menu: spec section 7's payload of a client id and operation type 0. */
export const menuClientId = 'qiming-admin';
