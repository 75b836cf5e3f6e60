import type { FunctionTreeNode, RoleInput } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { sessionOf } from '../../../http/accessGuard.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import { organScope, requireInScope } from '../dataScope.ts';
import { grantedOperationIds } from '../grantRepo.ts';
import * as repo from './roleAdminRepo.ts';

/**
 * Roles and their function and data authorisation. The super administrator role's grants never
 * change; a role still authorised to accounts is not deleted; nobody but the super administrator
 * grants an operation they do not hold themselves, or organs outside their own scope.
 */
export class RoleService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async require(id: number) {
    const role = await repo.findRole(this.db, id);
    if (!role) throw notFound();
    return role;
  }

  private async requireChangeable(id: number) {
    const role = await this.require(id);
    if (role.isSuper) throw badRequest('error.superRoleFixed');
    return role;
  }

  async create(request: FastifyRequest, input: RoleInput) {
    const startedAt = this.context.now();
    if (input.belongToOrgan !== null) requireInScope(await organScope(this.db, request), input.belongToOrgan);
    const id = await refuseDuplicate(input.roleCode, () => repo.insertRole(this.db, input));
    const after = await this.require(id);
    await recordChange(this.context, request, { operation: 'role:add', target: `role:${id}`, after, startedAt });
    return after;
  }

  async update(request: FastifyRequest, id: number, input: RoleInput) {
    const startedAt = this.context.now();
    const before = await this.requireChangeable(id);
    if (input.belongToOrgan !== null) requireInScope(await organScope(this.db, request), input.belongToOrgan);
    await refuseDuplicate(input.roleCode, () => repo.updateRole(this.db, id, input));
    const after = await this.require(id);
    await recordChange(this.context, request, { operation: 'role:edit', target: `role:${id}`, before, after, startedAt });
    return after;
  }

  async remove(request: FastifyRequest, ids: number[]) {
    const startedAt = this.context.now();
    const removed = [];
    for (const id of ids) {
      const role = await this.requireChangeable(id);
      if (role.roleType === 'builtin') throw badRequest('error.superRoleFixed');
      if (role.accountCount > 0) throw badRequest('error.roleInUse');
      removed.push(role);
    }
    const deleted = await repo.deleteRoles(this.db, ids);
    await recordChange(this.context, request, {
      operation: 'role:delete',
      target: `role:${ids.join(',')}`,
      before: removed,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }

  /** App, module, function and operation, as the check-box tree of function authorisation shows them. */
  async functionTree(): Promise<FunctionTreeNode[]> {
    const rows = await repo.functionModelRows(this.db);
    const nodes = new Map<string, FunctionTreeNode>();
    const roots: FunctionTreeNode[] = [];
    const child = (siblings: FunctionTreeNode[], key: string, title: string) => {
      const existing = nodes.get(key);
      if (existing) return existing;
      const node: FunctionTreeNode = { key, title, children: [] };
      nodes.set(key, node);
      siblings.push(node);
      return node;
    };
    for (const row of rows) {
      const app = child(roots, `app:${row.appCode}`, row.appName);
      const module = child(app.children ?? [], `module:${row.moduleCode}`, row.moduleName);
      const fn = child(module.children ?? [], `function:${row.functionCode}`, row.functionName);
      fn.children?.push({
        key: `operation:${row.operationId}`,
        title: `${row.operationName} (${row.operationCode})`,
        operationId: row.operationId,
      });
    }
    return roots;
  }

  async grantOperations(request: FastifyRequest, id: number, operationIds: number[]) {
    const startedAt = this.context.now();
    await this.requireChangeable(id);
    const session = sessionOf(request);
    if (!session.isSuper) {
      const held = await grantedOperationIds(this.db, session.accountId);
      if (operationIds.some((operationId) => !held.has(operationId))) throw forbidden();
    }
    const before = await repo.roleOperationIds(this.db, id);
    await repo.replaceRoleOperations(this.db, id, operationIds);
    await recordChange(this.context, request, {
      operation: 'role:grant',
      target: `role:${id}:operations`,
      before,
      after: operationIds,
      startedAt,
    });
    return operationIds;
  }

  async grantOrgans(request: FastifyRequest, id: number, organIds: number[]) {
    const startedAt = this.context.now();
    await this.requireChangeable(id);
    const scope = await organScope(this.db, request);
    for (const organId of organIds) requireInScope(scope, organId);
    const before = await repo.roleOrganIds(this.db, id);
    await repo.replaceRoleOrgans(this.db, id, organIds);
    await recordChange(this.context, request, { operation: 'role:grant', target: `role:${id}:organs`, before, after: organIds, startedAt });
    return organIds;
  }

  /** Gives (or with `revoke` takes back) every listed role to every listed account in the caller's scope. */
  async authorise(request: FastifyRequest, accountIds: number[], roleIds: number[], revoke: boolean) {
    const startedAt = this.context.now();
    const session = sessionOf(request);
    const scope = await organScope(this.db, request);
    for (const account of await repo.accountOrgans(this.db, accountIds)) requireInScope(scope, account.organId);
    for (const roleId of roleIds) {
      const role = await this.require(roleId);
      if (role.isSuper && !session.isSuper) throw badRequest('error.superRoleFixed');
    }
    if (revoke) await repo.revokeRoles(this.db, accountIds, roleIds);
    else await repo.assignRoles(this.db, accountIds, roleIds);
    await recordChange(this.context, request, {
      operation: 'role:grant',
      target: `accounts:${accountIds.join(',')}`,
      after: { roleIds, revoke },
      startedAt,
    });
    return { accounts: accountIds.length, roles: roleIds.length };
  }
}
