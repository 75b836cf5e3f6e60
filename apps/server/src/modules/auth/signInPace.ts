import type { PasswordPolicy } from '@qiming/shared';

/**
 * How an account under attack slows down instead of locking, after Keycloak's brute-force detection
 * (a temporary lock-out after `failureFactor` failures, growing by `waitIncrementSeconds` up to
 * `maxFailureWaitSeconds`) but without its flaw: Keycloak locks the user for every address, so anyone
 * who knows a user name can keep its owner out. Here:
 *
 * - per source (address and account): `loginAttempts` failures in the window lock that address out of
 *   that account for `pwdLockTime` minutes (`error.accountLocked`); the owner elsewhere is not affected.
 * - per account: once `loginAttempts` times `paceAfterFactor` failures from all sources fall within the
 *   window, password checks from addresses the account has not signed in from (in `familiarForMs`) are
 *   paced: one at once, then each next one `paceWaitMs` later (1, 2, 4, 8 min, at most 15), the rest
 *   answered 429 with `Retry-After` without checking the password (no argon2 spent, nothing counted).
 *   An address that signed in with the right password before is never paced, only locked on its own.
 *
 * So a stranger with many addresses gets `loginAttempts` guesses per address until the pace starts,
 * then about four an hour for the whole account, and cannot keep the owner out at a familiar address;
 * an owner at a new address during an attack may have to wait (or use `npm run admin -- unlock`). The
 * owner and administrators see each refusal in the login log (`locked`); the account is never shown
 * locked by failures, only by an administrator.
 */
export const paceAfterFactor = 2;
const firstWaitMs = 60_000;
const longestWaitMs = 15 * 60_000;
/** How long a right password makes its address familiar to the account. */
export const familiarForMs = 90 * 86_400_000;

export function paceAfterFailures(policy: PasswordPolicy): number {
  return policy.loginAttempts * paceAfterFactor;
}

/** The wait after the n-th paced check before the next may run. */
export function paceWaitMs(paced: number): number {
  return Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(paced - 1, 20));
}
