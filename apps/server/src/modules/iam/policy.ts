import { ipAllowed } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { declareScopedChanges, recordDecision } from '../audit/decisions.ts';
import { inScope, type OrganScope, requireInScope, subtreeIds } from './dataScope.ts';
import { accountByUserName, accountsInScope } from './directoryLookup.ts';
import { changeNamespaceGrants, type NamespaceGrant } from './policy/namespaceGrants.ts';
import { holdsOperation, Operation } from './policy/operations.ts';
import { requireOrganInScope } from './policy/organRecords.ts';

export {
  grantableRoles,
  type NamespaceAccess,
  type NamespaceGrant,
  namespaceGrantsOf,
  reachesNamespaces,
} from './policy/namespaceGrants.ts';
export { holdsOperation, Operation, type OperationCode } from './policy/operations.ts';
export {
  organsVisibleAmong,
  requireOrganInScope,
  requireOrganPlacement,
  requireOrgansInScope,
  requireWholeScope,
} from './policy/organRecords.ts';
export {
  requireTaskActor,
  requireTaskHandOver,
  requireTaskHolder,
  requireTaskReader,
  requireTaskRecaller,
  seesUnownedTasks,
  type TaskStanding,
} from './policy/workflowTasks.ts';

/**
 * Every data-level rule of authority, in one place, as the access guard is for routes. Services ask
 * here before they change anything; they never write their own checks. Each rule reads through the
 * executor it is given, so a service asks from inside the transaction of its change.
 *
 * The rules:
 * - an organ is touched only inside the caller's scope for the operation at hand;
 * - authority is granted only by someone who holds it: every operation a role carries, over every
 *   organ the role reaches (operations and organs, on every path that grants);
 * - a role is changed only by someone who owns its organ and holds everything it carries, and its
 *   new shape must also be held: an edit never widens what the editor could give;
 * - an account's authority is changed only by someone who holds everything the account holds, and
 *   never by the account itself (no self-assignment, no lifting one's own range);
 * - the super administrator is only ever changed by itself, and the last one cannot lose super
 *   authority, be locked, be made client-only or be shut out by its IP policy;
 * - records kept per organ beside global ones (roles, serial-number rules) are listed, read and used
 *   only for organs in the caller's scope; a global record (of no organ) is seen by everyone granted;
 * - what shows on the public site at once (a preview link to unpublished news) takes the right to publish;
 * - a workflow task is read and acted on by its assignee, its candidates or whoever completed it, one nobody
 *   holds by the task administrators, and it is handed only to an account in the caller's scope
 *   (policy/workflowTasks.ts).
 * The super administrator passes every rule but the last.
 *
 * Each decision records itself for the request as it passes (audit/decisions.ts), and `audited()`
 * refuses a change no decision covered. Decisions on records kept under an organ live in
 * policy/organRecords.ts, the operation codes a decision names in policy/operations.ts.
 */

/**
 * The changes (audit operation codes) of records that carry an organ or an owner: the route's grant
 * does not cover them, a decision here must. Other changes (dictionaries, menus, regions, registry,
 * config, process models) have no organ or owner, and the guard's grant of the route's operation is
 * their decision.
 */
export const scopedChanges = [
  'organ:add',
  'organ:edit',
  'organ:delete',
  'organType:add',
  'organType:edit',
  'organType:delete',
  'account:add',
  'account:edit',
  'account:delete',
  'role:add',
  'role:edit',
  'role:delete',
  'role:grant',
  'serial:add',
  'serial:edit',
  'serial:delete',
  'serial:next',
  'auth:profile',
  'auth:endSession',
  'auth:changePassword',
] as const;
declareScopedChanges(scopedChanges);

/** What a role confers: its operations, over the organs it reaches. */
export interface RoleShape {
  roleScope: 'global' | 'organ';
  belongToOrgan: number | null;
  operationIds: number[];
  organIds: number[];
}

/** A global role reaches every organ; an organ role the subtrees of its grants, or of its own organ without grants. */
async function reachOf(db: Kysely<Database>, shape: RoleShape): Promise<OrganScope> {
  if (shape.roleScope === 'global') return 'all';
  const roots = shape.organIds.length > 0 ? shape.organIds : shape.belongToOrgan === null ? [] : [shape.belongToOrgan];
  return subtreeIds(db, roots);
}

function covers(scope: OrganScope, reach: OrganScope): boolean {
  if (scope === 'all') return true;
  if (reach === 'all') return false;
  for (const organ of reach) if (!scope.has(organ)) return false;
  return true;
}

