import type { Caller } from '../../http/caller.ts';

/**
 * Which policy decisions covered a request. The policy's decision functions record here as they pass,
 * and `audited()` refuses to commit a change that none covered. Request-scoped through the caller
 * object (one per request, built by the guard): a weak map, so nothing outlives the request. It lives
 * in the audit kernel, not in iam's policy, because audit sits below every module and may not import one.
 */
const decided = new WeakMap<Caller, Set<string>>();

/** Changes (their audit operation codes) whose records carry an organ or an owner: only a named decision covers them. */
const scopedChanges = new Set<string>();

export function recordDecision(caller: Caller, decision: string): void {
  let decisions = decided.get(caller);
  if (!decisions) {
    decisions = new Set();
    decided.set(caller, decisions);
  }
  decisions.add(decision);
}

export function decisionsOf(caller: Caller): ReadonlySet<string> {
  return decided.get(caller) ?? new Set();
}

/** The policy declares its scoped changes at load, so forgetting to ask it on one of them is refused, not passed by the grant. */
export function declareScopedChanges(operations: readonly string[]): void {
  for (const operation of operations) scopedChanges.add(operation);
}

/**
 * Whether the guard's grant alone covers a change. For records that carry no organ and no owner
 * (dictionaries, menus, regions, registry and config entries, process models, one's own uploads) the
 * route's access is the whole rule: the guard let the session through only holding the route's
 * operation (or, on a route any signed-in account may use, signed in), so the grant is the decision and
 * the policy is not asked again. A caller built outside the HTTP guard (the gRPC edge, demo seeding) has
 * checked what it holds where it was built. An anonymous change, or a scoped one, needs its named decision.
 */
function grantCovers(caller: Caller, operation: string): boolean {
  return caller.session !== null && !scopedChanges.has(operation);
}

/** A change ran with no policy decision: a programming error, which answers 500 and logs the change by name. */
export class UndecidedChangeError extends Error {
  constructor(change: { operation: string; target: string }) {
    super(`audited(): the change ${change.operation} on ${change.target} ran without a policy decision; ask iam/policy before changing`);
    this.name = 'UndecidedChangeError';
  }
}

export function requireDecided(caller: Caller, change: { operation: string; target: string }): void {
  if (decisionsOf(caller).size > 0 || grantCovers(caller, change.operation)) return;
  throw new UndecidedChangeError(change);
}
