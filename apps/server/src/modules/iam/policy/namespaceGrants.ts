import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { AppError, badRequest } from '../../../http/errors.ts';
import { recordDecision } from '../../audit/decisions.ts';
import type { OperationCode } from './operations.ts';

/** What a grant on a namespace allows, as Nacos's actions `r` and `rw`: writing includes reading. */
export type NamespaceAccess = 'read' | 'write';

/** The namespaces an operation reaches for a caller: every one, or these with their access. */
export type NamespaceReach = 'all' | Map<string, NamespaceAccess>;

const covers = (held: NamespaceAccess | undefined, need: NamespaceAccess) => held === 'write' || (held === 'read' && need === 'read');

/** The operation a reach is asked for: the matched route's by id, or one a protocol without routes (gRPC) names. */
export type ReachOperation = number | OperationCode;

/** Reaches computed for one caller (one request, or one gRPC request): grants are read once each. */
const reachesOfCaller = new WeakMap<Caller, Map<ReachOperation, Promise<NamespaceReach>>>();

/**
 * The namespaces the caller reaches with an operation. Roles combine per role, as organ scopes do: a
 * namespace counts only when one role both carries the operation and grants the namespace; a role that
 * carries the operation and names no namespace reaches every one (roles made before namespace grants
 * existed keep what they had). The super administrator reaches everything.
 */
async function loadReach(db: Kysely<Database>, caller: Caller, operation: ReachOperation): Promise<NamespaceReach> {
  if (caller.isSuper) return 'all';
  const rows = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role_operation', 'iam_role_operation.role_id', 'iam_account_role.role_id')
    .innerJoin('pf_operation', 'pf_operation.id', 'iam_role_operation.operation_id')
    .leftJoin('iam_role_namespace', 'iam_role_namespace.role_id', 'iam_account_role.role_id')
    .select(['iam_account_role.role_id', 'iam_role_namespace.namespace_id', 'iam_role_namespace.access'])
    .where('iam_account_role.account_id', '=', caller.accountId)
    .where(typeof operation === 'number' ? 'pf_operation.id' : 'pf_operation.operation_code', '=', operation)
    .execute();
  const reach = new Map<string, NamespaceAccess>();
  for (const row of rows) {
    if (row.namespace_id === null || row.access === null) return 'all';
    if (!covers(reach.get(row.namespace_id), row.access)) reach.set(row.namespace_id, row.access);
  }
  return reach;
}

export function namespaceReach(caller: Caller, operation: ReachOperation, db: Kysely<Database>): Promise<NamespaceReach> {
  let reaches = reachesOfCaller.get(caller);
  if (!reaches) {
    reaches = new Map();
    reachesOfCaller.set(caller, reaches);
  }
  let reach = reaches.get(operation);
  if (!reach) {
    reach = loadReach(db, caller, operation);
    reaches.set(operation, reach);
  }
  return reach;
}

function reachCovers(reach: NamespaceReach, namespaceId: string, need: NamespaceAccess): boolean {
  return reach === 'all' || covers(reach.get(namespaceId), need);
}

/**
 * Whether the caller may `need` the namespaces with the operation (the matched route's by default): the
 * Nacos API and the registry and config pages ask here, each protocol refusing in its own words.
 */
export async function reachesNamespaces(
  caller: Caller,
  db: Kysely<Database>,
  namespaceIds: Iterable<string>,
  need: NamespaceAccess,
  operation: ReachOperation | null = caller.operationId,
): Promise<boolean> {
  if (operation === null) return false;
  // Asked on every beat and poll: the super administrator's answer needs no reach to be built.
  if (!caller.isSuper) {
    const reach = await namespaceReach(caller, operation, db);
    for (const namespaceId of namespaceIds) if (!reachCovers(reach, namespaceId, need)) return false;
  }
  recordDecision(caller, `namespace ${need}`);
  return true;
}

/** One role's grant on a namespace, as the namespace page lists and sets them. */
export interface NamespaceGrant {
  roleId: number;
  access: NamespaceAccess;
}

export async function namespaceGrantsOf(db: Kysely<Database>, namespaceId: string) {
  return db
    .selectFrom('iam_role_namespace')
    .innerJoin('iam_role', 'iam_role.id', 'iam_role_namespace.role_id')
    .select(['iam_role.id as roleId', 'iam_role.role_code as roleCode', 'iam_role.role_name as roleName', 'iam_role_namespace.access'])
    .where('iam_role_namespace.namespace_id', '=', namespaceId)
    .orderBy('iam_role.id')
    .execute();
}

/**
 * Before a namespace's grants become `next`: every role whose grant changes is one the caller may change
 * (`requireRoleChange`), the caller reaches the namespace with every access it gives (through the grant
 * operation of the route), and no role loses its last namespace grant, which would widen it to every
 * namespace rather than narrow it. Then the grants are written, in the caller's transaction.
 */
export async function changeNamespaceGrants(
  caller: Caller,
  db: Kysely<Database>,
  namespaceId: string,
  next: NamespaceGrant[],
  requireRoleChange: (roleId: number) => Promise<void>,
): Promise<void> {
  const current = new Map((await namespaceGrantsOf(db, namespaceId)).map((grant) => [grant.roleId, grant.access]));
  const wanted = new Map(next.map((grant) => [grant.roleId, grant.access]));
  const changed = new Set([...current.keys(), ...wanted.keys()].filter((roleId) => current.get(roleId) !== wanted.get(roleId)));
  for (const roleId of changed) {
    const access = wanted.get(roleId);
    await requireRoleChange(roleId);
    if (access && !(await reachesNamespaces(caller, db, [namespaceId], access))) {
      throw new AppError(403, 'error.namespaceNotGranted', { namespace: namespaceId });
    }
    if (!access) {
      const others = await db
        .selectFrom('iam_role_namespace')
        .select('namespace_id')
        .where('role_id', '=', roleId)
        .where('namespace_id', '<>', namespaceId)
        .executeTakeFirst();
      if (!others) throw badRequest('error.lastNamespaceGrant', { namespace: namespaceId });
    }
    await db.deleteFrom('iam_role_namespace').where('role_id', '=', roleId).where('namespace_id', '=', namespaceId).execute();
    if (access) await db.insertInto('iam_role_namespace').values({ role_id: roleId, namespace_id: namespaceId, access }).execute();
  }
  recordDecision(caller, 'namespace grants');
}

/** The roles the caller may grant namespaces to: not super, of an organ the caller manages (global ones to those who see every organ). */
export async function grantableRoles(caller: Caller, db: Kysely<Database>) {
  const scope = await caller.scope(db);
  let query = db.selectFrom('iam_role').select(['id', 'role_code as roleCode', 'role_name as roleName']).where('is_super', '=', 0);
  if (scope !== 'all') {
    if (scope.size === 0) return [];
    query = query.where('belong_to_organ', 'in', [...scope]);
  }
  return query.orderBy('id').execute();
}
