import type { FunctionTreeNode, RoleInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { requireExisting } from '../existingRecords.ts';
import { requireOrgansInScope, requireRoleAssignment, requireRoleChange, requireRoleCreation } from '../policy.ts';
import * as repo from './roleAdminRepo.ts';

/**
 * Roles and their function and data authorisation. What a caller may do to a role, and with it, is
 * the policy's to say (policy.ts); this service carries the change out, audited, in one transaction.
 */
export class RoleService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async require(id: number, db: Kysely<Database> = this.db) {
    const role = await repo.findRole(db, id);
    if (!role) throw notFound();
    return role;
  }

  create(caller: Caller, input: RoleInput) {
    return audited(this.context, caller, { operation: 'role:add', target: `role:${input.roleCode}` }, async (trx, entry) => {
      if (input.belongToOrgan !== null) await requireExisting(trx, 'iam_organ', [input.belongToOrgan], 'belongToOrgan');
      await requireRoleCreation(caller, trx, input.belongToOrgan);
      const id = await refuseDuplicate(input.roleCode, () => repo.insertRole(trx, input));
      entry.after = await this.require(id, trx);
      return entry.after;
    });
  }

  update(caller: Caller, id: number, input: RoleInput) {
    return audited(this.context, caller, { operation: 'role:edit', target: `role:${id}`, changesAccess: true }, async (trx, entry) => {
      entry.before = await this.require(id, trx);
      if (input.belongToOrgan !== null) await requireExisting(trx, 'iam_organ', [input.belongToOrgan], 'belongToOrgan');
      await requireRoleChange(caller, trx, id, { roleScope: input.roleScope, belongToOrgan: input.belongToOrgan });
      await refuseDuplicate(input.roleCode, () => repo.updateRole(trx, id, input));
      entry.after = await this.require(id, trx);
      return entry.after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(
      this.context,
      caller,
      { operation: 'role:delete', target: `role:${ids.join(',')}`, changesAccess: true },
      async (trx, entry) => {
        const removed = [];
        for (const id of ids) {
          const role = await this.require(id, trx);
          if (role.roleType === 'builtin' || role.isSuper) throw badRequest('error.superRoleFixed');
          if (role.accountCount > 0) throw badRequest('error.roleInUse');
          await requireRoleChange(caller, trx, id, {});
          removed.push(role);
        }
        entry.before = removed;
        const deleted = await repo.deleteRoles(trx, ids);
        entry.after = { deleted };
        return { deleted };
      },
    );
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

  grantOperations(caller: Caller, id: number, operationIds: number[]) {
    return audited(
      this.context,
      caller,
      { operation: 'role:grant', target: `role:${id}:operations`, changesAccess: true },
      async (trx, entry) => {
        await this.require(id, trx);
        await requireExisting(trx, 'pf_operation', operationIds, 'operationIds');
        await requireRoleChange(caller, trx, id, { operationIds });
        entry.before = await repo.roleOperationIds(trx, id);
        await repo.replaceRoleOperations(trx, id, operationIds);
        entry.after = operationIds;
        return operationIds;
      },
    );
  }

  grantOrgans(caller: Caller, id: number, organIds: number[]) {
    return audited(this.context, caller, { operation: 'role:grant', target: `role:${id}:organs` }, async (trx, entry) => {
      await this.require(id, trx);
      await requireExisting(trx, 'iam_organ', organIds, 'organIds');
      await requireOrgansInScope(caller, trx, organIds);
      await requireRoleChange(caller, trx, id, { organIds });
      entry.before = await repo.roleOrganIds(trx, id);
      await repo.replaceRoleOrgans(trx, id, organIds);
      entry.after = organIds;
      return organIds;
    });
  }

  /** Gives (or with `revoke` takes back) every listed role to every listed account. */
  authorise(caller: Caller, accountIds: number[], roleIds: number[], revoke: boolean) {
    return audited(
      this.context,
      caller,
      { operation: 'role:grant', target: `accounts:${accountIds.join(',')}`, changesAccess: true },
      async (trx, entry) => {
        await requireExisting(trx, 'iam_role', roleIds, 'roleIds');
        await requireExisting(trx, 'iam_account', accountIds, 'accountIds');
        await requireRoleAssignment(caller, trx, accountIds, roleIds, revoke);
        entry.before = Object.fromEntries(await Promise.all(accountIds.map(async (id) => [id, await repo.accountRoleIds(trx, id)])));
        if (revoke) await repo.revokeRoles(trx, accountIds, roleIds);
        else await repo.assignRoles(trx, accountIds, roleIds);
        entry.after = { roleIds, revoke };
        return { accounts: accountIds.length, roles: roleIds.length };
      },
    );
  }
}
