import type { PasswordPolicy } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const defaultPasswordPolicy: PasswordPolicy = {
  pwdMinLength: 8,
  pwdMaxLength: 32,
  isUpCase: true,
  isLowerCase: true,
  isNum: true,
  isSpecialChar: true,
  loginAttempts: 5,
  pwdLockTime: 30,
  pwdLifeTime: 90,
  pwdGraceTime: 3,
};

export async function readPasswordPolicy(db: Kysely<Database>): Promise<PasswordPolicy> {
  const row = await db.selectFrom('iam_password_policy').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return defaultPasswordPolicy;
  return {
    pwdMinLength: row.pwd_min_length,
    pwdMaxLength: row.pwd_max_length,
    isUpCase: row.is_up_case === 1,
    isLowerCase: row.is_lower_case === 1,
    isNum: row.is_num === 1,
    isSpecialChar: row.is_special_char === 1,
    loginAttempts: row.login_attempts,
    pwdLockTime: row.pwd_lock_time,
    pwdLifeTime: row.pwd_life_time,
    pwdGraceTime: row.pwd_grace_time,
  };
}

export async function writePasswordPolicy(db: Kysely<Database>, policy: PasswordPolicy): Promise<void> {
  const values = {
    pwd_min_length: policy.pwdMinLength,
    pwd_max_length: policy.pwdMaxLength,
    is_up_case: policy.isUpCase ? 1 : 0,
    is_lower_case: policy.isLowerCase ? 1 : 0,
    is_num: policy.isNum ? 1 : 0,
    is_special_char: policy.isSpecialChar ? 1 : 0,
    login_attempts: policy.loginAttempts,
    pwd_lock_time: policy.pwdLockTime,
    pwd_life_time: policy.pwdLifeTime,
    pwd_grace_time: policy.pwdGraceTime,
  };
  await db
    .insertInto('iam_password_policy')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Whether a password set at `changedAt` has outlived the policy (a life time of 0 never expires). */
export function passwordExpired(policy: PasswordPolicy, changedAt: number, now: number): boolean {
  return policy.pwdLifeTime > 0 && now > changedAt + policy.pwdLifeTime * 86_400_000;
}
