import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OrganScope } from '../../http/caller.ts';
import { forbidden } from '../../http/errors.ts';
import type { LiveSession } from '../../http/session.ts';

/** Data scopes and manage ranges follow the administrative structure's tree. */
export const scopeStructure = 'admin';

/** Every organ, or just these. */
// The scope's shape is the caller's (a kernel); kept importable from here for the modules that ask iam.
export type { OrganScope };

/** The organs in the subtrees under `roots` (roots included) of the administrative structure. */
export async function subtreeIds(db: Kysely<Database>, roots: number[]): Promise<Set<number>> {
  if (roots.length === 0) return new Set();
  const rows = await db
    .withRecursive('subtree(organ_id)', (cte) =>
      cte
        .selectFrom('iam_organ')
        .select('iam_organ.id as organ_id')
        .where('iam_organ.id', 'in', roots)
        .unionAll((union) =>
          union
            .selectFrom('iam_organ_node')
            .innerJoin('subtree', 'subtree.organ_id', 'iam_organ_node.parent_organ_id')
            .select('iam_organ_node.organ_id')
            .where('iam_organ_node.stru_type', '=', scopeStructure),
        ),
    )
    .selectFrom('subtree')
    .select('organ_id')
    .execute();
  return new Set(rows.map((row) => row.organ_id));
}

/**
 * The organs whose data the session's user may touch with the operation.
 *
 * Roles combine per role, never across roles: an organ is in scope only when one role both holds the
 * operation and covers the organ (a global role covers all; an organ role covers the subtrees of its
 * data authorisation, or of the organ it belongs to when it has none). So a role that may only view
 * one organ and another that may delete in a second never add up to deleting in the first. An
 * administrator with a manage range is further limited to that range's subtree. The super
 * administrator sees everything.
 */
export async function organScopeFor(db: Kysely<Database>, session: LiveSession, operationId: number): Promise<OrganScope> {
  if (session.isSuper) return 'all';
  const roles = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select(['iam_role.id', 'iam_role.role_scope', 'iam_role.belong_to_organ'])
    .where('iam_account_role.account_id', '=', session.accountId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('iam_role_operation')
          .select('iam_role_operation.role_id')
          .whereRef('iam_role_operation.role_id', '=', 'iam_role.id')
          .where('iam_role_operation.operation_id', '=', operationId),
      ),
    )
    .execute();
  let scope: OrganScope = new Set();
  if (roles.some((role) => role.role_scope === 'global')) scope = 'all';
  else {
    const granted =
      roles.length === 0
        ? []
        : await db
            .selectFrom('iam_role_organ')
            .select(['role_id', 'organ_id'])
            .where(
              'role_id',
              'in',
              roles.map((role) => role.id),
            )
            .execute();
    const roots = roles.flatMap((role) => {
      const own = granted.filter((row) => row.role_id === role.id).map((row) => row.organ_id);
      return own.length > 0 ? own : role.belong_to_organ === null ? [] : [role.belong_to_organ];
    });
    scope = await subtreeIds(db, roots);
  }
  const account = await db
    .selectFrom('iam_account')
    .select(['is_admin', 'manage_range'])
    .where('id', '=', session.accountId)
    .executeTakeFirst();
  if (account?.is_admin === 1 && account.manage_range !== null) {
    const range = await subtreeIds(db, [account.manage_range]);
    scope = scope === 'all' ? range : new Set([...scope].filter((id) => range.has(id)));
  }
  return scope;
}

export function inScope(scope: OrganScope, organId: number | null): boolean {
  return scope === 'all' || (organId !== null && scope.has(organId));
}

/** Refuses with 403 when the organ is outside the scope. */
export function requireInScope(scope: OrganScope, organId: number | null): void {
  if (!inScope(scope, organId)) throw forbidden('error.outOfRange');
}
