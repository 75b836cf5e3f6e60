import type { FastifyInstance } from 'fastify';
import type { AccessType, OperationTypeCode } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The function model's operation a route serves (`dict:view`), named beside its schemas and handler.
     * The catalogue declares the operations; which urls each covers is read from the routes that name it,
     * so no path is written twice.
     */
    operation?: string;
  }
}

export interface OperationDeclaration {
  code: string;
  name: string;
  type: OperationTypeCode;
  access: AccessType;
  isDefault?: boolean;
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

/** What a list kept in the back-office lets a role do: its page, add, change, delete. */
export type ListAction = 'view' | 'add' | 'edit' | 'delete';
const listActionNames: Record<ListAction, string> = { view: 'View', add: 'Add', edit: 'Edit', delete: 'Delete' };

/** The code of one of a list's operations, as `listOperations(prefix)` declares it and its route names it. */
export const listOperationCode = (prefix: string, action: ListAction) => `${prefix}:${action}`;

/** The usual four operations of a list kept in the back-office, `{prefix}:view/add/edit/delete`, granted to roles. */
export function listOperations(prefix: string): OperationDeclaration[] {
  return (Object.keys(listActionNames) as ListAction[]).map(
    (action): OperationDeclaration => ({
      code: listOperationCode(prefix, action),
      name: listActionNames[action],
      type: action,
      access: 'authorised',
      isDefault: action === 'view',
    }),
  );
}

/** A registered route with the operation it names: one url resource of the function model. */
export interface RouteOperation {
  method: string;
  path: string;
  operation: OperationDeclaration;
}

/**
 * Collects every route registered under a guarded path with the operation it names. A guarded route
 * that names none, or one the catalogue does not declare, is refused at registration, so the start
 * stops: nobody could be granted it, and the guard would refuse it to everyone.
 */
export function collectRouteOperations(
  app: FastifyInstance,
  catalogue: readonly ModuleDeclaration[],
  guarded: (path: string) => boolean,
): RouteOperation[] {
  const declared = new Map<string, OperationDeclaration>();
  for (const module of catalogue) {
    for (const fn of module.functions) for (const operation of fn.operations) declared.set(operation.code, operation);
  }
  const routes: RouteOperation[] = [];
  app.addHook('onRoute', (route) => {
    if (!guarded(route.url)) return;
    const code = route.config?.operation;
    const operation = code === undefined ? undefined : declared.get(code);
    if (!operation) {
      throw new Error(`The route ${route.url} names ${code === undefined ? 'no operation' : `the undeclared operation ${code}`}`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, path: route.url, operation });
  });
  return routes;
}