export async function roleShapeOf(db: Kysely<Database>, roleId: number): Promise<RoleShape & { isSuper: boolean }> {
  const role = await db
    .selectFrom('iam_role')
    .select(['role_scope', 'belong_to_organ', 'is_super'])
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) throw notFound();
  const [operations, organs] = await Promise.all([
    db.selectFrom('iam_role_operation').select('operation_id').where('role_id', '=', roleId).execute(),
    db.selectFrom('iam_role_organ').select('organ_id').where('role_id', '=', roleId).execute(),
  ]);
  return {
    roleScope: role.role_scope,
    belongToOrgan: role.belong_to_organ,
    isSuper: role.is_super === 1,
    operationIds: operations.map((row) => row.operation_id),
    organIds: organs.map((row) => row.organ_id),
  };
}

/** Refuses unless the caller holds every operation of the shape over every organ it reaches. */
export async function requireHoldsShape(caller: Caller, db: Kysely<Database>, shape: RoleShape): Promise<void> {
  if (!caller.isSuper) {
    const reach = await reachOf(db, shape);
    for (const operationId of shape.operationIds) {
      if (!(await caller.holds(operationId, db)) || !covers(await caller.scopeFor(operationId, db), reach)) {
        throw forbidden('error.grantBeyondOwn');
      }
    }
  }
  recordDecision(caller, 'holds shape');
}

/** The organ a role belongs to must be in the caller's scope; a role of no organ belongs to those who see every organ. */
async function requireOwnsRoleOrgan(caller: Caller, db: Kysely<Database>, belongToOrgan: number | null): Promise<void> {
  const scope = await caller.scope(db);
  if (belongToOrgan === null) {
    if (scope !== 'all') throw forbidden('error.outOfRange');
  } else requireInScope(scope, belongToOrgan);
  recordDecision(caller, 'owns role organ');
}

/** Before a role changes: the caller may manage it as it is, and may give it the shape it will have. */
export async function requireRoleChange(caller: Caller, db: Kysely<Database>, roleId: number, next: Partial<RoleShape>): Promise<void> {
  const current = await roleShapeOf(db, roleId);
  if (current.isSuper) throw badRequest('error.superRoleFixed');
  await requireOwnsRoleOrgan(caller, db, current.belongToOrgan);
  await requireHoldsShape(caller, db, current);
  const shape = { ...current, ...next };
  await requireOwnsRoleOrgan(caller, db, shape.belongToOrgan);
  await requireHoldsShape(caller, db, shape);
}

/**
 * A namespace's grants (Nacos's role + namespace + action) change only for roles the caller may change as
 * a whole, and give only what the caller reaches itself (policy/namespaceGrants.ts).
 */
export function requireNamespaceGrantsChange(caller: Caller, db: Kysely<Database>, namespaceId: string, next: NamespaceGrant[]) {
  return changeNamespaceGrants(caller, db, namespaceId, next, (roleId) => requireRoleChange(caller, db, roleId, {}));
}

/** A new role belongs to an organ the caller may manage. */
export function requireRoleCreation(caller: Caller, db: Kysely<Database>, belongToOrgan: number | null): Promise<void> {
  return requireOwnsRoleOrgan(caller, db, belongToOrgan);
}

