// What other modules read of accounts, grants and the password policy (auth's sign-in, the menu's
// viewer): exported here, so iam's repositories stay its own.
export { type AccountRow, clearLoginFailures, findAccountById, findAccountByUserName } from './accountRepo.ts';
export { grantedOperationIds, isSuperAdministrator } from './grantRepo.ts';
export { passwordExpired, readPasswordPolicy } from './passwordPolicyRepo.ts';
