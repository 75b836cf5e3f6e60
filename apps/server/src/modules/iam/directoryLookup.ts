import type { LookupOption } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import type { Database } from '../../db/schema.ts';
import { type OrganScope, scopeStructure } from './dataScope.ts';

/**
 * Organisations and accounts as other modules' pickers and read-only views need them: id and name
 * only, and, for picking, within a data scope (the scope is part of the query).
 */
const inScope = (scope: OrganScope) => (scope === 'all' ? [] : scope.size > 0 ? [...scope] : [-1]);

/** Organs in the scope whose name or code contains the text, by name. */
export async function pickOrgans(db: Kysely<Database>, scope: OrganScope, text: string, limit: number): Promise<LookupOption[]> {
  let query = db.selectFrom('iam_organ').select(['id as value', 'organ_name as label']);
  if (scope !== 'all') query = query.where('id', 'in', inScope(scope));
  if (text) query = query.where((eb) => eb.or([containsText('organ_name', text), containsText('organ_code', text)]));
  return query.orderBy('organ_name').orderBy('id').limit(limit).execute();
}

/** Accounts of organs in the scope whose name or user name contains the text, by name. */
export async function pickAccounts(db: Kysely<Database>, scope: OrganScope, text: string, limit: number): Promise<LookupOption[]> {
  let query = db.selectFrom('iam_account').select(['id as value', 'name as label']);
  if (scope !== 'all') query = query.where('organ_id', 'in', inScope(scope));
  if (text) query = query.where((eb) => eb.or([containsText('name', text), containsText('user_name', text)]));
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

/** The ids among `ids` of organs in the scope. */
export async function organsInScope(db: Kysely<Database>, scope: OrganScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom('iam_organ').select('id').where('id', 'in', ids);
  if (scope !== 'all') query = query.where('id', 'in', inScope(scope));
  return new Set((await query.execute()).map((row) => row.id));
}

/** The ids among `ids` of accounts whose organ is in the scope. */
export async function accountsInScope(db: Kysely<Database>, scope: OrganScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom('iam_account').select('id').where('id', 'in', ids);
  if (scope !== 'all') query = query.where('organ_id', 'in', inScope(scope));
  return new Set((await query.execute()).map((row) => row.id));
}

export async function organNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('iam_organ').select(['id', 'organ_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.organ_name]));
}

export async function accountNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('iam_account').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Accounts whose name or user name contains the text: a filter other modules put in their own queries. */
export function accountsNamed(db: Kysely<Database>, text: string) {
  return db
    .selectFrom('iam_account')
    .select('id')
    .where((eb) => eb.or([containsText('name', text), containsText('user_name', text)]));
}

/**
 * Accounts whose organ is one of these: a filter other modules put in their own queries to narrow their
 * rows to a scope of organs, so paging counts only what the caller may see. An account without an organ
 * is never among them; the scope 'all' needs no filter at all.
 */
export function accountsOfOrgans(db: Kysely<Database>, organs: Set<number>) {
  return db.selectFrom('iam_account').select('id').where('organ_id', 'in', inScope(organs));
}

// ---------------------------------------------------------------- by user name and role code (the workflow's references)

/** Accounts of organs in the scope whose name or user name contains the text, as user name and name, by name. */
export async function pickUserNames(db: Kysely<Database>, scope: OrganScope, text: string, limit: number): Promise<LookupOption[]> {
  let query = db.selectFrom('iam_account').select(['user_name as value', 'name as label']);
  if (scope !== 'all') query = query.where('organ_id', 'in', inScope(scope));
  if (text) query = query.where((eb) => eb.or([containsText('name', text), containsText('user_name', text)]));
  return query.orderBy('name').orderBy('user_name').limit(limit).execute();
}

/** Roles whose name or code contains the text, as code and name, by name. Roles belong to no organ. */
export async function pickRoles(db: Kysely<Database>, text: string, limit: number): Promise<LookupOption[]> {
  let query = db.selectFrom('iam_role').select(['role_code as value', 'role_name as label']);
  if (text) query = query.where((eb) => eb.or([containsText('role_name', text), containsText('role_code', text)]));
  return query.orderBy('role_name').orderBy('role_code').limit(limit).execute();
}

/** The user names among `userNames` that name an account. */
export async function existingUserNames(db: Kysely<Database>, userNames: string[]): Promise<Set<string>> {
  if (userNames.length === 0) return new Set();
  const rows = await db.selectFrom('iam_account').select('user_name').where('user_name', 'in', userNames).execute();
  return new Set(rows.map((row) => row.user_name));
}

/** The codes among `codes` that name a role. */
export async function existingRoleCodes(db: Kysely<Database>, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('iam_role').select('role_code').where('role_code', 'in', codes).execute();
  return new Set(rows.map((row) => row.role_code));
}

/** The codes of the roles the account holds. */
export async function roleCodesOf(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select('iam_role.role_code')
    .where('iam_account_role.account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.role_code);
}

/** The account's organ and every organ above it in the administrative structure, as id texts. */
export async function organPathOf(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const account = await db.selectFrom('iam_account').select('organ_id').where('id', '=', accountId).executeTakeFirst();
  const path: string[] = [];
  let organId = account?.organ_id ?? null;
  while (organId !== null && path.length < 50) {
    path.push(String(organId));
    const parent = await db
      .selectFrom('iam_organ_node')
      .select('parent_organ_id')
      .where('organ_id', '=', organId)
      .where('stru_type', '=', scopeStructure)
      .executeTakeFirst();
    organId = parent?.parent_organ_id ?? null;
  }
  return path;
}

/** The account a user name names: id, user name, name and organ. */
export async function accountByUserName(db: Kysely<Database>, userName: string) {
  return db.selectFrom('iam_account').select(['id', 'user_name', 'name', 'organ_id']).where('user_name', '=', userName).executeTakeFirst();
}

/** Names of accounts by user name. */
export async function namesByUserName(db: Kysely<Database>, userNames: string[]): Promise<Map<string, string>> {
  if (userNames.length === 0) return new Map();
  const rows = await db.selectFrom('iam_account').select(['user_name', 'name']).where('user_name', 'in', userNames).execute();
  return new Map(rows.map((row) => [row.user_name, row.name]));
}

/** Names of roles by code. */
export async function namesByRoleCode(db: Kysely<Database>, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('iam_role').select(['role_code', 'role_name']).where('role_code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.role_code, row.role_name]));
}
