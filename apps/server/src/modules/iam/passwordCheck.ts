import { type BrokenPasswordRule, brokenPasswordRules, formatMessage, type Language } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { readPasswordPolicy } from './passwordPolicyRepo.ts';

/** Refuses a new password that breaks the global policy, listing every broken rule in the caller's language. */
export async function checkPasswordPolicy(
  db: Kysely<Database>,
  language: Language,
  password: string,
  extra: BrokenPasswordRule[] = [],
): Promise<void> {
  const broken = [...brokenPasswordRules(await readPasswordPolicy(db), password), ...extra];
  if (broken.length === 0) return;
  const rules = broken
    .map((rule) => formatMessage(rule.key, language, rule.params))
    .join(language === 'en' || language === 'es' ? ', ' : '、');
  throw new AppError(400, 'error.passwordPolicy', { rules });
}
