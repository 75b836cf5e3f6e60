import type { AccessType, OperationTypeCode } from '../db/schema.ts';

/** `METHOD /path/:param`, exactly as the route is registered. */
export type UrlDeclaration = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'} /${string}`;

export interface OperationDeclaration {
  code: string;
  name: string;
  type: OperationTypeCode;
  access: AccessType;
  isDefault?: boolean;
  urls: UrlDeclaration[];
}

export interface FunctionDeclaration {
  code: string;
  name: string;
  operations: OperationDeclaration[];
}

export interface ModuleDeclaration {
  code: string;
  name: string;
  functions: FunctionDeclaration[];
}

/**
 * The usual four operations of a list kept in the back-office, `{prefix}:view/add/edit/delete` on
 * `GET base` (and `views`), `POST base`, `PUT base/:id` and `POST base/delete`, granted to roles.
 */
export function listOperations(prefix: string, base: `/${string}`, views: UrlDeclaration[] = []): OperationDeclaration[] {
  const operation = (action: 'view' | 'add' | 'edit' | 'delete', name: string, urls: UrlDeclaration[]): OperationDeclaration => ({
    code: `${prefix}:${action}`,
    name,
    type: action,
    access: 'authorised',
    isDefault: action === 'view',
    urls,
  });
  return [
    operation('view', 'View', [`GET ${base}`, ...views]),
    operation('add', 'Add', [`POST ${base}`]),
    operation('edit', 'Edit', [`PUT ${base}/:id`]),
    operation('delete', 'Delete', [`POST ${base}/delete`]),
  ];
}

/** `METHOD /pattern` into its two parts. */
export function splitRoute(route: string): [method: string, pattern: string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1)];
}