/** The accounts holding a super role among these. */
async function superAccountsAmong(db: Kysely<Database>, accountIds: number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select('iam_account_role.account_id')
    .where('iam_role.is_super', '=', 1)
    .where('iam_account_role.account_id', 'in', accountIds)
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

async function superAccountCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select((eb) => eb.fn.count<number>('iam_account_role.account_id').distinct().as('n'))
    .where('iam_role.is_super', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Before an account changes in any way (its fields, lock, password, sessions, roles, deletion): it is
 * in the caller's scope, and the caller holds everything it holds. A super administrator is changed
 * only by itself; anyone else's own account is not changed through administration at all.
 */
export async function requireAccountChange(caller: Caller, db: Kysely<Database>, accountId: number): Promise<void> {
  const account = await db.selectFrom('iam_account').select(['id', 'organ_id']).where('id', '=', accountId).executeTakeFirst();
  const scope = await caller.scope(db);
  if (!account || (scope !== 'all' && (account.organ_id === null || !scope.has(account.organ_id)))) throw notFound();
  const own = accountId === caller.accountId;
  if ((await superAccountsAmong(db, [accountId])).size > 0) {
    if (!own) throw forbidden('error.superAdministratorOnly');
  } else if (!caller.isSuper) {
    if (own) throw badRequest('error.ownAccount');
    const roles = await db.selectFrom('iam_account_role').select('role_id').where('account_id', '=', accountId).execute();
    for (const role of roles) await requireHoldsShape(caller, db, await roleShapeOf(db, role.role_id));
  }
  recordDecision(caller, 'account change');
}

/** Nobody deletes or locks their own account, the super administrator included: it would shut them out. */
export function requireOthersAccounts(caller: Caller, accountIds: number[]): void {
  if (accountIds.includes(caller.accountId)) throw badRequest('error.ownAccount');
}

/** The last super administrator keeps a way in: it keeps super authority, password sign-in and the caller's address. */
export async function requireSuperAdministratorKept(
  caller: Caller,
  db: Kysely<Database>,
  accountId: number,
  change: { losesSuper?: boolean; authStrategy?: string; ipPolicy?: { checked: boolean; policy: string } },
): Promise<void> {
  if ((await superAccountsAmong(db, [accountId])).size === 0) return;
  const last = (await superAccountCount(db)) <= 1;
  if (last && change.losesSuper) throw badRequest('error.lastSuperAdministrator');
  if (last && change.authStrategy !== undefined && change.authStrategy !== 'password') throw badRequest('error.lastSuperAdministrator');
  if (change.ipPolicy?.checked && accountId === caller.accountId && !ipAllowed(change.ipPolicy.policy, caller.ip)) {
    throw badRequest('error.ipPolicyShutsOut');
  }
  recordDecision(caller, 'super administrator kept');
}

/**
 * Giving or taking back roles: only roles the caller holds in full, to accounts the caller may
 * change, never to the caller itself; a super role only by a super administrator, and never the
 * last one's own.
 */
export async function requireRoleAssignment(
  caller: Caller,
  db: Kysely<Database>,
  accountIds: number[],
  roleIds: number[],
  revoke: boolean,
): Promise<void> {
  const shapes = [];
  for (const roleId of roleIds) shapes.push(await roleShapeOf(db, roleId));
  const givesSuper = shapes.some((shape) => shape.isSuper);
  if (givesSuper && !caller.isSuper) throw badRequest('error.superRoleFixed');
  for (const shape of shapes) await requireHoldsShape(caller, db, shape);
  for (const accountId of accountIds) {
    if (accountId === caller.accountId && !caller.isSuper) throw badRequest('error.ownAccount');
    await requireAccountChange(caller, db, accountId);
    if (revoke && givesSuper) await requireSuperAdministratorKept(caller, db, accountId, { losesSuper: true });
  }
}

/** The organs whose records a list shows the caller, beside the global records (of no organ) everyone granted sees. */
export function visibleOrgans(caller: Caller, db: Kysely<Database>): Promise<OrganScope> {
  return caller.scope(db);
}

/** A record of an organ outside the caller's scope does not exist for the caller; a global one (no organ) is seen by all. */
export async function requireOrganRecordVisible(caller: Caller, db: Kysely<Database>, organId: number | null): Promise<void> {
  if (organId !== null && !inScope(await caller.scope(db), organId)) throw notFound();
  recordDecision(caller, 'organ record visible');
}

/** A record kept per organ beside global ones is changed only for an organ in scope; a global one (no organ) by everyone granted. */
export async function requireOrganRecordChange(caller: Caller, db: Kysely<Database>, organId: number | null): Promise<void> {
  if (organId === null) recordDecision(caller, 'global record');
  else await requireOrganInScope(caller, db, organId);
}

/** What the site shows changes at once: editing a published news item is publishing, and takes its grant. */
export async function requireNewsEdit(caller: Caller, db: Kysely<Database>, status: string): Promise<void> {
  if (status === 'published' && !(await holdsOperation(caller, Operation.newsPublish, db))) throw forbidden('error.newsPublishedEdit');
  recordDecision(caller, 'news edit');
}

/**
 * Self-service (profile, own sessions, own password): the signed-in account changes only what it owns,
 * whatever it holds; another account's record (or none) does not exist for it.
 */
export function requireOwnRecord(caller: Caller, ownerAccountId: number | undefined): void {
  if (ownerAccountId !== caller.accountId) throw notFound();
  recordDecision(caller, 'own record');
}

/** A preview link shows unsaved news on the real site to anyone holding it: the same right as publishing. */
export async function requireNewsPreview(caller: Caller, db: Kysely<Database>): Promise<void> {
  if (!(await holdsOperation(caller, Operation.newsPublish, db))) throw forbidden('error.newsPreviewNeedsPublish');
}

/**
 * Handing work (a workflow task) to an account: only to one in the caller's scope, as the caller's pickers
 * offer. Any other is as good as unknown, so the answer does not tell that it exists elsewhere.
 */
export async function mayHandWorkTo(caller: Caller, db: Kysely<Database>, userName: string): Promise<boolean> {
  const target = await accountByUserName(db, userName);
  if (!target || (await accountsInScope(db, await caller.scope(db), [target.id])).size === 0) return false;
  recordDecision(caller, 'work handed within scope');
  return true;
}
