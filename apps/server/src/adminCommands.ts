import { randomInt } from 'node:crypto';
import { brokenPasswordRules, formatMessage, type PasswordPolicy } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { writeOperationLog } from './modules/audit/operationLog.ts';
import { clearAttempts } from './modules/auth/signInAttempts.ts';
import { type AccountRow, clearLoginFailures, findAccountByUserName } from './modules/iam/accountRepo.ts';
import { readPasswordPolicy } from './modules/iam/passwordPolicyRepo.ts';
import { hashPassword } from './modules/iam/passwords.ts';

// The way back that needs the machine, not the network: what `npm run admin` does to the configured
// database, for an operator who can no longer sign in (the only super administrator locked, or its
// password lost). Each change writes its operation-log row, naming the operator, in its transaction.

/** A refusal the operator reads: an unknown user, a password the policy refuses. */
export class AdminCommandError extends Error {}

export interface Operator {
  /** As the operation log names it: the operating-system user and the machine. */
  name: string;
  now: number;
}

const statusOf = (account: AccountRow) => ({ userStatus: account.user_status, lockedUntil: account.locked_until });

async function requireAccount(db: Kysely<Database>, userName: string): Promise<AccountRow> {
  const account = await findAccountByUserName(db, userName);
  if (!account) throw new AdminCommandError(`No account is named '${userName}'.`);
  return account;
}

function logged(db: Kysely<Database>, operator: Operator, target: string, command: string, before: unknown, after: unknown) {
  return writeOperationLog(db, {
    accountId: null,
    userName: operator.name.slice(0, 100),
    operation: 'account:edit',
    target,
    params: { command: `npm run admin -- ${command}` },
    before,
    after,
    result: 'success',
    startedAt: operator.now,
    now: operator.now,
  });
}

/** Clears an administrator's lock and every address's failed attempts and pace, as the back-office's unlock does. */
export async function unlockAccount(db: Kysely<Database>, userName: string, operator: Operator): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const account = await requireAccount(trx, userName);
    await clearLoginFailures(trx, account.id);
    await clearAttempts(trx, account.id);
    const after = await requireAccount(trx, userName);
    await logged(trx, operator, `account:${account.id}`, `unlock ${userName}`, statusOf(account), statusOf(after));
  });
}

const classes = { upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ', lower: 'abcdefghijkmnopqrstuvwxyz', digit: '23456789', special: '@#%+=_-' };

/** A random password that meets the policy: one of each class, 20 characters unless the policy says otherwise. */
export function generatedPassword(policy: PasswordPolicy): string {
  const length = Math.max(policy.pwdMinLength, Math.min(20, policy.pwdMaxLength), 4);
  const all = Object.values(classes).join('');
  const chars = [...Object.values(classes), ...Array.from({ length: length - 4 }, () => all)].map((set) => set[randomInt(set.length)]);
  // Shuffled, so the classes do not always sit in the first four places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface PasswordReset {
  /** Whether the next sign-in must change it (the policy's expiry, with grace sign-ins to do so). */
  changeForced: boolean;
}

/**
 * Sets the password, marked as expired so that the next sign-in must change it where the policy has
 * that notion (a life time and grace sign-ins), and ends the account's sessions: a reset is what one
 * does when the password may be known to someone else. The lock is left as it is (`unlock` clears it).
 */
export async function resetPassword(db: Kysely<Database>, userName: string, password: string, operator: Operator): Promise<PasswordReset> {
  const account = await requireAccount(db, userName);
  const policy = await readPasswordPolicy(db);
  const broken = brokenPasswordRules(policy, password);
  if (broken.length > 0) {
    const rules = broken.map((rule) => formatMessage(rule.key, 'en', rule.params)).join(', ');
    throw new AdminCommandError(formatMessage('error.passwordPolicy', 'en', { rules }));
  }
  const changeForced = policy.pwdLifeTime > 0 && policy.pwdGraceTime > 0;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('iam_account')
      .set({ password_hash: passwordHash, pwd_changed_at: changeForced ? 0 : operator.now, grace_logins: 0 })
      .where('id', '=', account.id)
      .execute();
    const ended = await trx
      .updateTable('auth_session')
      .set({ revoked_at: operator.now })
      .where('account_id', '=', account.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await logged(trx, operator, `account:${account.id}:password`, `reset-password ${userName}`, null, {
      changeForced,
      sessionsEnded: Number(ended.numUpdatedRows),
    });
  });
  return { changeForced };
}
