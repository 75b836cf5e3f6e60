import type { FunctionTreeNode, RoleInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { requireExisting } from '../existingRecords.ts';
import {
  requireOrganRecordVisible,
  requireOrgansInScope,
  requireRoleAssignment,
  requireRoleChange,
  requireRoleCreation,
  visibleOrgans,
} from '../policy.ts';
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

  /** A role as the caller may read it: one of an organ outside their scope is not found. */
  async read(caller: Caller, id: number) {
    const role = await this.require(id);
    await requireOrganRecordVisible(caller, this.db, role.belongToOrgan);
    return role;
  }

  /** Roles of the organs in the caller's scope, and those of no organ that every administrator may hand out. */
  async page(caller: Caller, query: Parameters<typeof repo.pageRoles>[1]) {
    return repo.pageRoles(this.db, query, await visibleOrgans(caller, this.db));
  }

  create(caller: Caller, input: RoleInput) {
    return audited(this.context, caller, { operation: 'role:add', target: `role:${input.roleCode}` }, async (trx, entry) => {
      if (input.belongToOrgan !== null) await requireExisting(trx, 'iam_organ', [input.belongToOrgan], 'belongToOrgan');
      await requireRoleCreation(caller, trx, input.belongToOrgan);
      const id = await refuseDuplicate(input.roleCode, () => repo.insertRole(trx, input));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, id: number, input: RoleInput) {
    return audited(this.context, caller, { operation: 'role:edit', target: `role:${id}`, changesAccess: true }, async (trx, entry) => {
      entry.before = await this.require(id, trx);
      if (input.belongToOrgan !== null) await requireExisting(trx, 'iam_organ', [input.belongToOrgan], 'belongToOrgan');
      await requireRoleChange(caller, trx, id, { roleScope: input.roleScope, belongToOrgan: input.belongToOrgan });
      await refuseDuplicate(input.roleCode, () => repo.updateRole(trx, id, input));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
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

  /**
   * App, module, function and operation, as the check-box tree of function authorisation shows them.
   * Operations that need no grant (sign-in, one's own session, public pages) are left out: giving
   * them to a role would change nothing.
   */
  async functionTree(): Promise<FunctionTreeNode[]> {
    const rows = await repo.functionModelRows(this.db);
    const nodes = new Map<string, FunctionTreeNode>();
    const roots: FunctionTreeNode[] = [];
    const child = (siblings: FunctionTreeNode[], key: string, code: string, title: string) => {
      const existing = nodes.get(key);
      if (existing) return existing;
      const node: FunctionTreeNode = { key, code, title, children: [] };
      nodes.set(key, node);
      siblings.push(node);
      return node;
    };
    for (const row of rows) {
      const app = child(roots, `app:${row.appCode}`, row.appCode, row.appName);
      const module = child(app.children ?? [], `module:${row.moduleCode}`, row.moduleCode, row.moduleName);
      const fn = child(module.children ?? [], `function:${row.functionCode}`, row.functionCode, row.functionName);
      fn.children?.push({
        key: `operation:${row.operationId}`,
        code: row.operationCode,
        title: row.operationName,
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
        entry.before = await this.replaceOperations(caller, trx, id, () => operationIds);
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
      entry.before = await this.replaceOrgans(caller, trx, id, () => organIds);
      entry.after = organIds;
      return organIds;
    });
  }

  /**
   * Batch function authorisation: adds the operations to (or with `revoke` takes them from) each role,
   * keeping what else it holds. Every role passes the same policy as a single grant; one refusal
   * leaves every role as it was.
   */
  grantOperationsToRoles(caller: Caller, roleIds: number[], operationIds: number[], revoke: boolean) {
    return audited(
      this.context,
      caller,
      { operation: 'role:grant', target: `roles:${roleIds.join(',')}:operations`, changesAccess: true },
      async (trx, entry) => {
        await requireExisting(trx, 'iam_role', roleIds, 'roleIds');
        await requireExisting(trx, 'pf_operation', operationIds, 'operationIds');
        const before: Record<number, number[]> = {};
        for (const id of roleIds) before[id] = await this.replaceOperations(caller, trx, id, (held) => combine(held, operationIds, revoke));
        entry.before = before;
        entry.after = { operationIds, revoke };
        return { roles: roleIds.length };
      },
    );
  }

  /** Batch data authorisation: the same organs added to (or taken from) each role, all or none. */
  grantOrgansToRoles(caller: Caller, roleIds: number[], organIds: number[], revoke: boolean) {
    return audited(this.context, caller, { operation: 'role:grant', target: `roles:${roleIds.join(',')}:organs` }, async (trx, entry) => {
      await requireExisting(trx, 'iam_role', roleIds, 'roleIds');
      await requireExisting(trx, 'iam_organ', organIds, 'organIds');
      // Taking an organ away is a change to it as much as giving it: both need it in the caller's scope.
      await requireOrgansInScope(caller, trx, organIds);
      const before: Record<number, number[]> = {};
      for (const id of roleIds) before[id] = await this.replaceOrgans(caller, trx, id, (held) => combine(held, organIds, revoke));
      entry.before = before;
      entry.after = { organIds, revoke };
      return { roles: roleIds.length };
    });
  }

  /** Replaces a role's operations with `next(held)` after the policy allows it; answers what it held. */
  private async replaceOperations(caller: Caller, trx: Kysely<Database>, id: number, next: (held: number[]) => number[]) {
    const held = await repo.roleOperationIds(trx, id);
    const operationIds = next(held);
    await requireRoleChange(caller, trx, id, { operationIds });
    await repo.replaceRoleOperations(trx, id, operationIds);
    return held;
  }

  /** Replaces a role's organs with `next(held)` after the policy allows it; answers what it held. */
  private async replaceOrgans(caller: Caller, trx: Kysely<Database>, id: number, next: (held: number[]) => number[]) {
    const held = await repo.roleOrganIds(trx, id);
    const organIds = next(held);
    await requireRoleChange(caller, trx, id, { organIds });
    await repo.replaceRoleOrgans(trx, id, organIds);
    return held;
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

/** What a role holds after a batch grant: the union, or with `revoke` the difference. */
function combine(held: number[], ids: number[], revoke: boolean): number[] {
  if (revoke) return held.filter((id) => !ids.includes(id));
  return [...new Set([...held, ...ids])];
}
