import type { AccessType, OperationTypeCode } from '../../../db/schema.ts';

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

/** `METHOD /pattern` into its two parts. */
export function splitRoute(route: string): [method: string, pattern: string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1)];
}
