import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { forbidden } from '../../../http/errors.ts';
import { recordDecision } from '../../audit/decisions.ts';
import { inScope, requireInScope } from '../dataScope.ts';

/**
 * Records kept under an organ: organs themselves, positions, employees and where an account is placed.
 * Each is touched only inside the caller's scope for the route's operation; what every organ shares
 * (organ types, structures, a top-level organ) only by a caller who sees every organ.
 */

/** The organs among these the caller sees with the route's operation: a structure's tree cut to the scope. */
export async function organsVisibleAmong<T extends { id: number }>(caller: Caller, db: Kysely<Database>, organs: T[]): Promise<T[]> {
  const scope = await caller.scope(db);
  return organs.filter((organ) => inScope(scope, organ.id));
}

/** The organ (of a position, an employee, an account's placement or manage range) lies in the caller's scope; no organ is out of it. */
export async function requireOrganInScope(caller: Caller, db: Kysely<Database>, organId: number | null): Promise<void> {
  requireInScope(await caller.scope(db), organId);
  recordDecision(caller, 'organ in scope');
}

/** Every organ named lies in the caller's scope: the organs of records changed together, or granted to a role. */
export async function requireOrgansInScope(caller: Caller, db: Kysely<Database>, organIds: readonly (number | null)[]): Promise<void> {
  const scope = await caller.scope(db);
  for (const organId of organIds) requireInScope(scope, organId);
  recordDecision(caller, 'organs in scope');
}

/** Organ types and structures are shared by every organ: only a caller who sees every organ changes them. */
export async function requireWholeScope(caller: Caller, db: Kysely<Database>): Promise<void> {
  if ((await caller.scope(db)) !== 'all') throw forbidden('error.outOfRange');
  recordDecision(caller, 'whole scope');
}

/** A new top-level organ needs a caller who sees every organ; any other sits under an organ in scope. */
export async function requireOrganPlacement(caller: Caller, db: Kysely<Database>, parentOrganId: number | null): Promise<void> {
  const scope = await caller.scope(db);
  const allowed = parentOrganId === null ? scope === 'all' : inScope(scope, parentOrganId);
  if (!allowed) throw forbidden('error.outOfRange');
  recordDecision(caller, 'organ placement');
}
